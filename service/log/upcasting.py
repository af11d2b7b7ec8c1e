"""Stored-event schema versions (the envelope's `v`) and the named upcasters between them.

Every stored event carries `v`, the schema version it was written with. The log is never
rewritten: an event is upcast to the current schema when it is read, step by step, by the
upcasters registered for its (game type, event type, from-version). A step with no upcaster
for an event type leaves its data unchanged. Versions so far:

* v1: `{type, v, seat, moveId, data, at, stateHash}` (architecture §4).
* v2: as v1, plus `move` (the submitted move's wire form) on the first event of each move, so
  `boardstate verify` can re-run `decide` and re-derive every random outcome. Event data is
  unchanged; v1 logs carry no moves and verification infers each one from the legal moves
  (`service.history.rederive.infer_move`), the named upcaster of this step.

An upcaster must preserve meaning: folding the upcast event must give the state the original
gave, so the stored `stateHash` still holds (docs/history.md, "Upcasting").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from boardstate.engine.core.rules import GameRules
from boardstate.service.store.base import StoredEvent

CURRENT_VERSION = 2
"""The schema version of events written now."""

MOVE_FIELD_SINCE = 2
"""From this version on, the first event of every move carries `move`."""


class UnknownSchemaVersion(ValueError):
    """An event was written with a schema version newer than this code knows."""


@dataclasses.dataclass(frozen=True, slots=True)
class Upcaster:
    """Turns the data of one event type from schema `from_v` into `from_v + 1`."""

    name: str
    event_type: str
    from_v: int
    change: Callable[[Mapping[str, Any]], dict[str, Any]]
    game_type: str | None = None
    """None: the event type of every game type (service events)."""


UPCASTERS: tuple[Upcaster, ...] = ()
"""Every registered upcaster. v1 -> v2 changes no event data (see the module docstring)."""


def upcast(
    game_type: str,
    event_type: str,
    v: int,
    data: Mapping[str, Any],
    upcasters: Iterable[Upcaster] = UPCASTERS,
) -> Mapping[str, Any]:
    """Returns `data` of an event stored with schema `v`, as the current schema has it."""
    if not 1 <= v <= CURRENT_VERSION:
        raise UnknownSchemaVersion(
            f"event schema v{v} is not known here (this code reads v1..v{CURRENT_VERSION})"
        )
    if v == CURRENT_VERSION:
        return data
    steps = [
        u
        for u in upcasters
        if u.event_type == event_type and u.game_type in (None, game_type) and u.from_v >= v
    ]
    for step in sorted(steps, key=lambda u: u.from_v):
        data = step.change(data)
    return data


DECODED = 256
"""Engine events remembered by the very stored event they were decoded from (`decode_engine_event`:
a live event pushed to several streams is folded once and redacted for each, from one decode)."""
_decoded: dict[int, tuple[StoredEvent, Any]] = {}


def decode_engine_event(rules: GameRules[Any, Any, Any], event: StoredEvent) -> Any:
    """Returns the engine event of a stored one (its data upcast to the current schema)."""
    known = _decoded.get(id(event))
    if known is not None and known[0] is event:  # the same object (held here: its id is its own)
        return known[1]
    data = upcast(rules.info.id, event.type, event.v, event.data)
    fact = rules.events.decode({"type": event.type, **data})
    if len(_decoded) >= DECODED:
        _decoded.clear()
    _decoded[id(event)] = (event, fact)
    return fact
