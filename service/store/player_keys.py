"""Redis key names of the players' families (DESIGN §5e), beside `service.store.keys`.

* `bs:{identity}:signing` — hash key id -> secret: the keys the service signs its own player
  tokens with (`service.store.signing_keys`), shared by every replica.
* `bs:{player:<digest>}:inbox` (stream), `:seen` (sorted set), `:games` (sorted set), `:rows`
  (hash) — one player's own stream, the ids it has delivered, and its games
  (`service.store.inbox_store`; the digest: of the playerId, so any id makes a valid tag).
* `bs:{mm}:<name>` — matchmaking: seeks, their pool, matches waiting for their game,
  challenges and rematches (`service.store.matchmaking_store`, one slot for its scripts).
* `bs:{archive}:due` (sorted set) — ended games by the time their end was indexed, read by the
  archiver loop (`features.archive.archive_loop`); `bs:{archive}:deletions` (stream) — the
  record of each archived game deleted by retention (`features.archive.retention`);
  `bs:{archive}:pruning` — the lease of the replica pruning this hour; `bs:{archive}:backfilled`
  — set once the games ended before the queue existed are queued.

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
        digest = hashlib.sha256(player_id.encode()).hexdigest()[:32]
        tag = f"{prefix}:{{player:{digest}}}"
        return cls(*(f"{tag}:{name}" for name in ("inbox", "seen", "games", "rows")))


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
)
"""The keys of the matchmaking family, `bs:{mm}:<name>` (`service.store.matchmaking_store`)."""


def matchmaking_key(name: str, prefix: str = DEFAULT_PREFIX) -> str:
    """Returns one key of the matchmaking family (every one in the `{mm}` slot)."""
    if name not in MATCHMAKING_FIELDS:
        raise ValueError(f"no matchmaking key {name!r}")
    return f"{prefix}:{{mm}}:{name}"
