"""Set-up (rules/trekking.md 1B.3; Part A: ancestors, itineraries, decks, Q-K13)."""

from __future__ import annotations

from collections import Counter

import pytest

from boardstate.engine.core.errors import BAD_PLAYER_COUNT, GAME_NOT_STARTED, MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.components import COMPONENTS, DATA
from boardstate.engine.trekking.state import Phase
from tests.engine.trekking.fixtures import of_type, opening, opening_events, take


@pytest.mark.rules("TK-3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_one_crystal_four_itineraries_and_the_watch_on_twelve(
    players: int,
) -> None:
    state = opening(players)
    for p in state.players:
        assert p.crystals == 1
        assert len(p.hand) == 4
        assert p.hours == 0
        assert p.pp == 0
    dealt = [i for p in state.players for i in p.hand]
    assert len(set(dealt)) == 4 * players


@pytest.mark.rules("TK-4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_shared_ancestor_pool_holds_three_ancestors_per_player(players: int) -> None:
    state = opening(players)
    assert len(state.ancestors) == 3 * players
    assert set(state.ancestors) <= set(COMPONENTS.ancestors)
    assert len(set(state.ancestors)) == len(state.ancestors)


@pytest.mark.rules("TK-4")
def test_the_ancestors_are_drawn_with_the_seeded_rng() -> None:
    pools = {opening(2, f"seed-{i}").ancestors for i in range(6)}
    assert len(pools) > 1
    assert opening(2, "x").ancestors == opening(2, "x").ancestors


@pytest.mark.rules("TK-5")
def test_each_day_deck_is_shuffled_separately_and_day_one_is_laid_out() -> None:
    events = opening_events(3)
    shuffled = of_type(events, ev.DeckShuffled)
    assert [e.day for e in shuffled] == [1, 2, 3]
    for e in shuffled:
        assert Counter(e.order) == Counter(COMPONENTS.day_decks[e.day - 1])
    day_one = shuffled[0].order
    started = of_type(events, ev.DayStarted)[0]
    assert started.day == 1
    assert started.display == day_one[:5]
    assert started.top == day_one[5]


@pytest.mark.rules("TK-5", "Q-K11")
def test_the_display_shows_five_cards_and_the_face_up_deck_top_is_the_sixth_choice() -> None:
    state = opening(2)
    assert len(state.display) == 5
    assert all(c is not None for c in state.display)
    assert len(state.deck) == 36 - 5
    assert [space for _, space in state.choices()] == [1, 2, 3, 4, 5, 0]


@pytest.mark.rules("Q-K13")
def test_the_start_player_is_drawn_and_placed_on_top_of_the_stack_in_player_order() -> None:
    starts = set()
    for i in range(12):
        events = opening_events(4, f"seed-{i}")
        chosen = of_type(events, ev.StartPlayerChosen)[0]
        s = chosen.seat
        assert chosen.stack == tuple((s + k) % 4 for k in range(4))
        starts.add(s)
    assert len(starts) > 1


@pytest.mark.rules("TK-2")
def test_the_game_records_its_data_sets_id_and_content_hash() -> None:
    first = opening_events()[0]
    assert first == ev.DataSetRecorded(DATA.id, DATA.content_hash)
    assert RULES.data.metadata()["contentHash"] == DATA.content_hash


@pytest.mark.rules("TK-6")
def test_the_first_day_opens_with_the_itinerary_choice_for_every_seat() -> None:
    state = opening(3)
    assert state.phase is Phase.ITINERARY
    assert state.day == 1
    assert RULES.to_act(state) == frozenset({0, 1, 2})


@pytest.mark.rules("TK-1")
@pytest.mark.parametrize("players", [1, 5])
def test_trekking_takes_two_to_four_players(players: int) -> None:
    with pytest.raises(MoveError) as info:
        RULES.initial_state(players, RULES.parse_options(None))
    assert info.value.code == BAD_PLAYER_COUNT


@pytest.mark.rules("TK-5")
def test_no_move_is_accepted_before_set_up() -> None:
    state = RULES.initial_state(2, RULES.parse_options(None))
    with pytest.raises(MoveError) as info:
        RULES.decide(state, 0, RULES.parse_move(take("I-01")), Rng.for_decision("x", 0))
    assert info.value.code == GAME_NOT_STARTED
    assert RULES.to_act(state) == frozenset()
    assert RULES.legal_moves(state, 0) == []
