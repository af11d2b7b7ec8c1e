"""Redis key names of the players' families (architecture §5e), beside `service.store.keys`.

* `bs:{identity}:signing` — hash key id -> secret: the keys the service signs its own player
  tokens with (`service.store.players.signing_keys`), shared by every replica.
* `bs:{player:<digest>}:inbox` (stream), `:seen` (sorted set), `:games` (sorted set), `:rows`
  (hash) — one player's own stream, the ids it has delivered, and its games
  (`service.store.players.inbox_store`; the digest: of the playerId, so any id makes a valid tag).
* `bs:{mm}:<name>` — matchmaking: seeks, their index, matches waiting for their game,
  challenges and rematches, what each player and address holds open
  (`service.store.players.matchmaking_store`, one slot for its scripts).
* `bs:{player:<digest>}:known` — set while a player is known
  (`service.store.players.known_players`): the service issued or verified one of its tokens in the
  last `KNOWN_DAYS` days.
* `bs:{player:<digest>}:name` — the player's display name (`service.store.players.display_names`),
  kept as long as the player's ratings and games name it: no expiry.
* `bs:{player:<digest>}:tokens` (hash) — which of the player's tokens are still current: the
  generation of the service's tokens, the overlap of the one before, and the `iat` floor of a
  revocation (`service.store.players.token_state`); a key of its own life, apart from the inbox's.
* `bs:{archive}:due` (sorted set) — ended games by the time their end was indexed, read by the
  archiver loop (`features.archive.archive_loop`); `bs:{archive}:deletions` (stream) — the
  record of each archived game deleted by retention (`features.archive.retention`);
  `bs:{archive}:pruning` — the lease of the replica pruning this hour; `bs:{archive}:backfilled`
  — set once the games ended before the queue existed are queued; `bs:{archive}:place` (hash)
  — the deployment's archive store: its location, who recorded it and its mark
  (`service.store.archive.archive_place`).

Each family has one hash tag (one Redis Cluster slot); no other module builds these keys
(`tests/service/test_keys.py` scans for them).
"""

from __future__ import annotations

import dataclasses
import hashlib

from boardstate.service.store.keys import DEFAULT_PREFIX


def signing_keys_key(prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the hash of the service's player-token signing keys."""
    return f"{prefix}:{{identity}}:signing"


def archive_due_key(prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the sorted set of ended games waiting for the archiver (score: end, seconds)."""
    return f"{prefix}:{{archive}}:due"


def archive_backfilled_key(prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the marker set by the one replica that queued the games ended before the queue."""
    return f"{prefix}:{{archive}}:backfilled"


def archive_pruning_key(prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the lease of the replica pruning the archive this hour (`SET NX PX`)."""
    return f"{prefix}:{{archive}}:pruning"


def archive_deletions_key(prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the stream recording each archived game retention deleted."""
    return f"{prefix}:{{archive}}:deletions"


def archive_place_key(prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the hash recording where the deployment's archive store is."""
    return f"{prefix}:{{archive}}:place"


@dataclasses.dataclass(frozen=True, slots=True)
class InboxKeys:
    """The keys of one player's inbox (one slot): the stream, the delivered ids, the games."""

    inbox: str
    seen: str
    games: str
    rows: str

    @classmethod
    def of(cls, player_id: str, prefix: str = DEFAULT_PREFIX) -> InboxKeys:
        """Returns the keys of `player_id` (any string: hashed into the tag)."""
        tag = player_tag(player_id, prefix)
        return cls(*(f"{tag}:{name}" for name in ("inbox", "seen", "games", "rows")))


def player_tag(player_id: str, prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the hash-tagged head of one player's keys (a digest of the playerId)."""
    digest = hashlib.sha256(player_id.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"{prefix}:{{player:{digest}}}"


def known_player_key(player_id: str, prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the key set while `player_id` is known (`service.store.players.known_players`)."""
    return f"{player_tag(player_id, prefix)}:known"


def display_name_key(player_id: str, prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the key of `player_id`'s display name (`store.players.display_names`)."""
    return f"{player_tag(player_id, prefix)}:name"


def player_tokens_key(player_id: str, prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the hash of which of `player_id`'s tokens are current (`store.token_state`)."""
    return f"{player_tag(player_id, prefix)}:tokens"


MATCHMAKING_FIELDS = (
    "seeks",
    "state",
    "pool",
    "owners",
    "expiry",
    "matches",
    "pending",
    "challenges",
    "rematches",
    "tokens",
    "invites",
    "index",
    "holds",
    "places",
)
"""The keys of the matchmaking family, `bs:{mm}:<name>`
(`service.store.players.matchmaking_store`)."""


def matchmaking_key(name: str, prefix: str = DEFAULT_PREFIX) -> str:
    """Returns one key of the matchmaking family (every one in the `{mm}` slot)."""
    if name not in MATCHMAKING_FIELDS:
        raise ValueError(f"no matchmaking key {name!r}")
    return f"{prefix}:{{mm}}:{name}"
