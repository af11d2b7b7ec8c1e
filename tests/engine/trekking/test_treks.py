"""Treks (rules/trekking.md 1B.7; Part A: ancestors wild, Q-K7 equal years, Q-K8 carry-over)."""

from __future__ import annotations

import pytest

from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.components import COMPONENTS
from tests.engine.trekking.fixtures import (
    day_cards,
    of_type,
    on_top,
    pick,
    play,
    play_all,
    table,
    take,
    worlds,
)

DAY = day_cards(1)
EARLY, MIDDLE, LATE = DAY[5].id, DAY[15].id, DAY[30].id
"""Three day-one cards in chronological order (the data lists each day by year)."""


def _trek_event(events: list[ev.Event]) -> ev.CardAddedToTrek:
    return of_type(events, ev.CardAddedToTrek)[0]


@pytest.mark.rules("TK-17")
def test_the_first_card_starts_the_open_trek() -> None:
    state = table(2, **on_top(MIDDLE))
    after, events = play(state, 0, take(MIDDLE))
    assert _trek_event(events) == ev.CardAddedToTrek(0, MIDDLE, closed=False)
    assert after.players[0].open_trek == (MIDDLE,)
    assert after.players[0].reference_year == DAY[15].year


@pytest.mark.rules("TK-17")
def test_a_card_with_a_later_year_continues_the_open_trek() -> None:
    state = table(2, open_treks=[[EARLY]], **on_top(MIDDLE))
    after, events = play(state, 0, take(MIDDLE))
    assert _trek_event(events).closed is False
    assert after.players[0].open_trek == (EARLY, MIDDLE)
    assert after.players[0].closed_treks == ()


@pytest.mark.rules("TK-17")
def test_a_card_with_an_earlier_year_closes_the_trek_and_starts_a_new_one() -> None:
    state = table(2, open_treks=[[EARLY, LATE]], **on_top(MIDDLE))
    after, events = play(state, 0, take(MIDDLE))
    assert _trek_event(events) == ev.CardAddedToTrek(0, MIDDLE, closed=True)
    assert after.players[0].closed_treks == ((EARLY, LATE),)
    assert after.players[0].open_trek == (MIDDLE,)


def _same_year() -> tuple[str, str]:
    """Two cards of one year from different days (the data set has one such pair)."""
    for card in day_cards(3):
        for other in day_cards(1):
            if other.year == card.year:
                return other.id, card.id
    raise AssertionError("no two cards share a year")


@pytest.mark.rules("Q-K7")
@pytest.mark.parametrize(
    ("option", "closed"), [(None, False), ("continue", False), ("break", True)]
)
def test_a_card_of_the_same_year_continues_the_trek_unless_the_option_says_break(
    option: str | None, closed: bool
) -> None:
    earlier, card = _same_year()
    options = None if option is None else {"equal_years": option}
    state = table(2, open_treks=[[earlier]], options=options, **on_top(card))
    after, events = play(state, 0, take(card, world=["red"] * worlds(COMPONENTS.cards[card])))
    assert _trek_event(events).closed is closed
    assert after.players[0].treks == (((earlier,), (card,)) if closed else ((earlier, card),))


@pytest.mark.rules("TK-18")
def test_an_ancestor_always_joins_the_open_trek() -> None:
    state = table(2, open_treks=[[LATE]], ancestors=["A-01", "A-02"])
    after, events = play(state, 0, take("A-01"))
    assert _trek_event(events) == ev.CardAddedToTrek(0, "A-01", closed=False)
    assert after.players[0].open_trek == (LATE, "A-01")


@pytest.mark.rules("TK-18")
def test_an_ancestor_does_not_change_the_reference_year() -> None:
    state = table(2, open_treks=[[MIDDLE, "A-01"]], ancestors=["A-02"], **on_top(LATE))
    assert state.players[0].reference_year == DAY[15].year
    after, events = play(state, 0, take(LATE))
    assert _trek_event(events).closed is False
    assert after.players[0].open_trek == (MIDDLE, "A-01", LATE)
    state = table(2, open_treks=[[MIDDLE, "A-01"]], ancestors=["A-02"], **on_top(EARLY))
    after, _ = play(state, 0, take(EARLY))
    assert after.players[0].closed_treks == ((MIDDLE, "A-01"),)


@pytest.mark.rules("TK-18")
def test_an_ancestor_taken_without_an_open_trek_starts_one() -> None:
    state = table(2, ancestors=["A-03"])
    after, _ = play(state, 0, take("A-03"))
    assert after.players[0].open_trek == ("A-03",)
    assert after.players[0].reference_year is None


@pytest.mark.rules("TK-18")
def test_any_history_card_continues_a_trek_of_ancestors_only() -> None:
    state = table(2, open_treks=[["A-01", "A-02"]], ancestors=["A-03"], **on_top(EARLY))
    after, events = play(state, 0, take(EARLY))
    assert _trek_event(events).closed is False
    assert after.players[0].open_trek == ("A-01", "A-02", EARLY)


@pytest.mark.rules("Q-K8")
def test_treks_carry_over_from_one_day_to_the_next() -> None:
    last = day_cards(1)[-1]
    state = table(
        2, hours=[11, 12], open_treks=[[EARLY]], display=[None] * 5, deck=[last.id], ancestors=[]
    )
    state, events = play(state, 0, take(last.id, world=["red"] * worlds(last)))
    assert of_type(events, ev.DayStarted)
    assert state.players[0].open_trek == (EARLY, last.id)
    assert state.players[0].closed_treks == ()
    state, _ = play_all(state, (0, pick("IT-02")), (1, pick("IT-06")))
    assert state.day == 2
    first = state.display[0]
    assert first is not None
    assert COMPONENTS.cards[first].year < last.year
    state, _ = play(state, 0, take(first, world=["red"] * worlds(COMPONENTS.cards[first])))
    assert state.players[0].closed_treks == ((EARLY, last.id),)
    assert state.players[0].open_trek == (first,)
