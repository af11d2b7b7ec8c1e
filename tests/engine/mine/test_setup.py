"""Set-up (rules/mine.md Part B §2.4, §2.11; Part A): the centre, the shuffled rings, Ranium,
loaders, the start player's swaps and the colour choice."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from boardstate.engine.core.errors import (
    GAME_NOT_STARTED,
    ILLEGAL_MOVE,
    MALFORMED_MOVE,
    NOT_YOUR_TURN,
)
from boardstate.engine.core.replay import start
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import RULES
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import setup_events as sev
from boardstate.engine.mine.components import COMPONENTS, Colour
from boardstate.engine.mine.geometry import CENTRE, INNER_CORNERS, RING_CELLS, Face, index
from boardstate.engine.mine.state import Phase, State
from tests.engine.mine.fixtures import (
    Move,
    crew,
    kinds,
    legal,
    of_type,
    play,
    play_all,
    redacted,
    refused,
)

NO_STOP = {"type": "swap_cards", "a": None, "b": None}


def opened(players: int = 4, seed: str = "s", **options: Any) -> tuple[State, list[ev.Event]]:
    state, events = start(RULES, players, RULES.parse_options(options), Rng.for_decision(seed, 0))
    return state, list(events)


def swap(a: tuple[int, int], b: tuple[int, int]) -> Move:
    return {"type": "swap_cards", "a": list(a), "b": list(b)}


def choose(colour: str) -> Move:
    return {"type": "choose_colour", "colour": colour}


def to_colours(state: State) -> State:
    after, _ = play(state, state.start_player, NO_STOP)
    return after


@pytest.mark.rules("MN-5")
def test_the_centre_holds_each_colours_crossing_face_up_at_rot_0() -> None:
    state, _ = opened()
    for colour, cell in zip(Colour, CENTRE, strict=True):
        card, face = COMPONENTS.centre_cards[colour]
        placement = state.placement(cell)
        assert (placement.card, placement.face, placement.rot) == (card, face, 0)


@pytest.mark.rules("MN-5")
def test_the_centre_option_puts_each_crossing_on_the_cell_it_names() -> None:
    state, _ = opened(centre=["yellow", "blue", "red", "white"])
    assert [state.placement(cell).card for cell in CENTRE] == ["M30", "M12", "M06", "M07"]
    assert crew(state, "Y").base == (2, 2)


@pytest.mark.rules("MN-6")
def test_every_crew_and_base_camp_starts_on_its_centre_card() -> None:
    state, _ = opened()
    assert [(c.colour, c.cell, c.base, c.stock) for c in state.crews] == [
        (colour, cell, cell, 0) for colour, cell in zip(Colour, CENTRE, strict=True)
    ]


@pytest.mark.rules("MN-6")
def test_with_three_players_white_has_no_crew_but_its_centre_card_stays() -> None:
    state, _ = opened(3)
    assert [c.colour for c in state.crews] == [Colour.RED, Colour.BLUE, Colour.YELLOW]
    assert state.placement((2, 2)).card == "M07"


@pytest.mark.rules("MN-7")
def test_the_ring_cards_are_shuffled_each_with_a_random_face_and_rot() -> None:
    first, _ = opened(seed="one")
    again, _ = opened(seed="one")
    other, _ = opened(seed="two")
    assert first.grid == again.grid
    assert first.grid != other.grid
    assert Counter(p.card for p in first.grid) == Counter(list(COMPONENTS.cards))
    ring = [first.placement(cell) for cell in RING_CELLS]
    assert {p.face for p in ring} == set(Face)
    assert {p.rot for p in ring} == {0, 180}


@pytest.mark.rules("MN-8")
def test_a_ranium_lies_on_each_inner_ring_corner() -> None:
    state, _ = opened()
    assert state.ranium == tuple(sorted(INNER_CORNERS))


@pytest.mark.rules("MN-9")
def test_the_loaders_dock_at_the_positions_of_the_option() -> None:
    assert opened()[0].loaders == (2, 9, 16)
    assert opened(loaders=[0, 7, 19])[0].loaders == (0, 7, 19)


@pytest.mark.rules("MN-10")
def test_the_start_player_is_drawn_at_random_and_alone_may_swap() -> None:
    starts = {opened(seed=str(s))[0].start_player for s in range(12)}
    assert starts == {0, 1, 2, 3}
    state, events = opened()
    assert kinds(events) == ["MineLaidOut", "StartPlayerChosen"]
    assert RULES.to_act(state) == {state.start_player}
    other = (state.start_player + 1) % 4
    assert refused(state, other, swap((1, 1), (0, 0))).code == NOT_YOUR_TURN


@pytest.mark.rules("MN-10")
def test_a_swap_exchanges_two_ring_cards_keeping_faces_rots_and_ranium() -> None:
    state, _ = opened()
    a, b = (1, 1), (0, 3)
    after, events = play(state, state.start_player, swap(a, b))
    assert events == [sev.CardsSwapped(state.start_player, a, b)]
    assert after.placement(a) == state.placement(b)
    assert after.placement(b) == state.placement(a)
    assert after.ranium == state.ranium
    assert after.phase is Phase.SWAPS


@pytest.mark.parametrize(("a", "b"), [((2, 2), (0, 0)), ((0, 0), (3, 3)), ((1, 1), (1, 1))])
@pytest.mark.rules("MN-10")
def test_only_two_different_ring_cards_can_be_swapped(
    a: tuple[int, int], b: tuple[int, int]
) -> None:
    state, _ = opened()
    error = refused(state, state.start_player, swap(a, b))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "swap_ring_cards")


@pytest.mark.rules("MN-10")
def test_a_swap_names_two_cells_or_none() -> None:
    state, _ = opened()
    move = {"type": "swap_cards", "a": [1, 1], "b": None}
    assert refused(state, state.start_player, move).code == MALFORMED_MOVE
    bad = {"type": "swap_cards", "a": [1, 1], "b": [6, 0]}
    assert refused(state, state.start_player, bad).code == MALFORMED_MOVE


@pytest.mark.rules("MN-10")
def test_after_the_second_swap_the_colour_choice_begins() -> None:
    state, _ = opened()
    seat = state.start_player
    after, events = play_all(state, (seat, swap((1, 1), (0, 0))), (seat, swap((1, 2), (0, 1))))
    assert kinds(events)[-1] == "ColourChoiceStarted"
    assert after.phase is Phase.COLOURS


@pytest.mark.rules("MN-10")
def test_the_start_player_may_stop_swapping_at_any_time() -> None:
    state, _ = opened()
    after, events = play(state, state.start_player, NO_STOP)
    assert kinds(events) == ["ColourChoiceStarted"]
    assert after.grid == state.grid


@pytest.mark.rules("MN-10")
def test_with_one_setup_swap_the_colour_choice_begins_after_it() -> None:
    state, _ = opened(setup_swaps=1)
    after, _ = play(state, state.start_player, swap((1, 1), (0, 0)))
    assert after.phase is Phase.COLOURS


@pytest.mark.rules("MN-10")
def test_without_setup_swaps_the_colour_choice_begins_at_once() -> None:
    state, events = opened(setup_swaps=0)
    assert kinds(events)[-1] == "ColourChoiceStarted"
    assert state.phase is Phase.COLOURS


@pytest.mark.rules("MN-10")
def test_every_ordered_pair_of_ring_cards_and_stopping_are_legal_swaps() -> None:
    state, _ = opened()
    moves = legal(state, state.start_player)
    assert len(moves) == 32 * 31 + 1
    assert NO_STOP in moves
    assert swap((0, 0), (1, 1)) in moves
    assert swap((1, 1), (0, 0)) in moves


@pytest.mark.rules("MN-11")
def test_colours_are_chosen_counter_clockwise_and_the_start_player_gets_the_last() -> None:
    state, _ = opened(seed="s")
    state = to_colours(state)
    first = state.start_player
    order = [(first - 1) % 4, (first - 2) % 4, (first - 3) % 4, first]
    assert state.pickers == tuple(order)
    state, _ = play(state, order[0], choose("yellow"))
    assert refused(state, order[0], choose("red")).code == NOT_YOUR_TURN
    state, _ = play(state, order[1], choose("white"))
    state, events = play(state, order[2], choose("red"))
    assert of_type(events, sev.ColourChosen) == [
        sev.ColourChosen(order[2], Colour.RED),
        sev.ColourChosen(first, Colour.BLUE),
    ]
    assert crew(state, "B").owner == first
    assert state.players[first].colours == (Colour.BLUE,)


@pytest.mark.rules("MN-11")
def test_a_taken_colour_cannot_be_chosen() -> None:
    state = to_colours(opened()[0])
    state, _ = play(state, state.pickers[0], choose("red"))
    error = refused(state, state.pickers[0], choose("red"))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "colour_free")
    assert choose("red") not in legal(state, state.pickers[0])


@pytest.mark.rules("MN-11")
def test_with_three_players_white_cannot_be_chosen() -> None:
    state = to_colours(opened(3)[0])
    assert refused(state, state.pickers[0], choose("white")).details["rule"] == "colour_free"
    assert legal(state, state.pickers[0]) == [choose("red"), choose("blue"), choose("yellow")]


@pytest.mark.rules("MN-50")
def test_with_two_players_the_choice_alternates_and_each_plays_two_colours() -> None:
    state = to_colours(opened(2)[0])
    first, other = state.start_player, 1 - state.start_player
    assert state.pickers == (other, first, other, first)
    state, _ = play_all(
        state, (other, choose("red")), (first, choose("white")), (other, choose("blue"))
    )
    assert state.players[other].colours == (Colour.RED, Colour.BLUE)
    assert state.players[first].colours == (Colour.WHITE, Colour.YELLOW)
    assert len(state.players[first].pile) == 10


@pytest.mark.rules("MN-12")
def test_after_the_colour_choice_piles_are_shuffled_and_the_start_player_has_4_ore() -> None:
    state, _ = opened(seed="x", setup_swaps=0)
    moves = [(s, choose(c)) for s, c in zip(state.pickers, ["white", "red", "blue"], strict=False)]
    state, events = play_all(state, *moves)
    assert kinds(events)[-2:] == ["SymbolPilesShuffled", "TurnStarted"]
    assert events[-1] == sev.TurnStarted(state.start_player, 1)
    assert (state.phase, state.active, state.ore, state.round) == (
        Phase.PLAY,
        state.start_player,
        4,
        1,
    )
    shuffled = of_type(events, sev.SymbolPilesShuffled)[0]
    for seat, player in enumerate(state.players):
        assert shuffled.piles[seat] == player.pile
        assert sorted(player.pile) == sorted(COMPONENTS.symbol_cards(player.colours[0]))


@pytest.mark.rules("MN-46")
def test_nobody_learns_the_order_of_a_shuffled_pile_not_even_its_owner() -> None:
    shuffled = sev.SymbolPilesShuffled(piles=(("red-2", "red-5"), ("blue-3", "blue-4")))
    for viewer in (None, 0, 1):
        assert redacted(shuffled, viewer).piles == ((None, None), (None, None))


@pytest.mark.parametrize("mode", ["chance", "strategic"])
@pytest.mark.rules("MN-12")
def test_chance_and_strategic_piles_are_not_shuffled(mode: str) -> None:
    state, _ = opened(setup_swaps=0, symbol_cards=mode)
    moves = [(s, choose(c)) for s, c in zip(state.pickers, ["white", "red", "blue"], strict=False)]
    state, events = play_all(state, *moves)
    assert "SymbolPilesShuffled" not in kinds(events)
    assert all(p.pile == tuple(sorted(p.pile)) for p in state.players)


@pytest.mark.rules("MN-13")
def test_no_move_is_accepted_before_set_up() -> None:
    state = RULES.initial_state(4, RULES.parse_options(None))
    assert state.grid == ()
    assert RULES.to_act(state) == frozenset()
    assert refused(state, 0, NO_STOP).code == GAME_NOT_STARTED


@pytest.mark.rules("MN-7")
def test_the_grid_is_laid_row_by_row() -> None:
    state, events = opened()
    laid = events[0]
    assert isinstance(laid, sev.MineLaidOut)
    assert laid.grid[index((2, 3))].card == "M06"
    assert state.grid == laid.grid
