"""Redis key names of the event store (DESIGN §4).

Every key of one game carries the hash tag `{<gameId>}`, so a game lives in one Redis Cluster
slot and one Lua script can touch all of it:

* `bs:{<gameId>}:log` — the stream; entry id `<version>-0`, one field `e` (msgpack event);
* `bs:{<gameId>}:meta` — hash of metadata strings;
* `bs:{<gameId>}:tokens` — hash seat -> token hash;
* `bs:{<gameId>}:moves` — hash moveId -> msgpack outcome;
* `bs:{<gameId>}:snapshots` — sorted set of msgpack snapshots scored by version (an
  optimisation only, see `service.features.moves.snapshot_writer`).

The cross-game index has keys of its own, all tagged `{index}` (one slot of their own, updated
atomically together, after the game's append):

* `bs:{index}:rows` — hash gameId -> msgpack row;
* `bs:{index}:all`, `...:type:<t>`, `...:status:<s>`, `...:type-status:<n>:<t>:<s>` — sorted
  sets (all scores 0) of members `<createdAt>|<gameId>`, ordered lexicographically;
* `...:player:<n>:<name>` and the same four filters under it (`...:player:<n>:<name>:type:<t>`
  ...): the games of one player, by case-folded name (n = its length).

The points budgets (`service.store.points_budget`) keep two counters per caller identity and
window, tagged together: `bs:{points:<digest>:<points>/<seconds>}:current` and `...:previous`
(the digest: of the identity, `a:<address>` or `t:<token digest>`; `points_keys`).

`bs` is the default prefix; tests use a unique prefix per test to stay apart.
"""

from __future__ import annotations

import dataclasses
import hashlib

DEFAULT_PREFIX = "bs"
MAX_GAME_ID_LENGTH = 200


class InvalidGameId(ValueError):
    """A game id is empty, too long or contains a brace (it would break the hash tag)."""


def is_valid_game_id(game_id: str) -> bool:
    """Tells whether `game_id` can name a game (non-empty, at most 200 chars, no braces)."""
    return 0 < len(game_id) <= MAX_GAME_ID_LENGTH and "{" not in game_id and "}" not in game_id


@dataclasses.dataclass(frozen=True, slots=True)
class GameKeys:
    """The keys of one game, in the order the append script takes them."""

    log: str
    meta: str
    tokens: str
    moves: str
    snapshots: str
    outbox: str
    """The announcements not yet relayed (`service.log.announce`), a stream."""

    @classmethod
    def of(cls, game_id: str, prefix: str = DEFAULT_PREFIX) -> GameKeys:
        """Returns the keys of `game_id`; raises `InvalidGameId` for an unusable id."""
        if not is_valid_game_id(game_id):
            raise InvalidGameId(f"invalid game id {game_id[:50]!r}")
        tag = f"{prefix}:{{{game_id}}}"
        names = ("log", "meta", "tokens", "moves", "snapshots", "outbox")
        return cls(*(f"{tag}:{name}" for name in names))

    def all(self) -> tuple[str, str, str, str, str]:
        """Returns the keys as the script's KEYS list."""
        return (self.log, self.meta, self.tokens, self.moves, self.outbox)


@dataclasses.dataclass(frozen=True, slots=True)
class IndexKeys:
    """The keys of the cross-game index."""

    prefix: str = DEFAULT_PREFIX

    @property
    def _tag(self) -> str:
        return f"{self.prefix}:{{index}}"

    @property
    def rows(self) -> str:
        """The hash of rows by game id."""
        return f"{self._tag}:rows"

    def ordered(self, game_type: str | None, status: str | None, player: str | None = None) -> str:
        """Returns the sorted set holding the games that match every filter given."""
        tag = self._tag
        if player is not None:
            name = player_key(player)
            tag = f"{tag}:player:{len(name)}:{name}"
        if game_type is not None and status is not None:
            return f"{tag}:type-status:{len(game_type)}:{game_type}:{status}"
        if game_type is not None:
            return f"{tag}:type:{game_type}"
        if status is not None:
            return f"{tag}:status:{status}"
        return f"{tag}:all"

    def sets_of(self, game_type: str, status: str, players: tuple[str, ...] = ()) -> list[str]:
        """Returns every sorted set a game of this type, status and players belongs to."""
        names = sorted({player_key(p) for p in players})
        return [
            self.ordered(t, s, p)
            for p in [None, *names]
            for t, s in ((None, None), (game_type, None), (None, status), (game_type, status))
        ]


def player_key(name: str) -> str:
    """Returns the form of a player name the index matches on (stripped, case-folded)."""
    return name.strip().casefold()


def index_member(created_at: str, game_id: str) -> str:
    """Returns the sorted-set member of a game: newest-first order is reverse lexicographic."""
    return f"{created_at}|{game_id}"


def points_keys(
    identity: str, amount: int, seconds: int, prefix: str = DEFAULT_PREFIX
) -> tuple[str, str]:
    """Returns the previous and the current counter of the points budget of `identity` (any
    string: hashed into the key) for its window of `amount` points per `seconds`."""
    digest = hashlib.sha256(identity.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    tag = f"{prefix}:{{points:{digest}:{amount}/{seconds}}}"
    return f"{tag}:previous", f"{tag}:current"
