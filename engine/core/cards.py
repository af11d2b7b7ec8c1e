"""Immutable deck helpers: piles are tuples whose index 0 is the top card."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)


def draw(pile: Sequence[T], count: int) -> tuple[tuple[T, ...], tuple[T, ...]]:
    """Returns `(drawn, rest)`: up to `count` cards from the top of `pile`."""
    if count < 0:
        raise ValueError(f"cannot draw {count} cards")
    return tuple(pile[:count]), tuple(pile[count:])


def remove_one(cards: Sequence[T], card: T) -> tuple[T, ...]:
    """Returns `cards` without the first occurrence of `card`; raises `ValueError` if absent."""
    index = list(cards).index(card)
    return (*cards[:index], *cards[index + 1 :])


def remove_all(cards: Sequence[T], removed: Sequence[T]) -> tuple[T, ...]:
    """Returns `cards` without one occurrence of each element of `removed`."""
    rest = tuple(cards)
    for card in removed:
        rest = remove_one(rest, card)
    return rest


def contains_all(cards: Sequence[T], wanted: Sequence[T]) -> bool:
    """Tells whether `cards` holds every element of `wanted`, counting repeats."""
    try:
        remove_all(cards, wanted)
    except ValueError:
        return False
    return True


def unique(items: Sequence[H]) -> tuple[H, ...]:
    """Returns `items` without repeats, first occurrences kept in order."""
    return tuple(dict.fromkeys(items))
