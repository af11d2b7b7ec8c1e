"""The header a streamed event carries (issue 29, item 4): the game just after the event.

A client follows a game from its stream alone: after every event it learns the version, the
status, who may act, the running clock deadlines and, once the game has ended, the result
(`service.contract.ports.HeaderView`), and optionally its own state view, redacted exactly as
`GET /v1/games/{id}/state` and `Game.state` redact it for that viewer (`rules.view`).

`HeaderFold` folds the stored (unredacted) events of the stream onto the game's record, so the
header of an event is the game at that event's version whether the event comes from the
catch-up or live; it never reads the wall clock (deadlines come from the log). When this
process's record cache holds the game at exactly that event, with that event's stateHash (the
move was just made here, or read), the fold takes it instead of folding the event again; and
the streams of one game share what they fold (`FOLDED`: the last records folded, by game, version
and the event's stateHash), so a game followed by both of its seats folds each event once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from boardstate.service.contract.ports import HeaderView, ResultView, SeatClock
from boardstate.service.features.views.read_models import state_view
from boardstate.service.log import clocks
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import apply
from boardstate.service.store import StoredEvent

FOLDED = 512
"""Records folded by streams, remembered for the other streams of the same game."""
_folded: OrderedDict[tuple[str, int, str], GameRecord] = OrderedDict()


def folded(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`apply(record, event)`, or the record another stream folded from the same event."""
    key = (record.game_id, event.version, event.state_hash)
    found = _folded.get(key)
    if found is None:
        found = _folded[key] = apply(record, event)
        if len(_folded) > FOLDED:
            _folded.popitem(last=False)
    return found


def deadlines(record: GameRecord) -> tuple[SeatClock, ...]:
    """The seats whose decision is timed now, with its deadline (none: no clock runs)."""
    clock = record.clock
    if clock is None or record.status != "ACTIVE":
        return ()
    table = record.table
    out = []
    for seat, _, at in clocks.due_times(table, clock, range(record.players)):
        left = table.remaining_ms[seat] if table.remaining_ms else clock.initial_ms
        remaining = left if clock.initial_ms is not None else None
        out.append(SeatClock(seat, remaining, at))
    return tuple(out)


def result_of(record: GameRecord) -> ResultView | None:
    """The result as `Game.result` gives it (details with the variants played), or None."""
    result = record.result
    if result is None:
        return None
    details: dict[str, Any] = dict(result.details)
    variants = record.rules.variants.applied(record.players, record.options)
    if variants:
        details["variants"] = variants
    return ResultView(result.scores, result.winners, details)


def header_of(record: GameRecord, viewer: int | None, with_state: bool) -> HeaderView:
    """The header of `record` for `viewer`; its state view only when `with_state`."""
    timed = deadlines(record)
    return HeaderView(
        version=record.version,
        status=record.status,
        to_act=record.to_act,
        deadline=min((s.deadline for s in timed if s.deadline is not None), default=None),
        deadlines=timed,
        result=result_of(record),
        state=state_view(record, viewer) if with_state else None,
    )


class HeaderFold:
    """The game folded along one stream, from the version the stream starts after."""

    def __init__(
        self,
        at_version: Callable[[int], Awaitable[GameRecord]],
        viewer: int | None,
        with_state: bool,
        cached: Callable[[], GameRecord | None] = lambda: None,
        opened: GameRecord | None = None,
    ) -> None:
        self.at_version = at_version
        """Loads the game at a version (1..the version the stream was opened at)."""
        self.opened = opened
        """The game as the stream was opened (the usual start of a live stream: no load)."""
        self.cached = cached
        """The game's record in this process's cache, if any (possibly at another version)."""
        self.viewer = viewer
        self.with_state = with_state
        self.record: GameRecord | None = None

    async def after(self, event: StoredEvent) -> HeaderView:
        """The header just after `event`, the next event of the stream."""
        record = self.record
        if record is None:
            # The first event of the stream: the game at its version (event 1 starts it).
            start = max(event.version - 1, 1)
            opened = self.opened
            if opened is not None and opened.version == start:
                record = opened
            else:
                record = await self.at_version(start)
        if event.version > record.version:  # the next version: a stream has no gaps
            known = self.cached()
            same = known is not None and known.version == event.version
            if same and known is not None and known.state_hash() == event.state_hash:
                record = known
            else:
                record = folded(record, event)
        self.record = record
        return header_of(record, self.viewer, self.with_state)
