"""Choosing a card and refilling the display (rules/trekking.md 1B.5 steps 1 and 5; Part A Q-K6)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE, MALFORMED_MOVE
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import events as ev
from tests.engine.trekking.fixtures import (
    card_moves,
    day_cards,
    no_world,
    of_type,
    play,
    refused,
    table,
    take,
)

PLAIN = [c.id for c in day_cards(1) if no_world(c)]
A, B, C, D, E, F, G, H = PLAIN[:8]


@pytest.mark.rules("TK-16")
def test_taking_a_display_card_shifts_the_cards_nearer_the_deck_and_refills_space_one() -> None:
    state = table(2, display=[A, B, C, D, E], deck=[F, G, H])
    after, events = play(state, 0, take(C))
    assert after.display == (F, A, B, D, E)
    assert after.deck == (G, H)
    assert of_type(events, ev.DisplayRefilled) == [ev.DisplayRefilled(space=3, top=G)]


@pytest.mark.rules("TK-16")
def test_taking_space_one_refills_it_from_the_deck_top() -> None:
    state = table(2, display=[A, B, C, D, E], deck=[F, G])
    after, _ = play(state, 0, take(A))
    assert after.display == (F, B, C, D, E)
    assert after.deck == (G,)


@pytest.mark.rules("TK-16", "Q-K11")
def test_taking_the_deck_top_card_only_reveals_the_next_card() -> None:
    state = table(2, display=[A, B, C, D, E], deck=[F, G, H])
    after, events = play(state, 0, take(F))
    assert after.display == (A, B, C, D, E)
    assert after.deck == (G, H)
    assert of_type(events, ev.CardTaken)[0].space == 0
    assert of_type(events, ev.DisplayRefilled) == [ev.DisplayRefilled(space=0, top=G)]
    assert RULES.view(after, None)["deck"]["top"]["id"] == G


@pytest.mark.rules("TK-16")
def test_the_last_deck_card_moves_to_space_one_and_leaves_no_deck_top() -> None:
    state = table(2, display=[A, B, C, D, E], deck=[F])
    after, events = play(state, 0, take(D))
    assert after.display == (F, A, B, C, E)
    assert after.deck == ()
    assert of_type(events, ev.DisplayRefilled) == [ev.DisplayRefilled(space=4, top=None)]


@pytest.mark.rules("Q-K6")
def test_when_the_day_deck_is_empty_the_display_shrinks() -> None:
    state = table(2, hours=[0, 11], display=[A, B, C, D, E], deck=[])
    after, _ = play(state, 0, take(C))
    assert after.display == (None, A, B, D, E)
    after, _ = play(after, 0, take(D))
    assert after.display == (None, None, A, B, E)
    assert [card for card, _ in after.choices()] == [A, B, E]


@pytest.mark.rules("TK-16")
def test_taking_an_ancestor_leaves_the_display_alone() -> None:
    state = table(2, display=[A, B, C, D, E], deck=[F], ancestors=["A-02"])
    after, events = play(state, 0, take("A-02"))
    assert after.display == state.display
    assert after.deck == state.deck
    assert not of_type(events, ev.DisplayRefilled)


@pytest.mark.rules("TK-10")
def test_a_card_below_the_deck_top_cannot_be_chosen() -> None:
    state = table(2, display=[A, B, C, D, E], deck=[F, G])
    error = refused(state, 0, take(G))
    assert error.code == ILLEGAL_MOVE
    assert error.details["rule"] == "card_available"


@pytest.mark.rules("TK-10")
def test_a_card_of_another_day_or_already_taken_cannot_be_chosen() -> None:
    state = table(2, display=[A, B, C, D, E], deck=[F], open_treks=[[G]])
    for card in (G, day_cards(2)[0].id):
        assert refused(state, 0, take(card)).details["rule"] == "card_available"


@pytest.mark.rules("TK-10")
def test_an_ancestor_must_be_in_the_pool() -> None:
    state = table(2, ancestors=["A-01"])
    error = refused(state, 0, take("A-05"))
    assert error.code == ILLEGAL_MOVE
    assert error.details["rule"] == "card_available"


@pytest.mark.rules("TK-10")
def test_an_unknown_card_is_malformed() -> None:
    for card in ("I-99", "A-13", "", "red"):
        assert refused(table(2), 0, take(card)).code == MALFORMED_MOVE


@pytest.mark.rules("Q-K6")
def test_a_player_with_no_card_left_moves_the_watch_to_twelve_without_bonus() -> None:
    state = table(2, hours=[3, 8], display=[None] * 5, deck=[A], ancestors=[])
    after, events = play(state, 0, take(A))
    paid = state.players[0].hours + 0
    moved = of_type(events, ev.WatchMoved)
    assert moved[0].why is ev.Why.CARD
    behind = sorted([(paid + moved[0].hours, 0), (8, 1)])
    assert [(m.seat, m.why) for m in moved[1:]] == [(s, ev.Why.NO_CARD) for _, s in behind]
    assert all(m.position == 12 for m in moved[1:])
    assert not [e for e in of_type(events, ev.PrestigeGained) if e.reason is ev.Reason.PUNCTUALITY]
    assert of_type(events, ev.DayEnded)[0].stack == (behind[1][1], behind[0][1])
    assert after.day == 2


@pytest.mark.rules("Q-K6")
def test_while_ancestors_remain_a_player_must_take_one() -> None:
    state = table(2, hours=[3, 8], display=[None] * 5, deck=[], ancestors=["A-01"])
    assert {m.card for m in card_moves(state, 0)} == {"A-01"}
