"""The end of a day, the next day and the end of the game (rules/trekking.md 1B.8, 1B.9)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import GAME_FINISHED, MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.components import COMPONENTS
from boardstate.engine.trekking.state import Phase
from tests.engine.trekking.fixtures import (
    card_where,
    no_world,
    of_type,
    on_top,
    pick,
    play,
    play_all,
    table,
    take,
)

TWO = card_where(lambda c: c.hours == 2 and no_world(c)).id
ONE = card_where(lambda c: c.hours == 1).id


@pytest.mark.rules("TK-19")
def test_the_day_ends_when_the_last_watch_reaches_twelve() -> None:
    state = table(2, hours=[12, 10], **on_top(TWO))
    after, events = play(state, 1, take(TWO))
    assert [e.TYPE for e in events][-2:] == ["DayEnded", "DayStarted"]
    assert of_type(events, ev.DayEnded)[0].day == 1
    assert after.day == 2
    assert after.phase is Phase.ITINERARY


@pytest.mark.rules("TK-19")
def test_the_day_goes_on_while_a_watch_is_below_twelve() -> None:
    state = table(2, hours=[12, 5], **on_top(ONE))
    after, events = play(state, 1, take(ONE))
    assert not of_type(events, ev.DayEnded)
    assert RULES.to_act(after) == frozenset({1})


@pytest.mark.rules("TK-20")
def test_the_next_day_lays_out_its_own_deck_and_resets_the_clock() -> None:
    state = table(2, hours=[12, 10], **on_top(TWO))
    after, events = play(state, 1, take(TWO))
    deck = COMPONENTS.day_decks[1]
    assert of_type(events, ev.DayStarted) == [ev.DayStarted(2, deck[:5], deck[5])]
    assert after.display == deck[:5]
    assert after.deck == deck[5:]
    assert after.hours == (0, 0)


@pytest.mark.rules("TK-20")
def test_the_next_days_turn_order_comes_from_the_stack_on_twelve() -> None:
    state = table(3, hours=[12, 12, 10], stack=[1, 0, 2], **on_top(TWO))
    after, events = play(state, 2, take(TWO))
    assert of_type(events, ev.DayEnded)[0].stack == (2, 1, 0)
    after, _ = play_all(after, (0, pick("IT-02")), (1, pick("IT-06")), (2, pick("IT-10")))
    order = []
    for _ in range(3):
        seat = next(iter(RULES.to_act(after)))
        order.append(seat)
        after, _ = play(after, seat, take("A-0" + str(len(order))))
    assert order == [2, 1, 0]


@pytest.mark.rules("TK-21")
def test_itineraries_and_their_tokens_leave_while_crystals_pp_and_treks_stay() -> None:
    state = table(
        2,
        hours=[12, 10],
        crystals=[3, 2],
        pp=[7, 4],
        filled=[(2, 1, 0, 0), (4, 4, 4, 4)],
        open_treks=[["A-05"]],
        **on_top(TWO),
    )
    after, _ = play(state, 1, take(TWO))
    p0, p1 = after.players
    assert (p0.itinerary, p0.used, p0.filled, p0.groups_done) == (
        None,
        ("IT-01",),
        (0, 0, 0, 0),
        (),
    )
    assert p1.used == ("IT-05",)
    assert (p0.crystals, p0.pp, p0.open_trek) == (3, 7, ("A-05",))
    assert p1.crystals == 2
    assert p1.pp >= 4
    assert "IT-01" not in p0.hand


@pytest.mark.rules("TK-4", "Q-K3")
def test_the_ancestor_pool_is_not_refreshed_between_days() -> None:
    state = table(2, hours=[12, 10], ancestors=["A-04", "A-09"], **on_top(TWO))
    after, _ = play(state, 1, take(TWO))
    assert after.ancestors == ("A-04", "A-09")


@pytest.mark.rules("TK-22")
def test_the_game_ends_after_the_third_day_with_a_game_over_event() -> None:
    card = card_where(lambda c: c.hours == 2 and no_world(c), day=3).id
    state = table(2, hours=[12, 10], **on_top(card))
    after, events = play(state, 1, take(card))
    assert [e.TYPE for e in events][-2:] == ["DayEnded", "GameOver"]
    assert after.phase is Phase.OVER
    assert RULES.to_act(after) == frozenset()
    assert RULES.legal_moves(after, 0) == RULES.legal_moves(after, 1) == []
    assert RULES.outcome(after) is not None
    assert RULES.outcome(state) is None


@pytest.mark.rules("TK-22")
def test_no_move_is_accepted_once_the_game_is_over() -> None:
    card = card_where(lambda c: c.hours == 2 and no_world(c), day=3).id
    after, _ = play(table(2, hours=[12, 10], **on_top(card)), 1, take(card))
    with pytest.raises(MoveError) as info:
        RULES.decide(after, 0, RULES.parse_move(take("A-01")), Rng.for_decision("x", 1))
    assert info.value.code == GAME_FINISHED
