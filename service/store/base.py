"""The event store contract (architecture §4): one append-only log per game plus sibling records.

A game's log holds `StoredEvent`s numbered 1..n (n is the game's version). Appends are atomic
and conditional: all events of one move land together, or none do. Besides the log a game has:

* metadata (`GameMeta`): type, players, status, times; written only with the append changing it;
* seat token hashes: set atomically with the append of the event that fills the seat;
* idempotency records: `(seat, moveId) -> AppendOutcome` (the versions its events got and the
  fingerprint of the move and expectedVersion), written by the append that accepted the move;
* snapshots (an optimisation) and, once the game has ended, its analysis (`store.work.analyses`);
* an outbox of announcements, written by the append that makes them (`service.log.announce`).
Implementation: `service.store.redis_store.RedisEventStore` (every game key shares `{<gameId>}`).

Errors (all importable from `service.store`): `StoreUnavailable` when the backing server cannot
serve now (retryable); `AppendUncertain`, a `StoreUnavailable`, when a `create`/`append` was sent
but its reply was lost (it may have landed: never report it as accepted; retrying under the same
move id is safe); `GameNotFound` from `append` to a game never created; `InvalidGameId` from
`create` with an unusable id (reads of such ids find nothing); `CorruptEntry` when stored bytes
do not decode; `InvalidCursor` from `index_page` with a cursor naming no indexed game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # the store's own parts, typed here only
    from boardstate.service.store.players.rating_store import RedisRatings
    from boardstate.service.store.players.signing_keys import RedisSigningKeys
    from boardstate.service.store.work.analyses import RedisAnalyses
    from boardstate.service.store.work.outbox import RedisOutbox
    from boardstate.service.store.work.webhook_store import RedisWebhooks


@dataclasses.dataclass(frozen=True, slots=True)
class StoredEvent:
    """One log entry, as stored and exported (architecture §4/§5)."""

    version: int
    type: str
    v: int
    seat: int | None
    move_id: str | None
    data: Mapping[str, Any]
    at: str  # ISO-8601 UTC timestamp with milliseconds, e.g. `2026-12-02T13:47:58.123Z`
    state_hash: str
    move: Mapping[str, Any] | None = None
    """The submitted move (wire form), on the first event of each move only (envelope v2)."""

    def to_export(self) -> dict[str, Any]:
        """Returns the flat export form `{version, type, v, seat, moveId, data, at, stateHash}`,
        plus `move` on the first event of a move."""
        out = {
            "version": self.version,
            "type": self.type,
            "v": self.v,
            "seat": self.seat,
            "moveId": self.move_id,
            "data": dict(self.data),
            "at": self.at,
            "stateHash": self.state_hash,
        }
        return out if self.move is None else {**out, "move": dict(self.move)}


@dataclasses.dataclass(frozen=True, slots=True)
class AppendRequest:
    """One atomic append: events for versions `expected_version + 1 ...`."""

    expected_version: int
    events: Sequence[StoredEvent]
    move_id: str | None = None
    """When set, the append is recorded under this id (scoped to `seat` when that is set); a
    second append with it is refused (`AppendOutcome.duplicate_move`)."""
    seat_tokens: Sequence[tuple[int, str]] = ()
    """`(seat, token_hash)` pairs to store with the append; refused if any seat has one."""
    meta: Mapping[str, str] | None = None
    """Metadata fields (strings) to set in the same atomic step."""
    head_hash: str | None = None
    """When set, the event at `expected_version` must have this stateHash (the caller's copy
    of the game is the log's); otherwise nothing is appended (`AppendOutcome.diverged`)."""
    seat: int | None = None
    """The seat that made the move: its ids are its own (`<seat>:<moveId>`); a record under the
    bare id (written before ids were scoped) counts only if its first event is this seat's."""
    fingerprint: str = ""
    """Stored with the move's record, so a retry can tell the same move from another one."""
    announcements: Sequence[bytes] = ()
    """What the append announces (`service.log.announce`), written to the game's outbox in
    the same atomic step."""
    tokens: str = "add"
    """`add`: `seat_tokens` fill empty seats (a taken seat refuses the append); `replace`:
    they replace the seats' tokens (an admin's reissue); `remove`: the token of `seat` is
    deleted (a seat left before the start)."""


@dataclasses.dataclass(frozen=True, slots=True)
class AppendOutcome:
    """What an append did. Exactly one of the flags below describes it."""

    appended: bool
    current_version: int
    """The log's version after the call (after the append if it happened)."""
    first_version: int = 0
    last_version: int = 0
    """Versions the events of this move got (also for a duplicate `move_id`: the original's)."""
    fingerprint: str | None = None
    """A duplicate's recorded fingerprint (None for records written before fingerprints)."""
    duplicate_move: bool = False
    version_conflict: bool = False
    seat_taken: bool = False
    diverged: bool = False
    """The log is at `expected_version` but its event there is not the one of `head_hash`."""
    ended: bool = False  # the log ends with `GameEnded`: nothing is appended after it


@dataclasses.dataclass(frozen=True, slots=True)
class GameSummary:
    """One row of the cross-game index."""

    game_id: str
    game_type: str
    status: str
    created_at: str
    players: tuple[str, ...] = ()
    """The names of the seated players (for `games(player:)`)."""


class LiveStreams(Protocol):
    """Blocking reads of many games' new events (`service.store.stream_reader`)."""

    listeners: list[Callable[[str, Sequence[StoredEvent]], None]]  # this process's appends

    def group_of(self, game_id: str) -> int:
        """Games of one group can be read together by `read`."""

    async def read(
        self, positions: Mapping[str, int], block_ms: int, since: Callable[[str], int] | None
    ) -> dict[str, list[StoredEvent]]:
        """Returns the events after each game's position (`since(game)`), waiting `block_ms`."""


class EventStore(Protocol):
    """The operations the service needs; every implementation passes the contract suite."""

    @property
    def streams(self) -> LiveStreams:
        """The live reader, on connections of its own; told of this process's appends."""

    outbox: RedisOutbox  # game outboxes, the relay step and the feed (`store.outbox`)
    webhooks: RedisWebhooks  # webhook endpoints, queues, deliveries (`store.webhook_store`)
    signing: RedisSigningKeys  # the service's player-token keys (`store.signing_keys`)
    ratings: RedisRatings  # ratings, leaderboards, histories (`store.rating_store`)
    analyses: RedisAnalyses  # finished games' analyses

    async def create(
        self,
        game_id: str,
        first: StoredEvent,
        meta: Mapping[str, str],
        *,
        rest: Sequence[StoredEvent] = (),
        seat_tokens: Sequence[tuple[int, str]] = (),
        announcements: Sequence[bytes] = (),
    ) -> bool:
        """Creates a game with its first events (`first`, then `rest`), seat tokens and
        announcements in one atomic step; returns False if the id exists already."""

    async def append(self, game_id: str, request: AppendRequest) -> AppendOutcome:
        """Appends atomically if `expected_version` is current (with the stateHash
        `head_hash` there, when given), the game not ended, the move id unused and the seat
        free; otherwise appends nothing and says why."""

    async def read(
        self, game_id: str, after: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """Returns events with version > `after`, oldest first, at most `limit`."""

    async def version(self, game_id: str) -> int:
        """Returns the number of events in the log (0 when the game does not exist)."""

    async def meta(self, game_id: str) -> dict[str, str] | None:
        """Returns the game's metadata, or None when the game does not exist."""

    async def seat_token_hash(self, game_id: str, seat: int) -> str | None:
        """Returns the stored token hash of a seat, or None."""

    async def move_outcome(
        self, game_id: str, move_id: str, seat: int | None = None
    ) -> AppendOutcome | None:
        """Returns the recorded outcome of an accepted move id (of `seat`, when given), or None."""

    async def wait(self, game_id: str, after: int, timeout_ms: int) -> list[StoredEvent]:
        """Returns events after `after`, blocking up to `timeout_ms` for at least one."""

    async def index_put(self, summary: GameSummary) -> None:
        """Writes a game's row in the cross-game index (after the append; may lag)."""

    async def index_page(
        self,
        after: str | None,
        limit: int,
        game_type: str | None,
        status: str | None,
        player: str | None = None,
    ) -> tuple[list[GameSummary], int]:
        """Returns index rows after the cursor `after` (newest first) and the filtered total;
        `player` matches a seated player's name (case-insensitive).

        A row's cursor is its `game_id` (stable; wrap it to make it opaque)."""

    async def snapshot_put(self, game_id: str, version: int, blob: bytes) -> None:
        """Stores a snapshot blob of the game at `version` beside its log."""

    async def snapshot_before(self, game_id: str, version: int) -> tuple[int, bytes] | None:
        """Returns `(version, blob)` of the latest snapshot at or before `version`, or None."""

    async def schedule(self, game_id: str, version: int, due_ms: int | None) -> None:
        """Sets when a game is next due; None: never (`service.store.work.deadlines`)."""

    async def claim_due(self, now_ms: int, limit: int, lease_ms: int) -> list[str]:
        """Takes up to `limit` games due by `now_ms`, each for `lease_ms`."""

    async def due_at(self, game_id: str) -> int | None:
        """When a game is due, or None."""

    async def next_due(self) -> int | None:
        """When the earliest scheduled game is due, or None."""

    async def add_bot_job(self, game_id: str, version: int, seat: int) -> None:
        """Asks the bot workers to move for `seat` at `version` (`service.store.work.bot_jobs`)."""
        ...

    async def take_bot_jobs(
        self, consumer: str, count: int, block_ms: int | None = None
    ) -> list[Any]:
        """New bot jobs for `consumer` (waiting up to `block_ms` for one where it can)."""

    async def reclaim_bot_jobs(self, consumer: str, idle_ms: int, count: int) -> list[Any]:
        """Bot jobs left unfinished by a worker for more than `idle_ms`."""

    async def finish_bot_job(self, job: Any) -> None:
        """Acknowledges a bot job."""

    async def ping(self) -> bool:
        """Tells whether the backing server answers."""

    async def close(self) -> None:
        """Releases connections."""
