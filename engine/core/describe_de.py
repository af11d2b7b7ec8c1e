"""The generic words of `engine.core.describe` in German, the games' own language (issue 39,
item 6): lists joined with "und", counts with their plural, seats as "Platz 1", points by seat
and the colours the games print. A game's German phrases (`words_de` beside its `words`) are
built from these as its English ones are from `describe`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from boardstate.engine.core.describe import GERMAN, listing

COLOURS = {
    "red": "rot",
    "blue": "blau",
    "green": "grün",
    "yellow": "gelb",
    "white": "weiß",
    "black": "schwarz",
}
"""The colours of the games' pieces and cards in German (a colour not listed: as it is)."""


def farbe(value: str) -> str:
    """A colour in German (`red` as "rot")."""
    return COLOURS.get(value, value)


def liste(items: Sequence[str]) -> str:
    """`a`, `a und b`, `a, b und c`; `nichts` for no items."""
    return listing(items, GERMAN.conjunction, GERMAN.nothing)


def anzahl(count: int, one: str, many: str) -> str:
    """`1 Karte`, `2 Karten`."""
    return f"{count} {one if count == 1 else many}"


def benannte(items: Sequence[str | None], name: Callable[[str], str], one: str, many: str) -> str:
    """Items the viewer sees by `name`, those redacted (`None`) counted at the end:
    "Linie 3, Linie 5 und 2 verdeckte Karten" (`one`/`many`: the hidden item's singular/plural)."""
    hidden = sum(1 for item in items if item is None)
    more = [anzahl(hidden, one, many)] if hidden else []
    return liste([name(item) for item in items if item is not None] + more)


def platz(value: int) -> str:
    """A seat in German ("Platz 0"; seats are 0-based on the wire)."""
    return GERMAN.seat_of(value)


def plaetze(values: Sequence[int]) -> str:
    return liste([platz(v) for v in values])


def punkte(values: Sequence[int], one: str = "Punkt", many: str = "Punkte") -> str:
    """Points by seat: "2 Punkte für Platz 0 und 18 Punkte für Platz 1"."""
    return liste([f"{anzahl(v, one, many)} für {platz(s)}" for s, v in enumerate(values)])


def gewinnt(winners: Sequence[int]) -> str:
    """ "Platz 1 gewinnt", "Platz 0 und Platz 1 gewinnen"."""
    return f"{plaetze(winners)} {'gewinnt' if len(winners) == 1 else 'gewinnen'}"
