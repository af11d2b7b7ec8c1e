"""Trekking views and redaction (rules/trekking.md Part A, hidden information).

Hidden: the order of every day deck below its face-up top card (nobody; counts are public), a
player's unused itineraries and a pending itinerary choice (owner only until the reveal).
Everything else is public. Views are absolute (architecture §5): `players[i].itineraries` and
`players[i].pending_itinerary` hold values in seat i's own view and `null` in every other.
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.records import replace
from boardstate.engine.core.wire import encode_value
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.component_types import HistoryCard
from boardstate.engine.trekking.components import COLUMNS, COMPONENTS
from boardstate.engine.trekking.scoring import total, trek_points
from boardstate.engine.trekking.state import Phase, PlayerState, State
from boardstate.engine.trekking.turns import active_seat, to_act


def card_view(card_id: str) -> dict[str, Any]:
    """The face of a history or ancestor card."""
    card = COMPONENTS.card(card_id)
    tokens = [t.value for t in card.tokens]
    if isinstance(card, HistoryCard):
        return {
            "id": card.id,
            "title": card.title,
            "year": card.year,
            "circa": card.circa,
            "hours": card.hours,
            "tokens": tokens,
            "crystals": card.crystals,
        }
    return {"id": card.id, "ancestor": True, "hours": card.hours, "pp": card.pp, "tokens": tokens}


def itinerary_view(itinerary_id: str) -> dict[str, Any]:
    """An itinerary's layout: per column (top first) the PP and crystals of each space."""
    layout = COMPONENTS.itineraries[itinerary_id]
    return {
        "id": layout.id,
        "columns": {
            colour.value: [
                {"pp": pp, "crystals": cr}
                for pp, cr in zip(layout.pp[col], layout.crystals[col], strict=True)
            ]
            for col, colour in enumerate(COLUMNS)
        },
        "groups": [
            {"spaces": [[COLUMNS[c].value, r + 1] for c, r in g.spaces], "pp": g.pp}
            for g in layout.groups
        ],
    }


def _pending(state: State, seat: int) -> str | None:
    if state.secret is None:
        return None
    return next((choice for s, choice in state.secret.committed if s == seat), None)


def _player(state: State, seat: int, p: PlayerState, viewer: int | None) -> dict[str, Any]:
    own = viewer == seat
    today = None
    if p.itinerary is not None:
        today = itinerary_view(p.itinerary) | {
            "filled": dict(zip((c.value for c in COLUMNS), p.filled, strict=True)),
            "groups_done": sorted(p.groups_done),
        }
    return {
        "seat": seat,
        "hours": p.hours,
        "crystals": p.crystals,
        "pp": p.pp,
        "itineraries": [itinerary_view(i) for i in sorted(p.hand)] if own else None,
        "itinerary_count": len(p.hand),
        "has_chosen": None if state.secret is None else seat not in state.secret.waiting,
        "pending_itinerary": _pending(state, seat) if own else None,
        "itinerary": today,
        "used_itineraries": list(p.used),
        "open_trek": list(p.open_trek),
        "closed_treks": [list(t) for t in p.closed_treks],
        "reference_year": p.reference_year,
        "trek_points": trek_points(p),
        "score": total(p),
    }


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """Returns what `viewer` may see of the table."""
    deck = state.deck
    return {
        "day": state.day,
        "days": COMPONENTS.days,
        "phase": state.phase.value,
        "finished": state.phase is Phase.OVER,
        "start_player": state.start_player,
        "to_act": sorted(to_act(state)),
        "active_seat": active_seat(state),
        "clock": {"hours": list(state.hours), "stack": list(reversed(state.stack))},
        "deck": {"count": len(deck), "top": card_view(deck[0]) if deck else None},
        "deck_counts": [len(d) for d in state.decks],
        "display": [
            {"space": i, "bonus": b.value, "card": None if c is None else card_view(c)}
            for i, (c, b) in enumerate(zip(state.display, state.bonuses(), strict=True), 1)
        ],
        "ancestors": [card_view(a) for a in state.ancestors],
        "players": [_player(state, i, p, viewer) for i, p in enumerate(state.players)],
        "options": encode_value(state.options),
    }


def redact(event: ev.Event, viewer: int | None) -> ev.Event:
    """Returns `event` as `viewer` may see it: hidden ids become `null`, counts stay."""
    match event:
        case ev.DeckShuffled():
            return replace(event, order=tuple(None for _ in event.order))
        case ev.ItinerariesDealt() if event.seat != viewer:
            return replace(event, itineraries=tuple(None for _ in event.itineraries))
        case ev.ItineraryCommitted() if event.seat != viewer:
            return replace(event, itinerary=None)
    return event
