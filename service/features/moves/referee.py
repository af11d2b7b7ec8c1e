"""Submitting moves: the checks of architecture §5, in order, then one atomic append.

Order: game exists; seat index and token; `moveId` already accepted for this seat (the original
result is returned, nothing appended; the same id with another move or `expectedVersion` is
IDEMPOTENCY_KEY_REUSED; ids are scoped to (game, seat): another seat's are never consulted);
stale `expectedVersion` (VersionConflict); then the rules: an ended game, however it ended,
refuses every move (GAME_FINISHED; `event_builder.decide`; the store refuses any append after
`GameEnded` too, so a move racing the end is refused), then parse (MALFORMED_MOVE), the
engine's `decide`: GAME_NOT_STARTED, NOT_YOUR_TURN, ILLEGAL_MOVE and friends.

Fast path: when the game is cached (and has no clock: a clocked move is timed on the log's
head), the move is decided and folded on the cached record (`event_builder.move`) and appended
with that record's version and stateHash as the condition, without reading the log first: the
append script checks the move id, the version and the stateHash at it atomically. Only an
accepted move (or the original of a repeated move id) is answered from it; anything else
(the cache was behind, the move looks wrong, a stale `expectedVersion`) is decided again on the
slow path below, on the log's current version. A cache the log contradicts is dropped.
Slow path: load (catching up from the log), the `moveId` check, the rules, the append. If the
append loses a race: with `expectedVersion` the answer is VersionConflict; without it the move is
decided once more on the reloaded game (a second lost race is a VersionConflict). A store failure
is never an accepted move. After an accepted append, the loader keeps what it keeps
(`GameLoader.appended`: the record, a checkpoint, the snapshots, the index row).

A move is recorded under `<seat>:<moveId>` (or a generated `srv-…`) with the fingerprint of the
move and `expectedVersion` (`service.log.move_ids`); a retry is the original only when its
fingerprint is equal. A move's first event carries its wire form (`StoredEvent.move`).
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections.abc import Sequence
from typing import Any

import structlog

from boardstate.engine.core.errors import GameFinished, MalformedMove, MoveError
from boardstate.service.failures import (
    GameNotFound,
    IdempotencyKeyReused,
    StoreUnavailable,
    VersionConflictError,
)
from boardstate.service.features.moves import due_work
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.moves.seat_access import authorize
from boardstate.service.inputs import echo, json_problem
from boardstate.service.log import event_builder, move_ids, record_model, time_source
from boardstate.service.log.announce import outbox
from boardstate.service.log.game_record import GameRecord
from boardstate.service.metrics import Metrics
from boardstate.service.store import AppendOutcome, AppendRequest, StoredEvent

log = structlog.get_logger("boardstate.moves")


@dataclasses.dataclass(frozen=True, slots=True)
class Verdict:
    """An accepted (or dry-run) move: the game after it and its stored events."""

    record: GameRecord
    version: int
    events: Sequence[StoredEvent]
    dry_run: bool = False
    replayed: bool = False
    """A retry of a move accepted before under the same `moveId` (nothing appended now)."""
    facts: Sequence[Any] = ()
    """The engine's facts behind `events`, in order (None for a service event such as
    `GameEnded`; empty when the events were read back from the log): the reply is redacted
    from them without decoding the stored events again."""


def _server_move_id() -> str:
    """The id of a move submitted without one."""
    return f"srv-{secrets.token_urlsafe(12)}"


class Referee:
    """Checks and records moves."""

    def __init__(self, loader: GameLoader, metrics: Metrics) -> None:
        self.loader = loader
        self.metrics = metrics

    async def submit(
        self,
        game_id: str,
        seat: int,
        move: Any,
        token: str | None,
        expected: int | None,
        move_id: str | None,
        dry_run: bool,
    ) -> Verdict:
        """Checks `move` and, unless `dry_run`, records it; raises a typed `MoveError`."""
        problem = None if move_id is None else move_ids.move_id_problem(move_id)
        if problem is not None:
            raise MalformedMove(problem)
        if (problem := json_problem(move)) is not None:
            raise MalformedMove(f"malformed move: {problem}")
        structlog.contextvars.bind_contextvars(game_id=game_id, seat=seat)
        cached = None if dry_run else self.loader.cached(game_id)
        if cached is not None:
            fast = await self._fast(cached, seat, move, token, expected, move_id)
            if fast is not None:
                return fast
        record = await self.loader.load(game_id)
        if record is None:
            raise GameNotFound(f"no game {echo(game_id)}")
        await authorize(self.loader, record, seat, token)
        for attempt in range(2):
            if move_id is not None:
                prior = await self.loader.store.move_outcome(game_id, move_id, seat)
                if prior is not None:
                    return await self._original(record, seat, move, expected, prior)
            mid = move_id or _server_move_id()
            verdict = self._decide(record, seat, move, expected, mid, dry_run)
            if isinstance(verdict, Verdict):
                return verdict
            result = await self._append(record, verdict, mid, seat, expected)
            if isinstance(result, Verdict):
                return result
            if result.duplicate_move:
                return await self._original(record, seat, move, expected, result)
            if result.ended:  # it ended under the move (a resignation, a timeout, ...)
                raise GameFinished(f"game {game_id} has ended; nothing recorded")
            if result.diverged:
                self.loader.forget(record)
            elif expected is not None or attempt == 1:
                stale = record.version if expected is None else expected
                raise VersionConflictError(stale, result.current_version)
            reloaded = await self.loader.load(game_id)
            assert reloaded is not None
            record = reloaded
        raise StoreUnavailable(f"game {game_id}: the log changed under the move; nothing recorded")

    async def _fast(
        self,
        cached: GameRecord,
        seat: int,
        move: Any,
        token: str | None,
        expected: int | None,
        move_id: str | None,
    ) -> Verdict | None:
        """Decides on the cached record and appends on condition that it is the log's head;
        returns None when the slow path must decide (see the module docstring)."""
        if cached.clock is not None:
            return None  # a clocked move is timed on the log's head (the slow path)
        await authorize(self.loader, cached, seat, token)  # a reissue bumps the version too
        if (expected is not None and expected != cached.version) or cached.status != "ACTIVE":
            return None
        structlog.contextvars.bind_contextvars(version=cached.version)
        mid = move_id or _server_move_id()
        try:
            moved = event_builder.move(cached, seat, move, mid, record_model.now_iso())
        except MoveError:
            return None
        if not moved.events:
            return None
        result = await self._append(cached, moved, mid, seat, expected)
        if isinstance(result, Verdict):
            return result
        if result.duplicate_move:
            return await self._original(cached, seat, move, expected, result)
        if result.diverged or result.ended or result.current_version < cached.version:
            self.loader.forget(cached)
        return None

    def _decide(
        self,
        record: GameRecord,
        seat: int,
        move: Any,
        expected: int | None,
        move_id: str,
        dry_run: bool,
    ) -> Verdict | event_builder.Moved:
        structlog.contextvars.bind_contextvars(version=record.version)
        if expected is not None and expected != record.version:
            raise VersionConflictError(expected, record.version)
        now_ms, at = time_source.stamp()
        due_work.check_clock(record, seat, now_ms)
        if dry_run:
            event_builder.decide(record, seat, move)
            return Verdict(record, record.version, (), dry_run=True)
        return event_builder.move(record, seat, move, move_id, at)

    async def _append(
        self,
        record: GameRecord,
        moved: event_builder.Moved,
        move_id: str,
        seat: int,
        expected: int | None,
    ) -> Verdict | AppendOutcome:
        after, events = moved.after, moved.events
        if not events:
            return Verdict(record, record.version, ())
        meta = {"status": after.status} if after.status != record.status else None
        started = time.perf_counter()
        request = AppendRequest(
            record.version,
            events,
            move_id=move_id,
            meta=meta,
            head_hash=record.state_hash(),
            seat=seat,
            fingerprint=move_ids.canonical_fingerprint(moved.wire, expected),
            announcements=outbox(record, after, events),
        )
        result = await self.loader.store.append(record.game_id, request)
        self.metrics.append_seconds.observe(time.perf_counter() - started)
        if not result.appended:
            return result
        await self.loader.appended(record, after, events)
        self.metrics.accepted_counter(record.rules.info.id).inc()
        log.info("move_accepted", move_id=move_id, first=events[0].version, version=after.version)
        facts = [draft.fact for draft in moved.drafts]
        facts += [None] * (len(events) - len(facts))  # `GameEnded`, when the move ends the game
        return Verdict(after, after.version, events, facts=facts)

    async def _original(
        self, record: GameRecord, seat: int, move: Any, expected: int | None, prior: AppendOutcome
    ) -> Verdict:
        """Returns the recorded result of this seat's move id if the retry is the same
        submission; raises `IdempotencyKeyReused` otherwise (see the module docstring)."""
        first = prior.first_version
        count = prior.last_version - first + 1
        events = await self.loader.store.read(record.game_id, after=first - 1, limit=count)
        if prior.fingerprint is not None:
            same = prior.fingerprint == move_ids.fingerprint(record.rules, move, expected)
        else:  # a record from before fingerprints: compare with the move the log holds
            logged = events[0].move if events else None
            same = logged is None or dict(logged) == move_ids.canonical_move(record.rules, move)
        if not same:
            mid = events[0].move_id if events else None
            raise IdempotencyKeyReused(
                f"seat {seat} used moveId {mid!r} for another move or expectedVersion "
                f"(at version {prior.first_version}); nothing was recorded",
                {"moveId": mid, "version": prior.first_version},
            )
        current = await self.loader.load(record.game_id)
        return Verdict(current or record, prior.last_version, events, replayed=True)
