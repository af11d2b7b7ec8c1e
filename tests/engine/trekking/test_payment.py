"""Paying time with crystals (rules/trekking.md 1B.5 step 2; Part A: `crystals: n`)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE, MALFORMED_MOVE
from boardstate.engine.trekking import events as ev
from tests.engine.trekking.fixtures import (
    card_where,
    no_world,
    of_type,
    play,
    refused,
    table,
    take,
)

ONE = card_where(lambda c: c.hours == 1).id
FIVE = card_where(lambda c: c.hours == 5 and no_world(c) and c.crystals == 0).id
CRYSTAL_CARD = card_where(lambda c: c.crystals == 1 and no_world(c)).id


FULL = [(4, 4, 4, 4), (4, 4, 4, 4)]
"""Full itineraries: tokens are lost, so no itinerary reward muddles the crystal counts."""


def _shown(card: str) -> list[str | None]:
    return [card, None, None, None, None]


@pytest.mark.rules("TK-11")
@pytest.mark.parametrize("spent", [0, 1, 2, 3, 4])
def test_each_crystal_spent_lowers_the_cost_by_one_hour(spent: int) -> None:
    state = table(2, crystals=[4, 0], hours=[0, 11], display=_shown(FIVE), filled=FULL)
    after, events = play(state, 0, take(FIVE, crystals=spent))
    assert of_type(events, ev.CardTaken) == [ev.CardTaken(0, FIVE, 1, spent)]
    assert after.hours[0] == 5 - spent
    assert after.players[0].crystals == 4 - spent


@pytest.mark.rules("TK-11")
def test_crystals_never_lower_the_cost_below_one_hour() -> None:
    state = table(2, crystals=[9, 0], display=_shown(FIVE))
    error = refused(state, 0, take(FIVE, crystals=5))
    assert error.code == ILLEGAL_MOVE
    assert error.details["rule"] == "crystal_floor"


@pytest.mark.rules("TK-11")
def test_a_one_hour_card_cannot_be_reduced() -> None:
    state = table(2, crystals=[3, 0], display=_shown(ONE))
    error = refused(state, 0, take(ONE, crystals=1))
    assert error.details["rule"] == "crystal_floor"


@pytest.mark.rules("TK-12")
def test_only_crystals_held_can_be_spent() -> None:
    state = table(2, crystals=[1, 5], display=_shown(FIVE))
    error = refused(state, 0, take(FIVE, crystals=2))
    assert error.code == ILLEGAL_MOVE
    assert error.details["rule"] == "crystals_held"


@pytest.mark.rules("TK-12")
def test_crystals_gained_this_turn_cannot_pay_for_it() -> None:
    state = table(2, crystals=[0, 0], display=_shown(CRYSTAL_CARD))
    assert refused(state, 0, take(CRYSTAL_CARD, crystals=1)).details["rule"] == "crystals_held"
    after, _ = play(state, 0, take(CRYSTAL_CARD))
    assert after.players[0].crystals >= 1


@pytest.mark.rules("TK-11")
def test_a_negative_crystal_count_is_malformed() -> None:
    state = table(2, display=_shown(FIVE))
    assert refused(state, 0, take(FIVE, crystals=-1)).code == MALFORMED_MOVE


@pytest.mark.rules("TK-9")
def test_crystals_can_turn_an_overshoot_into_a_punctual_landing() -> None:
    state = table(2, hours=[9, 11], crystals=[2, 0], display=_shown(FIVE))
    after, events = play(state, 0, take(FIVE, crystals=2))
    assert after.hours[0] == 12
    assert ev.PrestigeGained(0, 3, ev.Reason.PUNCTUALITY) in events


@pytest.mark.rules("TK-11")
def test_crystals_may_be_spent_even_when_the_watch_would_pass_twelve_anyway() -> None:
    state = table(2, hours=[10, 11], crystals=[4, 0], display=_shown(FIVE), filled=FULL)
    after, events = play(state, 0, take(FIVE, crystals=4))
    assert after.hours[0] == 11
    assert after.players[0].crystals == 0
    assert of_type(events, ev.WatchMoved) == [ev.WatchMoved(0, 1, 11, ev.Why.CARD)]
