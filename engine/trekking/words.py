"""Trekking through History's moves and events in words (`engine.core.describe`): history cards
by title and year, ancestors by their hours and prestige, columns by the colour's experience,
itineraries by number, hidden ones counted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.engine.core.describe import Namer, Words, listing, plural, scores, seats
from boardstate.engine.trekking.components import COMPONENTS, DATA
from boardstate.engine.trekking.words_de import WORTE

_EXPERIENCE: dict[str, str] = DATA.values["colours"]


def year(value: int, circa: bool) -> str:
    era = f"{-value} BC" if value < 0 else str(value)
    return f"c. {era}" if circa else era


def card(card_id: str) -> str:
    """A history card as "Battle of Hastings (1066)"; an ancestor by its hours and prestige."""
    if card_id in COMPONENTS.cards:
        found = COMPONENTS.cards[card_id]
        return f"{found.title} ({year(found.year, found.circa)})"
    if card_id in COMPONENTS.ancestors:
        ancestor = COMPONENTS.ancestors[card_id]
        return f"an ancestor ({plural(ancestor.hours, 'hour')}, {ancestor.pp} prestige)"
    return "a card"


def cards(ids: Sequence[str | None]) -> str:
    hidden = sum(1 for c in ids if c is None)
    named = [card(c) for c in ids if c is not None]
    return listing(named + ([plural(hidden, "hidden card")] if hidden else []))


def itinerary(itinerary_id: str) -> str:
    """`IT-09` as "itinerary 9" (the number printed on the card)."""
    number = itinerary_id.rsplit("-", 1)[-1].lstrip("0")
    return f"itinerary {number}" if number.isdigit() else "an itinerary"


def itineraries(ids: Sequence[str | None]) -> str:
    hidden = sum(1 for c in ids if c is None)
    named = [itinerary(c) for c in ids if c is not None]
    more = [plural(hidden, "hidden itinerary", "hidden itineraries")] if hidden else []
    return listing(named + more)


def column(colour: Any) -> str:
    return f"the {_EXPERIENCE.get(colour.value, colour.value)} ({colour.value}) column"


def _choose(move: Any, _: Namer) -> str:
    text = f"take {card(move.card)}"
    if move.crystals:
        text += f", spending {plural(move.crystals, 'crystal')}"
    if move.world_columns:
        text += f", world tokens to {listing([column(c) for c in move.world_columns])}"
    return text


_REASONS = {
    "start": "to start",
    "card": "from the card",
    "display_space": "from the display space",
    "itinerary_space": "from the itinerary",
    "punctuality": "for punctuality",
    "ancestor": "from the ancestor",
}


def _totals(event: Any, _: Namer) -> str:
    totals = scores(event.totals)
    return f"game over: {totals}; {seats(event.winners)} won"


OPTIONS = {
    "equal_years": (
        "Equal years",
        "Whether a card of the same year as the trek's last card continues the trek or closes it.",
    ),
    "tie_break": (
        "Tie break",
        "What decides equal totals: the most crystals left, or a shared win.",
    ),
    "display_bonuses": (
        "Display bonuses",
        "The bonus of each of the five display spaces, next to the deck first; empty: the data "
        "set's order.",
    ),
}
"""Each `createGame` option's title and description (`Words.options`)."""


WORDS = Words(
    options=OPTIONS,
    names={
        "card": card,
        "cards": cards,
        "order": cards,
        "display": lambda ids: listing([card(c) if c else "an empty space" for c in ids]),
        "top": card,
        "itinerary": itinerary,
        "itineraries": itineraries,
        "column": column,
        "stack": seats,
        "reason": lambda r: _REASONS.get(r.value, r.value.replace("_", " ")),
        "token": lambda t: f"a {t.value} token",
    },
    missing={"itinerary": "an itinerary", "top": "no card", "card": "a hidden card"},
    phrases={
        "choose_itinerary": "choose {itinerary} for the day",
        "choose_card": _choose,
        "DataSetRecorded": "the game uses the Underdog 2022 cards",
        "StartPlayerChosen": "{seat} starts",
        "AncestorsDrawn": lambda e, _: f"{plural(len(e.cards), 'ancestor')} are laid out",
        "DeckShuffled": lambda e, _: f"the day {e.day} deck of {len(e.order)} cards is shuffled",
        "ItinerariesDealt": "{seat} gets {itineraries}",
        "DayStarted": "day {day} starts; the display shows {display}",
        "ItineraryCommitted": "{seat} chooses {itinerary}",
        "ItinerariesRevealed": "the itineraries are revealed: {itineraries}",
        "CardTaken": lambda e, n: (
            f"{n['seat']} takes {n['card']}"
            + (f" and {plural(e.crystals, 'crystal')}" if e.crystals else "")
        ),
        "WatchMoved": lambda e, n: (
            f"{n['seat']}'s watch moves {plural(e.hours, 'hour')} "
            f"to {e.position}" + (" (no card left to take)" if e.why.value == "no_card" else "")
        ),
        "PrestigeGained": "{seat} gains {points} prestige {reason}",
        "CrystalsGained": lambda e, n: (
            f"{n['seat']} gains {plural(e.count, 'crystal')} {n['reason']}"
        ),
        "TokenPlaced": lambda e, n: (
            f"{n['seat']} places {n['token']} in {n['column']}"
            + (f", row {e.row}" if e.row is not None else "")
        ),
        "GroupCompleted": "{seat} completes group {group} for {points} prestige",
        "CardAddedToTrek": lambda e, n: (
            f"{n['seat']} adds {n['card']} to the trek" + (" and closes it" if e.closed else "")
        ),
        "DisplayRefilled": "the display moves up; the deck now shows {top}",
        "DayEnded": "day {day} ends; the new order is {stack}",
        "GameOver": _totals,
    },
    translations={"de": WORTE},
)
