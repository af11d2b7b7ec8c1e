"""One conditional append of lifecycle events (resignations, timeouts, stand-in moves, admin).

Like a move, the append is conditional on the game's version and the stateHash there, so of two
replicas deciding the same thing (two firing one deadline) exactly one appends; the other is
told it lost (`None`) and reloads. The cache, snapshots and index are updated as for a move.
"""

from __future__ import annotations

from collections.abc import Sequence

import structlog

from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.log import record_model
from boardstate.service.log.announce import announcements, encoded
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft
from boardstate.service.store import AppendRequest, StoredEvent

log = structlog.get_logger("boardstate.table")


def build(
    record: GameRecord, drafts: Sequence[Draft], move_id: str, at: str
) -> tuple[GameRecord, list[StoredEvent]]:
    """The game after lifecycle drafts (each group of a move is built by the caller)."""
    return record_model.extend(record, drafts, move_id, at)


async def commit(
    loader: GameLoader,
    before: GameRecord,
    after: GameRecord,
    events: Sequence[StoredEvent],
    *,
    seat: int | None = None,
    tokens: Sequence[tuple[int, str]] = (),
    mode: str = "add",
) -> bool:
    """Appends `events` (taking `before` to `after`) if the log is still at `before`; returns
    whether it did (not when the log has ended meanwhile: nothing follows `GameEnded`; the
    caller reloads and sees the end). `tokens` and `mode` as `AppendRequest.seat_tokens` and
    `.tokens`."""
    meta = {"status": after.status} if after.status != before.status else None
    request = AppendRequest(
        before.version,
        events,
        meta=meta,
        head_hash=before.state_hash(),
        seat=seat,
        seat_tokens=tuple(tokens),
        tokens=mode,
        announcements=encoded(announcements(before, after, events)),
    )
    result = await loader.store.append(before.game_id, request)
    if not result.appended:  # lost a race, or the log ended meanwhile (`result.ended`)
        if result.diverged:
            loader.forget(before)
        return False
    await loader.appended(before, after, events)
    log.info(
        "table_event",
        game_id=before.game_id,
        types=[e.type for e in events][:8],
        version=after.version,
    )
    return True
