"""Tampering with exported logs the way a forger would, for the verification tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from boardstate.service.history.integrity import APPLY_ERRORS
from boardstate.service.log import record_model
from boardstate.service.store import StoredEvent


def renumbered(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    """Returns the events with versions 1..n again (hides a gap or a swap from a quick look)."""
    return [dataclasses.replace(e, version=i) for i, e in enumerate(events, start=1)]


def rehashed(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    """Returns the events renumbered, with every stateHash recomputed from the revealed seed
    where the fold allows it: what a forger can do once the game has ended."""
    events = renumbered(events)
    seed = str(events[-1].data["seed"])
    record = record_model.start_record("forged", events[0], seed)
    out = [dataclasses.replace(events[0], state_hash=record.state_hash())]
    for event in events[1:]:
        try:
            record = record_model.apply(record, event)
        except APPLY_ERRORS:
            out.append(event)
            continue
        out.append(dataclasses.replace(event, state_hash=record.state_hash()))
    return out


def with_data(events: Sequence[StoredEvent], index: int, **changes: object) -> list[StoredEvent]:
    """Returns the events with some data fields of `events[index]` replaced."""
    out = list(events)
    out[index] = dataclasses.replace(out[index], data={**out[index].data, **changes})
    return out


def first_index(events: Sequence[StoredEvent], kind: str, after: int = 0) -> int:
    """Returns the index of the first event of type `kind` at or after index `after`."""
    return next(i for i, e in enumerate(events) if e.type == kind and i >= after)
