"""Trambahn's moves and events in German, the game's own words (issue 39, item 6): a scoring is
a Fahrt, a station a Haltestelle, a passenger a Fahrgast, a conductor a Schaffner, the money
pile the Geldstapel (rules/trambahn.md quotes them from the German game reports)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.engine.core.describe import GERMAN, Namer, Words
from boardstate.engine.core.describe_de import (
    anzahl,
    benannte,
    farbe,
    gewinnt,
    liste,
    platz,
    punkte,
)
from boardstate.engine.trambahn.components import CONDUCTOR, DATA, Colour, card_colour, card_value

_NUMERALS: dict[str, str] = DATA.values["terminal_numerals"]
TRAMS = {"horse": "Pferdebahn", "steam": "Dampfstraßenbahn", "electric": "elektrische Straßenbahn"}
"""The three trams: horse-drawn, steam and electric."""
REASONS = {"tenth_scoring": "nach der zehnten Fahrt", "no_cards": "weil keine Karten mehr da sind"}


def karte(code: str) -> str:
    """`red-9` as "rot 9"; a conductor as "einen Schaffner" (cards are taken, paid, laid)."""
    if code == CONDUCTOR:
        return "einen Schaffner"
    colour = card_colour(code)
    return f"{farbe(colour.value) if colour else code} {card_value(code)}"


def karten(codes: Sequence[str | None]) -> str:
    return benannte(codes, karte, "verdeckte Karte", "verdeckte Karten")


def endstation(colour: Colour) -> str:
    return f"die {farbe(colour.value)}e Endstation ({_NUMERALS[colour.value]})"


def linie(number: int) -> str:
    return f"Linie {number}"


def bahn(kind: Any) -> str:
    return f"eine {TRAMS.get(kind.value, kind.value)}"


def bahnen(kinds: Sequence[Any]) -> str:
    return liste([bahn(k) for k in kinds]) if kinds else "keine Bahn"


def _passengers(move: Any, _: Namer) -> str:
    boarded = [f"{karte(p.card)} an {endstation(p.terminal)}" for p in move.passengers]
    return f"Fahrgäste anlegen: {liste(boarded)}"


def _scored(event: Any, _: Namer) -> str:
    colour = farbe(event.colour.value)
    return f"Fahrt {event.number} der {colour}en Linien gewertet: {punkte(event.points)}"


def _game_over(event: Any, _: Namer) -> str:
    why = REASONS.get(event.reason, event.reason.replace("_", " "))
    return f"Spielende {why}: {punkte(event.totals)}; {gewinnt(event.winners)}"


OPTIONEN = {
    "money_halving": (
        "Geldstapel halbieren",
        "Ist der Nachziehstapel leer, wirft jeder die Hälfte seines Geldstapels ab: abgerundet "
        "(die größere Hälfte bleibt) oder aufgerundet.",
    ),
    "display_refill": (
        "Bahnauslage auffüllen",
        "Wann die Bahnauslage wieder auf drei Bahnen aufgefüllt wird: am Ende des Zuges oder "
        "gleich nach jedem Kauf.",
    ),
    "tie_break": (
        "Gleichstand",
        "Was bei gleicher Punktzahl entscheidet: ein geteilter Sieg oder mehr Punkte aus "
        "Sonderfahrten.",
    ),
}
"""Each `createGame` option's title and description in German."""


WORTE = Words(
    tongue=GERMAN,
    options=OPTIONEN,
    names={
        "card": karte,
        "cards": karten,
        "paid": karten,
        "discarded": karten,
        "order": karten,
        "terminal": endstation,
        "line": linie,
        "lines": lambda ns: liste([linie(n) for n in ns]),
        "tram": bahn,
        "trams": bahnen,
        "display": bahnen,
    },
    missing={"line": "eine neue Linie", "card": "eine verdeckte Karte"},
    phrases={
        "board_passengers": _passengers,
        "build_station": "eine Haltestelle mit {card} an {line} bauen",
        "take_income": "{card} auf den Geldstapel legen",
        "buy_tram": "{tram} für {line} kaufen",
        "end_turn": "den Zug beenden: Linien ohne Bahn abräumen und auf sechs Karten ergänzen",
        "DeckShuffled": lambda e, _: (
            f"die {len(e.order)} Karten werden zum Nachziehstapel gemischt"
        ),
        "StartPlayerChosen": "{seat} beginnt",
        "MoneyDealt": lambda e, _: (
            f"{platz(e.seat)} erhält {anzahl(len(e.cards), 'Geldkarte', 'Geldkarten')}"
        ),
        "TramsLaidOut": "die Bahnauslage zeigt {display}",
        "TurnStarted": "Zug {turn}: {seat} ist am Zug",
        "PassengerBoarded": "{seat} legt {card} als Fahrgast an {terminal}",
        "FahrtScored": _scored,
        "StationBuilt": lambda e, n: (
            f"{n['seat']} baut eine Haltestelle mit {n['card']} an "
            + (f"eine neue Linie ({n['line']})" if e.new_line else n["line"])
        ),
        "ExtraTourScored": lambda e, n: (
            f"{n['seat']} wertet eine Sonderfahrt auf {n['line']}: "
            f"{anzahl(e.points, 'Punkt', 'Punkte')}"
        ),
        "IncomeTaken": "{seat} legt {card} auf den Geldstapel",
        "TramBought": "{seat} kauft {tram} für {line} und zahlt {paid}",
        "DisplayRefilled": "die Bahnauslage erhält {trams}",
        "LinesDismantled": "{seat} räumt {lines} auf den Geldstapel ab ({cards})",
        "MoneyHalved": lambda e, _: (
            f"{platz(e.seat)} wirft die Hälfte des Geldstapels ab: {karten(e.cards)}"
        ),
        "DiscardsReshuffled": lambda e, _: (
            f"die {anzahl(len(e.order), 'abgeworfene Karte', 'abgeworfenen Karten')} werden "
            "zum neuen Nachziehstapel gemischt"
        ),
        "CardsDrawn": "{seat} zieht {cards}",
        "GameOver": _game_over,
    },
)
