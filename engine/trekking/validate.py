"""Consistency checks of the Trekking data set against rules/trekking.md Part A.

Raises `DataFileError` naming the first broken requirement: 108 history cards, 36 per day,
years within the day's range, Part A's hour and reward distribution, equal colours (±1) and
about one World token in ten per day; the 12 ancestors; 24 different itineraries within
Part A's bounds; the display bonuses; the trek table.
"""

from __future__ import annotations

from collections import Counter

from boardstate.engine.core.data import DataFileError
from boardstate.engine.trekking.component_types import Components, Itinerary
from boardstate.engine.trekking.kinds import Bonus, Colour, Token

CARDS_PER_DAY = 36
HOURS = {1: 6, 2: 8, 3: 9, 4: 8, 5: 5}
CRYSTAL_VARIANTS = {1: 0, 2: 0, 3: 3, 4: 2, 5: 1}
ITINERARIES = 24
ANCESTORS = 12


def _fail(comps: Components, message: str) -> DataFileError:
    return DataFileError(f"{comps.data.id}: {message}")


def _check_day(comps: Components, day: int) -> None:
    cards = [comps.cards[c] for c in comps.day_decks[day - 1]]
    if len(cards) != CARDS_PER_DAY:
        raise _fail(comps, f"day {day} has {len(cards)} cards, not {CARDS_PER_DAY}")
    lo, hi = comps.year_ranges[day - 1]
    for card in cards:
        if not lo <= card.year <= hi:
            raise _fail(comps, f"{card.id} ({card.year}) is outside day {day}'s {lo}..{hi}")
        if not card.title.strip():
            raise _fail(comps, f"{card.id} has no event title")
        plain = len(card.tokens) == card.hours and card.crystals == 0
        variant = card.hours >= 3 and len(card.tokens) == card.hours - 1 and card.crystals == 1
        if not (plain or variant):
            raise _fail(comps, f"{card.id}: {card.hours}h must give {card.hours} tokens")
    if Counter(c.hours for c in cards) != Counter(HOURS):
        raise _fail(comps, f"day {day}: hours must be distributed as {HOURS}")
    variants = Counter(c.hours for c in cards if c.crystals)
    if any(variants[h] != n for h, n in CRYSTAL_VARIANTS.items()):
        raise _fail(comps, f"day {day}: crystal variants must be {CRYSTAL_VARIANTS}")
    tokens = Counter(t for c in cards for t in c.tokens)
    per_colour = [tokens[Token(c.value)] for c in Colour]
    if max(per_colour) - min(per_colour) > 1:
        raise _fail(comps, f"day {day}: colours must appear equally often (±1): {per_colour}")
    total = sum(tokens.values())
    if abs(tokens[Token.WORLD] * 10 - total) > 20:
        raise _fail(comps, f"day {day}: about one token in ten must be a World token")


def _check_itinerary(comps: Components, it: Itinerary) -> None:
    rows = comps.spaces_per_column
    pp = [(c, r) for c in range(4) for r in range(rows) if it.pp[c][r]]
    crystals = [(c, r) for c in range(4) for r in range(rows) if it.crystals[c][r]]
    if not 3 <= len(pp) <= 5 or any(not 1 <= it.pp[c][r] <= 3 for c, r in pp):
        raise _fail(comps, f"{it.id}: needs 3–5 spaces of 1–3 PP")
    if not 1 <= len(crystals) <= 2 or any(it.crystals[c][r] != 1 for c, r in crystals):
        raise _fail(comps, f"{it.id}: needs 1–2 spaces of one crystal")
    if set(pp) & set(crystals):
        raise _fail(comps, f"{it.id}: a space gives either PP or a crystal")
    if not 1 <= len(it.groups) <= 2:
        raise _fail(comps, f"{it.id}: needs 1–2 linked groups")
    for group in it.groups:
        spaces = group.spaces
        if not 2 <= len(spaces) <= 4 or len(set(spaces)) != len(spaces):
            raise _fail(comps, f"{it.id}: a linked group has 2–4 different spaces")
        if len({c for c, _ in spaces}) < 2 or not 3 <= group.pp <= 6:
            raise _fail(comps, f"{it.id}: a group spans 2+ columns and gives 3–6 PP")
        if any(not (0 <= c < 4 and 0 <= r < rows) for c, r in spaces):
            raise _fail(comps, f"{it.id}: a group space is off the itinerary")


def validate(comps: Components) -> None:
    """Raises `DataFileError` unless the components match Part A."""
    if comps.days != len(comps.day_decks) or comps.days != len(comps.year_ranges):
        raise _fail(comps, "one year range and one deck per day")
    for day in range(1, comps.days + 1):
        _check_day(comps, day)
    events = Counter((c.title, c.year) for c in comps.cards.values())
    if max(events.values()) > 1:
        raise _fail(comps, "every history card shows a different event")
    ancestors = list(comps.ancestors.values())
    small = [a for a in ancestors if (a.hours, a.pp, a.tokens) == (1, 1, ())]
    world = [a for a in ancestors if (a.hours, a.pp, a.tokens) == (2, 0, (Token.WORLD,))]
    if len(ancestors) != ANCESTORS or len(small) != 6 or len(world) != 6:
        raise _fail(comps, "six ancestors cost 1h and give 1 PP, six cost 2h and give a World")
    if len(comps.itineraries) != ITINERARIES:
        raise _fail(comps, f"there must be {ITINERARIES} itineraries")
    layouts = {(i.pp, i.crystals, i.groups) for i in comps.itineraries.values()}
    if len(layouts) != ITINERARIES:
        raise _fail(comps, "all itineraries differ")
    for it in comps.itineraries.values():
        _check_itinerary(comps, it)
    if sorted(b.value for b in comps.display_bonuses) != sorted(b.value for b in Bonus):
        raise _fail(comps, "the display bonuses are each of the five bonuses once")
    if len(comps.display_bonuses) != comps.display_spaces:
        raise _fail(comps, "one bonus per display space")
    table = comps.trek_table
    if len(table) != 10 or table[0] >= 0 or table[-1] != 30 or list(table) != sorted(table):
        raise _fail(comps, "treks of 1..10 cards: negative for 1, 30 for 10, never falling")
    needed = comps.itineraries_per_player * 4
    if needed > ITINERARIES or comps.ancestors_per_player * 4 > ANCESTORS:
        raise _fail(comps, "not enough itineraries or ancestors for 4 players")
