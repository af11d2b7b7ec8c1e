"""Submitting moves: the checks of DESIGN §5, in order, then one atomic append.

Order: game exists; seat index and token; `moveId` already accepted (the original result is
returned, nothing appended); stale `expectedVersion` (VersionConflict); game not started;
game finished; parse (MALFORMED_MOVE); turn (NOT_YOUR_TURN); rules (ILLEGAL_MOVE and friends).

A move is recorded under its `moveId`, or a generated one (`srv-…`) when the client gave none;
the first of its events carries the move's canonical wire form (`StoredEvent.move`), so a
verifier can re-run `decide` with the game's RNG. Snapshots due within the append are stored
after it (`service.snapshots.SnapshotWriter`).
If the append loses a race to a concurrent move: with `expectedVersion` the answer is
VersionConflict; without it the game is reloaded and the move decided once more against the
new state (a second lost race is a VersionConflict). A store failure is never reported as an
accepted move (see `service.loading.store_errors`).
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections.abc import Sequence
from typing import Any

import structlog

from engine.core.errors import GameFinished, GameNotStarted, MalformedMove
from schema.codes import BadSeat, GameNotFound, Unauthorized, VersionConflictError
from service import recorder, records
from service.auth import token_matches
from service.loading import GameLoader
from service.metrics import Metrics
from service.records import GameRecord
from service.store import AppendOutcome, AppendRequest, StoredEvent

log = structlog.get_logger("boardstate.moves")

MAX_MOVE_ID_LENGTH = 128


@dataclasses.dataclass(frozen=True, slots=True)
class Verdict:
    """An accepted (or dry-run) move: the game after it and its stored events."""

    record: GameRecord
    version: int
    events: Sequence[StoredEvent]
    dry_run: bool = False


async def authorize(loader: GameLoader, record: GameRecord, seat: int, token: str | None) -> None:
    """Raises `BadSeat` or `Unauthorized` unless `token` is the token of `seat`."""
    if not 0 <= seat < record.players:
        raise BadSeat(f"seat must be 0..{record.players - 1}, not {seat}")
    stored = await loader.token_hash(record.game_id, seat)
    if not token_matches(token, stored):
        raise Unauthorized(
            f"seat {seat} of game {record.game_id} needs its token (Authorization: Bearer <token>)",
            {"seat": seat},
        )


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
        if move_id is not None and not 1 <= len(move_id) <= MAX_MOVE_ID_LENGTH:
            raise MalformedMove(f"moveId must have 1 to {MAX_MOVE_ID_LENGTH} characters")
        record = await self.loader.load(game_id)
        if record is None:
            raise GameNotFound(f"no game {game_id!r}")
        structlog.contextvars.bind_contextvars(game_id=game_id, seat=seat)
        await authorize(self.loader, record, seat, token)
        for attempt in range(2):
            if move_id is not None:
                prior = await self.loader.store.move_outcome(game_id, move_id)
                if prior is not None:
                    return await self._original(record, prior)
            verdict = self._decide(record, seat, move, expected, dry_run)
            if isinstance(verdict, Verdict):
                return verdict
            result = await self._append(record, *verdict, move_id)
            if isinstance(result, Verdict):
                return result
            if result.duplicate_move:
                return await self._original(record, result)
            if expected is not None or attempt == 1:
                stale = record.version if expected is None else expected
                raise VersionConflictError(stale, result.current_version)
            reloaded = await self.loader.load(game_id)
            assert reloaded is not None
            record = reloaded
        raise AssertionError("unreachable")

    def _decide(
        self, record: GameRecord, seat: int, move: Any, expected: int | None, dry_run: bool
    ) -> Verdict | tuple[list[records.Draft], dict[str, Any]]:
        structlog.contextvars.bind_contextvars(version=record.version)
        if expected is not None and expected != record.version:
            raise VersionConflictError(expected, record.version)
        if record.status == "OPEN":
            raise GameNotStarted(f"game {record.game_id} still waits for players")
        if record.status == "FINISHED":
            raise GameFinished(f"game {record.game_id} is over")
        drafts, wire = recorder.decide(record, seat, move)
        if dry_run:
            return Verdict(record, record.version, (), dry_run=True)
        return drafts, wire

    async def _append(
        self,
        record: GameRecord,
        drafts: list[records.Draft],
        wire: dict[str, Any],
        move_id: str | None,
    ) -> Verdict | AppendOutcome:
        mid = move_id or f"srv-{secrets.token_urlsafe(12)}"
        after, events = recorder.move_events(record, drafts, mid, records.now_iso(), wire)
        if not events:
            return Verdict(record, record.version, ())
        meta = {"status": after.status} if after.status != record.status else None
        started = time.perf_counter()
        request = AppendRequest(record.version, events, move_id=mid, meta=meta)
        result = await self.loader.store.append(record.game_id, request)
        self.metrics.append_seconds.observe(time.perf_counter() - started)
        if not result.appended:
            return result
        self.loader.remember(after)
        await self.loader.snapshots.after_append(record, events)
        self.metrics.moves_accepted.labels(record.rules.info.id).inc()
        log.info("move_accepted", move_id=mid, first=events[0].version, version=after.version)
        if meta is not None:
            await self.loader.index(after)
        return Verdict(after, after.version, events)

    async def _original(self, record: GameRecord, prior: AppendOutcome) -> Verdict:
        count = prior.last_version - prior.first_version + 1
        events = await self.loader.store.read(
            record.game_id, after=prior.first_version - 1, limit=count
        )
        current = await self.loader.load(record.game_id)
        return Verdict(current or record, prior.last_version, events)
