"""The 2-player variant (rules/mine.md Part B §2.11, Q17): two colours each, ore split freely,
Ranium per crew, points per player, one merged pile of 10, the opponent as right-hand
neighbour, partner crews never fought or trapped."""

from __future__ import annotations

import pytest

from boardstate.engine.mine import RULES
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.symbols import own_cards
from tests.engine.mine.fixtures import crew, legal, of_type, play, play_all, table

# Seat 0 plays white and blue, seat 1 red and yellow (fixtures.SEATS).


@pytest.mark.rules("MN-50")
def test_each_player_controls_two_crews_and_may_split_the_ore_between_them() -> None:
    state = table(2)
    assert [c.colour for c in state.crews_of(0)] == [Colour.WHITE, Colour.BLUE]
    crews = {m.get("crew") for m in legal(state, 0) if "crew" in m}
    assert crews == {"white", "blue"}
    state = table(2, crews={"W": (1, 1), "B": (1, 4)})
    collect_w = {"type": "collect", "crew": "white"}
    collect_b = {"type": "collect", "crew": "blue"}
    after, _ = play_all(state, (0, collect_w), (0, collect_b))
    assert (crew(after, "W").stock, crew(after, "B").stock) == (1, 1)
    assert after.ore == 2


@pytest.mark.rules("MN-50")
def test_each_player_has_one_merged_pile_of_ten_symbol_cards() -> None:
    state = table(2)
    assert len(state.players[0].pile) == 10
    assert own_cards(state.players[0]) == tuple(
        sorted([*(f"white-{v}" for v in range(2, 7)), *(f"blue-{v}" for v in range(2, 7))])
    )


@pytest.mark.rules("MN-34")
def test_a_fight_counts_only_the_ranium_of_the_fighting_crews() -> None:
    state = table(
        2,
        crews={"W": (0, 0), "R": (0, 0)},
        stock={"B": 2, "R": 1, "Y": 1},
        ranium=[],
        piles=[["white-4"], ["red-4"]],
    )
    _, events = play(state, 0, {"type": "steal", "crew": "white", "target": "red"})
    resolved = of_type(events, fev.FightResolved)[0]
    assert (resolved.attacker_score, resolved.defender_score) == (4, 3)


@pytest.mark.rules("MN-50")
def test_victory_points_are_counted_per_player_and_the_opponent_places_the_respawn() -> None:
    state = table(
        2,
        lay={(0, 2): "B:NS", (1, 2): "B:NS"},
        crews={"B": (1, 2)},
        stock={"B": 1},
        points=[1],
        ranium=[(1, 1), (1, 4), (4, 4)],
    )
    after, events = play(state, 0, {"type": "deliver", "crew": "blue", "loader": 0, "units": 1})
    assert after.players[0].points == 2
    assert of_type(events, ev.RespawnStarted) == [ev.RespawnStarted(seat=1, units=1)]
    assert RULES.to_act(after) == {1}


@pytest.mark.rules("MN-44")
def test_most_points_are_compared_per_player_at_the_round_limit() -> None:
    state = table(2, active=1, round=50, points=[2, 1], stock={"R": 1, "Y": 1})
    after, _ = play_all(state, *[(1, {"type": "rotate", "cell": [0, 0]})] * 4)
    assert after.winners == (0,)
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert outcome.details["ranium_carried"] == [0, 2]
