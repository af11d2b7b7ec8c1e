"""Trambahn views and redaction (rules/trambahn.md Part A, hidden information; 1A.10).

A hand is seen only by its owner; money-pile faces and the draw-pile order by nobody (counts
are public); everything else is public. Views are absolute (architecture §5): `players[i].hand` is
a list for seat i's own view and `null` elsewhere.
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.records import replace
from boardstate.engine.core.wire import encode_value
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import COMPONENTS, Colour
from boardstate.engine.trambahn.scoring import line_points
from boardstate.engine.trambahn.state import Line, PlayerState, State


def _line(line: Line) -> dict[str, Any]:
    return {
        "id": line.id,
        "colour": line.colour.value,
        "values": list(line.values),
        "conductors": line.conductors,
        "length": line.length,
        "closed": line.closed,
        "tram": line.tram.value if line.tram else None,
        "extra_tour_done": line.extra_tour_done,
        "vp": line.vp(),
        "points": line_points(line),
    }


def _player(seat: int, player: PlayerState, viewer: int | None) -> dict[str, Any]:
    return {
        "seat": seat,
        "hand": list(player.hand) if viewer == seat else None,
        "hand_count": len(player.hand),
        "money_count": len(player.money),
        "lines": [_line(ln) for ln in player.lines],
        "fahrten": list(player.fahrten),
        "extra_tours": list(player.extra_tours),
        "total": player.total,
    }


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """Returns what `viewer` may see of the table."""
    return {
        "turn": state.turn,
        "active_seat": None if state.finished else state.active,
        "step": state.step.value,
        "start_player": state.start_player,
        "scorings": state.scorings,
        "scorings_to_end": COMPONENTS.scorings_to_end,
        "finished": state.finished,
        "end_reason": state.end_reason,
        "terminals": {c.value: list(state.terminal(c)) for c in Colour},
        "draw_pile_count": len(state.draw_pile),
        "discard_pile": list(state.discard),
        "tram_display": [t.value for t in state.display],
        "tram_stack": [t.value for t in state.tram_stack],
        "players": [_player(i, p, viewer) for i, p in enumerate(state.players)],
        "options": encode_value(state.options),
    }


def _hide(cards: ev.Cards) -> ev.Cards:
    return tuple(None for _ in cards)


def redact(event: ev.Event, viewer: int | None) -> ev.Event:
    """Returns `event` as `viewer` may see it: hidden cards become `null`, counts stay."""
    match event:
        case ev.DeckShuffled() | ev.DiscardsReshuffled():
            return replace(event, order=_hide(event.order))
        case ev.MoneyDealt() | ev.MoneyHalved():
            return replace(event, cards=_hide(event.cards))
        case ev.CardsDrawn() if event.seat != viewer:
            return replace(event, cards=_hide(event.cards))
        case ev.IncomeTaken() if event.seat != viewer:
            return replace(event, card=None)
    return event
