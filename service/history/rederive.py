"""Re-deriving a move's events from the rules and the seed (the core of `boardstate verify`).

For a move group (the events one accepted move appended) the verifier re-runs
`decide(state, seat, move, Rng.for_decision(seed_for(n), n))`, n = the version before the group,
and requires exactly the logged events: the same types, data and seat, in the same order. Every
random outcome (shuffles, dice, draws) is thereby re-derived from the revealed seed.

The move is the group's stored `move` (envelope v2). Events written with schema v1 carry none;
`infer_move` is the named upcaster of that step: it tries every legal move of the seat and
takes the one whose re-derived events are the logged ones.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from boardstate.engine.core.errors import MoveError
from boardstate.service.log import endings, event_builder
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft
from boardstate.service.store import StoredEvent


class Mismatch(Exception):
    """The log differs from what the rules and the seed give; `version` is the first event."""

    def __init__(self, version: int, message: str) -> None:
        super().__init__(message)
        self.version = version
        self.message = message


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text if len(text) <= 160 else text[:157] + "..."


def _as_logged(draft: Draft) -> dict[str, Any]:
    return {"type": draft.type, "seat": draft.seat, "data": dict(draft.data)}


def _logged(event: StoredEvent) -> dict[str, Any]:
    return {"type": event.type, "seat": event.seat, "data": dict(event.data)}


def difference(expected: Any, logged: Any, path: str = "") -> str | None:
    """Returns where two JSON values first differ and how, or None when they are equal."""
    if isinstance(expected, dict) and isinstance(logged, dict):
        for key in sorted(set(expected) | set(logged)):
            found = difference(expected.get(key), logged.get(key), f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(expected, list) and isinstance(logged, list) and len(expected) == len(logged):
        for index, (a, b) in enumerate(zip(expected, logged, strict=True)):
            found = difference(a, b, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    if expected == logged and type(expected) is type(logged):
        return None
    return f"{path.lstrip('.')}: {_short(expected)} re-derived, {_short(logged)} logged"


def compare(drafts: Sequence[Draft], group: Sequence[StoredEvent], what: str) -> None:
    """Raises `Mismatch` at the first logged event that differs from the re-derived drafts."""
    for draft, event in zip(drafts, group, strict=False):
        expected = json.loads(json.dumps(_as_logged(draft)))
        found = difference(expected, json.loads(json.dumps(_logged(event))))
        if found is not None:
            raise Mismatch(
                event.version,
                f"{event.type} differs from {what} re-derived from the rules and the seed: {found}",
            )
    if len(drafts) != len(group):
        version = group[min(len(drafts), len(group) - 1)].version if group else 0
        raise Mismatch(
            version,
            f"{what} re-derived from the rules and the seed gives {len(drafts)} events, "
            f"the log has {len(group)}",
        )


def check_move(record: GameRecord, group: Sequence[StoredEvent], move: Mapping[str, Any]) -> None:
    """Checks a move group against `decide` with the game's RNG; raises `Mismatch`."""
    first = group[0]
    assert first.seat is not None
    try:
        drafts, _ = event_builder.decide(record, first.seat, dict(move))
    except MoveError as exc:
        raise Mismatch(
            first.version, f"the rules reject the move {_short(move)}: {exc.code}: {exc.message}"
        ) from None
    compare(drafts, group, f"the move {_short(move)} of seat {first.seat}")


def infer_move(record: GameRecord, group: Sequence[StoredEvent]) -> dict[str, Any]:
    """Returns the legal move whose re-derived events are `group` (v1 logs store no move)."""
    first = group[0]
    assert first.seat is not None
    rules = record.rules
    for candidate in rules.legal_moves(record.state, first.seat):
        wire = rules.moves.encode(candidate)
        try:
            check_move(record, group, wire)
        except Mismatch:
            continue
        return wire
    raise Mismatch(
        first.version,
        f"no legal move of seat {first.seat} gives the events "
        f"{group[0].version}..{group[-1].version} with the seed",
    )


def check_ended(record: GameRecord, event: StoredEvent, move_id: str | None) -> None:
    """Checks `GameEnded` against the outcome the rules give for the final state."""
    draft = endings.rules_end(record)
    assert draft is not None
    compare([draft], [event], "the end of the game")
    if event.move_id != move_id:
        raise Mismatch(event.version, f"GameEnded has moveId {event.move_id!r}, not {move_id!r}")
