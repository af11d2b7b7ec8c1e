"""Trambahn's moves and events in words (`engine.core.describe`): cards by colour and value,
terminals by colour and numeral, lines by number ("a new line" when the move starts one)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.engine.core.describe import Namer, Words, listing, plural, scores, seat, seats
from boardstate.engine.trambahn.components import CONDUCTOR, DATA, Colour, card_colour, card_value
from boardstate.engine.trambahn.words_de import WORTE

_NUMERALS: dict[str, str] = DATA.values["terminal_numerals"]


def card(code: str) -> str:
    """`red-9` as "red 9"; a conductor as "a conductor"."""
    if code == CONDUCTOR:
        return "a conductor"
    colour = card_colour(code)
    return f"{colour.value if colour else code} {card_value(code)}"


def cards(codes: Sequence[str | None]) -> str:
    """Cards in words, the hidden ones counted ("red 9, blue 3 and 4 hidden cards")."""
    hidden = sum(1 for c in codes if c is None)
    if hidden and hidden == len(codes):
        return plural(hidden, "hidden card")
    named = [card(c) for c in codes if c is not None]
    return listing(named + ([plural(hidden, "hidden card")] if hidden else []))


def terminal(colour: Colour) -> str:
    return f"the {colour.value} terminal ({_NUMERALS[colour.value]})"


def line(number: int) -> str:
    return f"line {number}"


def trams(kinds: Sequence[Any]) -> str:
    return listing([f"a {k.value} tram" for k in kinds]) if kinds else "no tram"


def _passengers(move: Any, _: Namer) -> str:
    boarded = [f"{card(p.card)} at {terminal(p.terminal)}" for p in move.passengers]
    return f"board {listing(boarded)}"


def _scored(event: Any, _: Namer) -> str:
    points = scores(event.points)
    return f"journey {event.number} of the {event.colour.value} line scored: {points}"


def _game_over(event: Any, _: Namer) -> str:
    totals = scores(event.totals)
    why = "after the tenth journey" if event.reason == "tenth_scoring" else words_of(event.reason)
    return f"game over {why}: {totals}; {seats(event.winners)} won"


def words_of(reason: str) -> str:
    return reason.replace("_", " ")


OPTIONS = {
    "money_halving": (
        "Money halving",
        "When the draw pile runs out, each player discards half the money pile: rounded down (keep"
        " the larger half) or up.",
    ),
    "display_refill": (
        "Display refill",
        "When the tram display is filled up to three trams again: when the turn ends, or right "
        "after each tram bought.",
    ),
    "tie_break": (
        "Tie break",
        "What decides equal totals: a shared win, or more points from extra tours.",
    ),
}
"""Each `createGame` option's title and description (`Words.options`)."""


WORDS = Words(
    options=OPTIONS,
    names={
        "card": card,
        "cards": cards,
        "paid": cards,
        "discarded": cards,
        "order": cards,
        "terminal": terminal,
        "line": line,
        "lines": lambda ns: listing([line(n) for n in ns]),
        "tram": lambda k: f"a {k.value} tram",
        "trams": trams,
        "display": trams,
    },
    missing={"line": "a new line", "card": "a hidden card"},
    phrases={
        "board_passengers": _passengers,
        "build_station": "build a station with {card} on {line}",
        "take_income": "put {card} on the money pile",
        "buy_tram": "buy {tram} for {line}",
        "end_turn": "end the turn: dismantle lines without a tram and draw up to six cards",
        "DeckShuffled": lambda e, _: f"the {len(e.order)} cards were shuffled into the draw pile",
        "StartPlayerChosen": "{seat} starts",
        "MoneyDealt": lambda e, _: f"{seat(e.seat)} takes {plural(len(e.cards), 'money card')}",
        "TramsLaidOut": "the tram display shows {display}",
        "TurnStarted": "turn {turn}: {seat} to play",
        "PassengerBoarded": "{seat} boards {card} at {terminal}",
        "FahrtScored": _scored,
        "StationBuilt": lambda e, n: (
            f"{n['seat']} builds a station with {n['card']} on "
            + (f"a new line ({n['line']})" if e.new_line else n["line"])
        ),
        "ExtraTourScored": lambda e, n: (
            f"{n['seat']} scores an extra tour on {n['line']}: {plural(e.points, 'point')}"
        ),
        "IncomeTaken": "{seat} puts {card} on the money pile",
        "TramBought": "{seat} buys {tram} for {line}, paying {paid}",
        "DisplayRefilled": "the tram display gets {trams}",
        "LinesDismantled": "{seat} dismantles {lines} into the money pile ({cards})",
        "MoneyHalved": lambda e, _: (
            f"{seat(e.seat)} discards half the money pile: {cards(e.cards)}"
        ),
        "DiscardsReshuffled": lambda e, _: (
            f"the {plural(len(e.order), 'discarded card')} were shuffled into a new draw pile"
        ),
        "CardsDrawn": "{seat} draws {cards}",
        "GameOver": _game_over,
    },
    translations={"de": WORTE},
)
