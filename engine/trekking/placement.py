"""Placing experience tokens on today's itinerary (rules/trekking.md 1B.6; Part A Q-K5).

A turn's tokens are placed in a fixed order, so that one move completes a turn (Part A):
first the coloured tokens printed on the card, then the coloured token of the display space's
bonus, then each World-experience token in the order of the move's `world_columns`. A token
goes on the topmost empty space of its column; if that column is full it is lost (Q-K5). A
World token must go to a column that still has a free space when it is placed, if any has;
only when all four are full may it go anywhere (and is lost). Rewards of a covered space and
the bonus of a linked group whose last space got covered are gained at once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence

from boardstate.engine.trekking.component_types import Card
from boardstate.engine.trekking.components import COLUMNS, COMPONENTS, Bonus, Colour, Token


@dataclasses.dataclass(frozen=True, slots=True)
class Placed:
    """One token's placement: its row (0-based) or `None` when lost, and what it earned."""

    token: Token
    column: Colour
    row: int | None
    pp: int
    crystals: int
    groups: tuple[tuple[int, int], ...]
    """Linked groups completed by this token: (index, bonus PP)."""


def forced_tokens(card: Card, bonus: Bonus | None) -> tuple[Token, ...]:
    """The coloured tokens of a card and of its display space's bonus, in placement order."""
    tokens: list[Token] = [t for t in card.tokens if t is not Token.WORLD]
    if bonus is not None and bonus is not Bonus.CRYSTAL:
        tokens.append(Token(bonus.value))
    return tuple(tokens)


def world_count(card: Card) -> int:
    """How many World-experience tokens the card brings (display bonuses bring none)."""
    return sum(1 for t in card.tokens if t is Token.WORLD)


def fill(filled: Sequence[int], tokens: Sequence[Token]) -> tuple[int, ...]:
    """Column counts after the coloured `tokens` (full columns stay full)."""
    rows = COMPONENTS.spaces_per_column
    out = list(filled)
    for token in tokens:
        colour = token.colour
        assert colour is not None
        col = COLUMNS.index(colour)
        out[col] = min(rows, out[col] + 1)
    return tuple(out)


def world_targets(filled: Sequence[int]) -> tuple[Colour, ...]:
    """Columns a World token may go to now: those with a free space, else any (Q-K5)."""
    rows = COMPONENTS.spaces_per_column
    free = tuple(c for c, n in zip(COLUMNS, filled, strict=True) if n < rows)
    return free or COLUMNS


def world_sequences(filled: Sequence[int], count: int) -> Iterator[tuple[Colour, ...]]:
    """Every allowed `world_columns` for `count` World tokens placed after `filled`."""
    if count == 0:
        yield ()
        return
    for colour in world_targets(filled):
        after = fill(filled, (Token(colour.value),))
        for rest in world_sequences(after, count - 1):
            yield (colour, *rest)


def first_bad_world_column(
    filled: Sequence[int], columns: Sequence[Colour]
) -> tuple[int, Colour] | None:
    """The first World token (index, column) sent to a full column while one is free."""
    current = tuple(filled)
    for i, colour in enumerate(columns):
        if colour not in world_targets(current):
            return i, colour
        current = fill(current, (Token(colour.value),))
    return None


def place(
    itinerary: str,
    filled: Sequence[int],
    done: Sequence[int],
    tokens: Sequence[Token],
    world_columns: Sequence[Colour],
) -> list[Placed]:
    """Places the coloured `tokens`, then World tokens into `world_columns`, in order."""
    layout = COMPONENTS.itineraries[itinerary]
    rows = COMPONENTS.spaces_per_column
    current = list(filled)
    completed = set(done)
    out: list[Placed] = []
    steps = [(t, t.colour) for t in tokens] + [(Token.WORLD, c) for c in world_columns]
    for token, colour in steps:
        assert colour is not None
        col = COLUMNS.index(colour)
        if current[col] >= rows:
            out.append(Placed(token, colour, None, 0, 0, ()))
            continue
        row = current[col]
        current[col] += 1
        groups = []
        for index, group in enumerate(layout.groups):
            if index not in completed and all(current[c] > r for c, r in group.spaces):
                completed.add(index)
                groups.append((index, group.pp))
        out.append(
            Placed(
                token, colour, row, layout.pp[col][row], layout.crystals[col][row], tuple(groups)
            )
        )
    return out
