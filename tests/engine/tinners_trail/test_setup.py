"""Set-up (rules/tinners_trail.md B §1.4; Part A A.1, A.2)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import (
    BAD_PLAYER_COUNT,
    GAME_NOT_STARTED,
    BadPlayerCount,
    MoveError,
)
from boardstate.engine.core.replay import start
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail import RULES
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.state import Phase, State
from tests.engine.tinners_trail.fixtures import kinds, of_type
from tests.engine.tinners_trail.hooks import HOOKS


def opening(players: int = 4, seed: str = "s", **options: object) -> tuple[State, list[ev.Event]]:
    state, events = start(RULES, players, RULES.parse_options(options), Rng.for_decision(seed, 0))
    return state, events


@pytest.mark.rules("TT-3")
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_set_up_draws_a_random_order_of_play_and_gives_everyone_15_pounds(seed: str) -> None:
    state, events = opening(seed=seed)
    (set_up,) = of_type(events, ev.GameSetUp)
    assert sorted(set_up.order) == [0, 1, 2, 3]
    assert state.order == set_up.order
    assert [p.money for p in state.players] == [15] * 4
    assert RULES.to_act(state) == frozenset({set_up.order[0]})


@pytest.mark.rules("TT-3")
def test_the_order_of_play_differs_between_games() -> None:
    orders = {opening(seed=str(i))[0].order for i in range(12)}
    assert len(orders) > 1


@pytest.mark.rules("TT-4")
def test_each_printed_area_gets_its_printed_cubes_plus_one_roll_of_the_three_dice() -> None:
    state, events = opening()
    seeded = of_type(events, ev.AreaSeeded)
    assert [e.area for e in seeded] == [a.id for a in COMPONENTS.areas if a.seeded]
    for e in seeded:
        info, area = COMPONENTS.area(e.area), state.area(e.area)
        water, copper, tin = e.dice
        assert all(
            face in COMPONENTS.dice[k]
            for face, k in zip(e.dice, ("water", "copper", "tin"), strict=True)
        )
        assert (e.printed_tin, e.printed_copper) == (info.printed_tin, info.printed_copper)
        assert (area.water, area.copper, area.tin) == (
            water,
            copper + info.printed_copper,
            tin + info.printed_tin,
        )
        assert area.seeded
        assert e.reason is ev.SeedReason.SETUP


@pytest.mark.rules("TT-4")
def test_clear_areas_start_empty_and_unseeded() -> None:
    state, _ = opening()
    for info in COMPONENTS.areas:
        if not info.seeded:
            assert state.area(info.id).cubes() == state.area(info.id).cubes().__class__()
            assert not state.area(info.id).seeded


@pytest.mark.rules("TT-2")
def test_the_game_records_the_data_set_id_and_content_hash() -> None:
    state, events = opening()
    set_up = events[0]
    assert isinstance(set_up, ev.GameSetUp)
    assert (set_up.data_set, set_up.content_hash) == (RULES.data.id, RULES.data.content_hash)
    assert state.data_set == RULES.data.id


@pytest.mark.rules("TT-5")
def test_round_one_begins_with_ore_prices_and_the_developments_display() -> None:
    state, events = opening()
    assert kinds(events)[-4:] == ["RoundStarted", "PriceSet", "PriceSet", "DisplayRefreshed"]
    assert all(p.adjustment == 1 for p in of_type(events, ev.PriceSet))
    assert state.phase is Phase.ACTIONS
    assert state.round == 1
    assert HOOKS.invariants(state) == []


@pytest.mark.rules("TT-1")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_are_accepted(players: int) -> None:
    state, _ = opening(players)
    assert len(state.players) == players


@pytest.mark.rules("TT-1")
@pytest.mark.parametrize("players", [1, 6])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(BadPlayerCount) as info:
        RULES.initial_state(players, RULES.parse_options(None))
    assert info.value.code == BAD_PLAYER_COUNT


@pytest.mark.rules("TT-1")
def test_two_and_five_players_are_flagged_as_variants() -> None:
    assert COMPONENTS.variant_players == (2, 5)
    assert RULES.data.metadata()["values"]["variant_players"]["provenance"] == "reconstructed"
    assert COMPONENTS.players == (3, 4)


@pytest.mark.rules("TT-5")
def test_no_move_is_accepted_before_set_up() -> None:
    state = RULES.initial_state(3, RULES.parse_options(None))
    with pytest.raises(MoveError) as info:
        RULES.decide(state, 0, RULES.parse_move({"type": "pass"}), Rng.for_decision("x", 0))
    assert info.value.code == GAME_NOT_STARTED
    assert RULES.to_act(state) == frozenset()
