"""Draw-pile exhaustion (rules/trambahn.md 1A.7; Part A Q-T2)."""

from __future__ import annotations

from collections import Counter

import pytest

from boardstate.engine.trambahn import events as ev
from tests.engine.trambahn.fixtures import cards, end, kinds, of_type, play, table

HAND = ("red-7", "blue-5")
MONEY_0 = cards(7, 0)
MONEY_1 = cards(4, 40)


@pytest.mark.rules("TB-23")
def test_an_empty_draw_pile_makes_both_players_discard_half_their_money() -> None:
    state = table(hands=[HAND], step="stations", draw=[], money=[MONEY_0, MONEY_1])
    after, events = play(state, 0, end())
    halved = of_type(events, ev.MoneyHalved)
    assert [(h.seat, len(h.cards)) for h in halved] == [(0, 3), (1, 2)]
    assert [len(p.money) for p in after.players] == [4, 2]
    assert Counter(after.players[0].money) + Counter(halved[0].cards) == Counter(MONEY_0)
    assert Counter(after.players[1].money) + Counter(halved[1].cards) == Counter(MONEY_1)


@pytest.mark.rules("TB-23")
def test_the_discards_including_the_halved_money_are_shuffled_into_the_new_draw_pile() -> None:
    discard = ("conductor", "green-9")
    state = table(hands=[HAND], step="stations", draw=[], discard=discard, money=[MONEY_0, MONEY_1])
    after, events = play(state, 0, end())
    halved = [c for h in of_type(events, ev.MoneyHalved) for c in h.cards]
    (reshuffled,) = of_type(events, ev.DiscardsReshuffled)
    assert Counter(reshuffled.order) == Counter(discard) + Counter(halved)
    assert after.discard == ()


@pytest.mark.rules("TB-23")
def test_drawing_continues_from_the_new_draw_pile() -> None:
    state = table(hands=[HAND], step="stations", draw=["green-1"], discard=["conductor"], money=[6])
    after, events = play(state, 0, end())
    assert kinds(events) == [
        "CardsDrawn",
        "MoneyHalved",
        "DiscardsReshuffled",
        "CardsDrawn",
        "TurnStarted",
    ]
    order = of_type(events, ev.DiscardsReshuffled)[0].order
    assert of_type(events, ev.CardsDrawn)[1].cards == order[:3]
    assert after.players[0].hand == (*HAND, "green-1", *order[:3])
    assert after.draw_pile == order[3:]


@pytest.mark.rules("Q-T2")
def test_an_odd_money_pile_loses_the_smaller_half() -> None:
    state = table(hands=[HAND], step="stations", draw=[], discard=cards(4, 9), money=[5, 1])
    after, events = play(state, 0, end())
    assert [(h.seat, len(h.cards)) for h in of_type(events, ev.MoneyHalved)] == [(0, 2)]
    assert [len(p.money) for p in after.players] == [3, 1]


@pytest.mark.rules("Q-T9")
def test_the_halved_money_cards_are_chosen_with_the_seeded_rng() -> None:
    state = table(hands=[HAND], step="stations", draw=[], money=[cards(10, 0), 0])
    choices = [of_type(play(state, 0, end(), seed=s)[1], ev.MoneyHalved)[0].cards for s in range(8)]
    again = of_type(play(state, 0, end(), seed=3)[1], ev.MoneyHalved)[0].cards
    assert again == choices[3]
    assert len(set(choices)) > 1


@pytest.mark.rules("TB-23")
def test_no_exhaustion_while_the_draw_pile_holds_enough_cards() -> None:
    state = table(hands=[HAND], step="stations", draw=cards(4), money=[8, 8])
    after, events = play(state, 0, end())
    assert kinds(events) == ["CardsDrawn", "TurnStarted"]
    assert after.draw_pile == ()
    assert [len(p.money) for p in after.players] == [8, 8]


@pytest.mark.rules("Q-T2")
def test_when_draw_and_discard_piles_stay_empty_the_player_keeps_what_there_is() -> None:
    state = table(hands=[HAND], step="stations", draw=["green-1"], money=[1, 0])
    after, events = play(state, 0, end())
    assert kinds(events) == ["CardsDrawn", "TurnStarted"]
    assert after.players[0].hand == (*HAND, "green-1")
    assert after.players[0].money == state.players[0].money


@pytest.mark.rules("TB-23")
def test_exhaustion_repeats_while_the_hand_is_short_and_halving_yields_cards() -> None:
    # Engine choice (Part A silent): with both piles empty, the halved money is the new draw
    # pile; if that is still too short, the next card to draw exhausts the pile again.
    state = table(hands=[HAND], step="stations", draw=[], money=[4, 0])
    after, events = play(state, 0, end())
    assert kinds(events) == [
        "MoneyHalved",
        "DiscardsReshuffled",
        "CardsDrawn",
        "MoneyHalved",
        "DiscardsReshuffled",
        "CardsDrawn",
        "TurnStarted",
    ]
    assert len(after.players[0].hand) == 5
    assert len(after.players[0].money) == 1
