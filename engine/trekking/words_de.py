"""Trekking through History's moves and events in German (issue 39, item 6), with the words of
"Trekking – Reise durch die Zeit", the German edition rules/trekking.md quotes: the trek is the
Reise, an itinerary a Reiseplan, the watch the Uhr, prestige Prestigepunkte; history cards keep
their printed titles."""

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
    plaetze,
    punkte,
)
from boardstate.engine.trekking.components import COMPONENTS

EXPERIENCE = {
    "red": "Persönlichkeit",
    "blue": "Ereignis",
    "yellow": "Erfindung",
    "green": "Fortschritt",
}
"""The four kinds of experience by colour (Person, Event, Innovation, Progress)."""
REASONS = {
    "start": "zum Start",
    "card": "von der Karte",
    "display_space": "vom Auslagefeld",
    "itinerary_space": "vom Reiseplan",
    "punctuality": "für Pünktlichkeit",
    "ancestor": "vom Vorfahren",
}


def jahr(value: int, circa: bool) -> str:
    era = f"{-value} v. Chr." if value < 0 else str(value)
    return f"ca. {era}" if circa else era


def karte(card_id: str) -> str:
    """A history card by its printed title and year; an ancestor by hours and prestige."""
    if card_id in COMPONENTS.cards:
        found = COMPONENTS.cards[card_id]
        return f"{found.title} ({jahr(found.year, found.circa)})"
    if card_id in COMPONENTS.ancestors:
        ancestor = COMPONENTS.ancestors[card_id]
        hours = anzahl(ancestor.hours, "Stunde", "Stunden")
        prestige = anzahl(ancestor.pp, "Prestigepunkt", "Prestigepunkte")
        return f"einen Vorfahren ({hours}, {prestige})"
    return "eine Karte"


def karten(ids: Sequence[str | None]) -> str:
    return benannte(ids, karte, "verdeckte Karte", "verdeckte Karten")


def reiseplan(itinerary_id: str) -> str:
    """`IT-09` as "Reiseplan 9" (the number printed on the card)."""
    number = itinerary_id.rsplit("-", 1)[-1].lstrip("0")
    return f"Reiseplan {number}" if number.isdigit() else "ein Reiseplan"


def reiseplaene(ids: Sequence[str | None]) -> str:
    return benannte(ids, reiseplan, "verdeckter Reiseplan", "verdeckte Reisepläne")


def spalte(colour: Any) -> str:
    return f"die Spalte {EXPERIENCE.get(colour.value, colour.value)} ({farbe(colour.value)})"


def _choose(move: Any, _: Namer) -> str:
    text = f"{karte(move.card)} nehmen"
    if move.crystals:
        text += f" und {anzahl(move.crystals, 'Kristall', 'Kristalle')} ausgeben"
    if move.world_columns:
        text += f"; Weltmarker in {liste([spalte(c) for c in move.world_columns])}"
    return text


OPTIONEN = {
    "equal_years": (
        "Gleiche Jahre",
        "Ob eine Karte desselben Jahres wie die letzte Karte der Reise die Reise fortsetzt oder "
        "abschließt.",
    ),
    "tie_break": (
        "Gleichstand",
        "Was bei gleicher Punktzahl entscheidet: die meisten übrigen Kristalle oder ein geteilter "
        "Sieg.",
    ),
    "display_bonuses": (
        "Boni der Auslage",
        "Der Bonus jedes der fünf Auslagefelder, das Feld am Stapel zuerst; leer: die Reihenfolge "
        "des Datensatzes.",
    ),
}
"""Each `createGame` option's title and description in German."""


WORTE = Words(
    tongue=GERMAN,
    options=OPTIONEN,
    names={
        "card": karte,
        "cards": karten,
        "order": karten,
        "display": lambda ids: liste([karte(c) if c else "ein leeres Feld" for c in ids]),
        "top": karte,
        "itinerary": reiseplan,
        "itineraries": reiseplaene,
        "column": spalte,
        "stack": plaetze,
        "reason": lambda r: REASONS.get(r.value, r.value.replace("_", " ")),
        "token": lambda t: f"einen {farbe(t.value)}en Marker",
    },
    missing={"itinerary": "einen Reiseplan", "top": "keine Karte", "card": "eine verdeckte Karte"},
    phrases={
        "choose_itinerary": "{itinerary} für den Tag wählen",
        "choose_card": _choose,
        "DataSetRecorded": "das Spiel verwendet die Karten von Underdog 2022",
        "StartPlayerChosen": "{seat} beginnt",
        "AncestorsDrawn": lambda e, _: (
            f"{anzahl(len(e.cards), 'Vorfahre wird', 'Vorfahren werden')} ausgelegt"
        ),
        "DeckShuffled": lambda e, _: (
            f"der Stapel von Tag {e.day} mit {len(e.order)} Karten wird gemischt"
        ),
        "ItinerariesDealt": "{seat} erhält {itineraries}",
        "DayStarted": "Tag {day} beginnt; die Auslage zeigt {display}",
        "ItineraryCommitted": "{seat} wählt {itinerary}",
        "ItinerariesRevealed": "die Reisepläne werden aufgedeckt: {itineraries}",
        "CardTaken": lambda e, n: (
            f"{n['seat']} nimmt {n['card']}"
            + (f" und {anzahl(e.crystals, 'Kristall', 'Kristalle')}" if e.crystals else "")
        ),
        "WatchMoved": lambda e, n: (
            f"die Uhr von {n['seat']} rückt {anzahl(e.hours, 'Stunde', 'Stunden')} "
            f"auf {e.position} vor"
            + (" (keine Karte mehr zu nehmen)" if e.why.value == "no_card" else "")
        ),
        "PrestigeGained": lambda e, n: (
            f"{n['seat']} erhält {anzahl(e.points, 'Prestigepunkt', 'Prestigepunkte')} "
            f"{n['reason']}"
        ),
        "CrystalsGained": lambda e, n: (
            f"{n['seat']} erhält {anzahl(e.count, 'Kristall', 'Kristalle')} {n['reason']}"
        ),
        "TokenPlaced": lambda e, n: (
            f"{n['seat']} legt {n['token']} in {n['column']}"
            + (f", Reihe {e.row}" if e.row is not None else "")
        ),
        "GroupCompleted": lambda e, n: (
            f"{n['seat']} vervollständigt Gruppe {e.group} für "
            f"{anzahl(e.points, 'Prestigepunkt', 'Prestigepunkte')}"
        ),
        "CardAddedToTrek": lambda e, n: (
            f"{n['seat']} fügt {n['card']} der Reise hinzu"
            + (" und schließt sie ab" if e.closed else "")
        ),
        "DisplayRefilled": "die Auslage rückt auf; der Stapel zeigt jetzt {top}",
        "DayEnded": "Tag {day} endet; die neue Reihenfolge ist {stack}",
        "GameOver": lambda e, _: (
            f"Spielende: {punkte(e.totals, 'Prestigepunkt', 'Prestigepunkte')}; "
            f"{gewinnt(e.winners)}"
        ),
    },
)
