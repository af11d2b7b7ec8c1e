"""What each bot seat has seen of its game, kept from one move to the next (issue 27).

A policy's input holds every engine event so far, redacted for its seat
(`engine.bots.seen`). Reading, decoding and redacting the whole log for every move made a
bot's move cost grow with its game (and a flood of long bot games cost every bot its turn).
`SeatLogs` keeps, per (game, seat), the redacted events up to a version with the stateHash
there, and catches up with one read of the events after it, starting at the kept version to
check that it is still the log's (as the record cache does: `service.features.moves.loader`); a log
that no longer holds it (a failover lost events) is read again from the start. Only the seats a
bot or a hint plays are kept, at most `size` of them (least recently used first out).
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import SERVICE_EVENTS, decode_engine_event
from boardstate.service.runtime.offload import INLINE_EVENTS, off_loop
from boardstate.service.store import EventStore, StoredEvent

SIZE = 256
"""(game, seat) pairs kept."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Kept:
    version: int
    state_hash: str
    events: tuple[Any, ...]


def _redacted(record: GameRecord, seat: int, stored: Sequence[StoredEvent]) -> tuple[Any, ...]:
    rules = record.rules
    return tuple(
        rules.redact(decode_engine_event(rules, e), seat)
        for e in stored
        if e.type not in SERVICE_EVENTS
    )


class SeatLogs:
    """The redacted engine events of bot seats, caught up incrementally."""

    def __init__(self, store: EventStore, size: int = SIZE) -> None:
        self.store = store
        self.size = size
        self._kept: OrderedDict[tuple[str, int], _Kept] = OrderedDict()
        self.read_events = 0
        """Events read from the store (for tests: a move reads what is new, not the log)."""

    async def events(self, record: GameRecord, seat: int) -> tuple[Any, ...]:
        """Every engine event of `record`'s game up to its version, redacted for `seat`."""
        key = (record.game_id, seat)
        kept = self._kept.get(key)
        tail = None if kept is None else await self._after(record, kept)
        base: tuple[Any, ...] = ()
        if tail is None:  # nothing kept, or the log no longer holds what was
            tail = await self.store.read(record.game_id, limit=record.version)
        else:
            assert kept is not None
            base = kept.events
        self.read_events += len(tail)
        if len(tail) > INLINE_EVENTS:
            fresh = await off_loop(_redacted, record, seat, tail)
        else:
            fresh = _redacted(record, seat, tail)
        events = base + fresh
        if tail and tail[-1].version == record.version:
            self._remember(key, _Kept(record.version, tail[-1].state_hash, events))
        elif not tail and kept is not None:
            self._kept.move_to_end(key)
        return events

    async def _after(self, record: GameRecord, kept: _Kept) -> list[StoredEvent] | None:
        """The events after `kept` up to `record`'s version; None when the log no longer holds
        the kept head (or `record` is behind it)."""
        if kept.version > record.version:
            return None
        count = record.version - kept.version + 1
        read = await self.store.read(record.game_id, after=kept.version - 1, limit=count)
        head = read[0] if read else None
        if head is None or head.version != kept.version or head.state_hash != kept.state_hash:
            return None
        return read[1:]

    def _remember(self, key: tuple[str, int], kept: _Kept) -> None:
        self._kept[key] = kept
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
