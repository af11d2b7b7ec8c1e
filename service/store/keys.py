"""Redis key names of the event store (architecture §4).

Every key of one game carries the hash tag `{<gameId>}` (one Redis Cluster slot, one Lua
script can touch all of it): `bs:{<gameId>}:log` (the stream; entry id `<version>-0`, one field
`e`, a msgpack event), `:meta` (metadata), `:tokens` (seat -> token hash), `:moves` (outcomes),
`:snapshots` (`features.moves.snapshot_writer`), `:analysis`, `:archived`, `:archiving`.

The cross-game index is tagged `{index}` (its own slot, updated atomically, after the game's
append): `bs:{index}:rows` (gameId -> msgpack row); `...:all`, `...:type:<t>`,
`...:status:<s>`, `...:type-status:<n>:<t>:<s>` (sorted sets, all scores 0, of members
`<createdAt>|<gameId>`, lexicographic); `...:player:<n>:<name>` and the four under it.

The other families, one hash tag (one slot) each: the points budgets
(`bs:{points:<digest>:<points>/<seconds>}:current`, `:previous`; `points_keys`), the deadlines
(`bs:{deadlines}:due`, `:version`; `DeadlineKeys`), the outbox relay, feed and webhooks
(`bs:{hooks}:pending`, `:seen`, `:feed`, `:endpoints`, `:lease:<name>`, `:q:<endpoint>`,
`:d:<delivery>`, `:log:<endpoint>`, `:dead:<endpoint>`; `HookKeys`), a creator's unfinished
games (`bs:{creator:<digest>}:games`), the bot jobs (`bs:{bots}:jobs`), the ratings of one game
type (`bs:{ratings:<type>}:players`, `:board`, `:applied`, `:pairs`, `:history:<playerId>`;
`RatingKeys`) and the request rate limits' counters below `bs:rl` (the `limits` library's).
No other module builds a key (`tests/service/test_keys.py`). `bs` is the default prefix.
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
    analysis: str  # a finished game's analysis (`store.work.analyses`), kept when archived

    @classmethod
    def of(cls, game_id: str, prefix: str = DEFAULT_PREFIX) -> GameKeys:
        """Returns the keys of `game_id`; raises `InvalidGameId` for an unusable id."""
        if not is_valid_game_id(game_id):
            raise InvalidGameId(f"invalid game id {game_id[:50]!r}")
        tag = f"{prefix}:{{{game_id}}}"
        names = ("log", "meta", "tokens", "moves", "snapshots", "outbox", "analysis")
        return cls(*(f"{tag}:{name}" for name in names))

    def append(self) -> AppendKeys:
        """Returns the keys `append.lua` takes."""
        return AppendKeys(self.log, self.meta, self.tokens, self.moves, self.outbox)


@dataclasses.dataclass(frozen=True, slots=True)
class AppendKeys:
    """The KEYS of `append.lua`, in order: its `local log, meta, tokens, moves, outbox =
    KEYS[1], ...` names them as these fields (`tests/service/test_keys.py` holds the two
    together). Every key is the game's: the script gives them all its deadline."""

    log: str
    meta: str
    tokens: str
    moves: str
    outbox: str

    def ordered(self) -> list[str]:
        """Returns the script's KEYS list."""
        return [getattr(self, field.name) for field in dataclasses.fields(self)]


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


def archive_keys(game_id: str, prefix: str = DEFAULT_PREFIX) -> tuple[str, str]:
    """Returns a game's archive index entry and archiving lease (`store.archive_entries`)."""
    tag = GameKeys.of(game_id, prefix).log.removesuffix(":log")
    return f"{tag}:archived", f"{tag}:archiving"


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
    tag = f"{prefix}:{{points:{_digest(identity)}:{amount}/{seconds}}}"
    return f"{tag}:previous", f"{tag}:current"


def _digest(identity: str) -> str:
    return hashlib.sha256(identity.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def creator_key(identity: str, prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the sorted set of the games of `identity` (any string: hashed into the key)."""
    return f"{prefix}:{{creator:{_digest(identity)}}}:games"


def bot_jobs_key(prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the stream of bot jobs (`service.store.work.bot_jobs`)."""
    return f"{prefix}:{{bots}}:jobs"


def rate_limit_prefix(prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the prefix the `limits` library names its counters below."""
    return f"{prefix}:rl"


@dataclasses.dataclass(frozen=True, slots=True)
class DeadlineKeys:
    """When games are next due (`service.store.work.deadlines`); the fields in order are the KEYS of
    its schedule script."""

    due: str
    """The sorted set of game ids by due time (ms)."""
    version: str
    """The hash of the game version each entry was computed at."""

    @classmethod
    def of(cls, prefix: str = DEFAULT_PREFIX) -> DeadlineKeys:
        return cls(f"{prefix}:{{deadlines}}:due", f"{prefix}:{{deadlines}}:version")

    def ordered(self) -> list[str]:
        """Returns the schedule script's KEYS list."""
        return [self.due, self.version]


@dataclasses.dataclass(frozen=True, slots=True)
class HookKeys:
    """The `{hooks}` slot's keys: the outbox relay, the feed and the webhooks
    (`service.store.work.outbox`, `service.store.work.webhook_store`)."""

    tag: str
    pending: str
    """The games whose outbox has entries (sorted set)."""
    seen: str
    """The announcements relayed lately (sorted set)."""
    feed: str
    """The feed (stream)."""
    endpoints: str
    """The webhook endpoints by id (hash)."""

    @classmethod
    def of(cls, prefix: str = DEFAULT_PREFIX) -> HookKeys:
        tag = f"{prefix}:{{hooks}}"
        return cls(tag, *(f"{tag}:{name}" for name in ("pending", "seen", "feed", "endpoints")))

    def lease(self, name: str) -> str:
        return f"{self.tag}:lease:{name}"

    def queue(self, endpoint: str) -> str:
        return f"{self.tag}:q:{endpoint}"

    def record(self, delivery: str) -> str:
        return f"{self.tag}:d:{delivery}"

    def log(self, endpoint: str) -> str:
        return f"{self.tag}:log:{endpoint}"

    def dead(self, endpoint: str) -> str:
        return f"{self.tag}:dead:{endpoint}"


def outbox_pattern(prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the `SCAN` pattern that matches every game's outbox."""
    return f"{prefix}:{{*}}:outbox"


def outbox_game(key: str, prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the game id of an outbox key (`outbox_pattern`)."""
    return key[len(prefix) + 2 : -len("}:outbox")]


@dataclasses.dataclass(frozen=True, slots=True)
class RatingKeys:
    """One game type's ratings (`service.store.players.rating_store`)."""

    tag: str
    players: str
    board: str
    applied: str
    pairs: str

    @classmethod
    def of(cls, game_type: str, prefix: str = DEFAULT_PREFIX) -> RatingKeys:
        tag = f"{prefix}:{{ratings:{game_type}}}"
        return cls(tag, *(f"{tag}:{n}" for n in ("players", "board", "applied", "pairs")))

    def history(self, player_id: str) -> str:  # a player's rating history, newest first
        return f"{self.tag}:history:{player_id}"
