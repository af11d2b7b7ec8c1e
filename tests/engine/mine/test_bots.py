"""TF22 Mine's bot evaluations (issue 42): the search ranks every legal move and judges
positions by `worth`, a crew's ore distance to its next point (`reach`); the heuristic keeps
`evaluate`."""

from __future__ import annotations

from boardstate.engine.mine import RULES
from boardstate.engine.mine.bots import evaluate, worth
from boardstate.engine.mine.legal import legal_moves
from boardstate.engine.mine.reach import FAR, collect_cost, deliver_cost
from tests.engine.mine.fixtures import crew, play, table

# Loader 0 docks at outer index 2 = (0,2) and faces north; (1,2) links to it.
DOCK = {(0, 2): "W:NS", (1, 2): "W:NS"}


def test_the_search_plays_mine_with_worth_over_every_move_and_the_heuristic_with_evaluate() -> None:
    hooks = RULES.bots
    assert hooks is not None
    assert hooks.evaluate is evaluate
    assert hooks.search_evaluate is worth
    state = table(lay=DOCK)
    assert hooks.search.rank_width >= len(legal_moves(state, 0))


def test_a_crew_on_a_ranium_collects_for_one_ore_and_one_in_its_network_for_two() -> None:
    on = table(lay=DOCK, crews={"W": (1, 1)}, ranium=[(1, 1)])
    assert collect_cost(on, crew(on, "W")) == 1
    near = table(lay=DOCK, crews={"W": (1, 2)}, ranium=[(0, 2)])
    assert collect_cost(near, crew(near, "W")) == 2
    none = table(lay=DOCK, ranium=[])
    assert collect_cost(none, crew(none, "W")) == FAR + 1


def test_a_crew_linked_to_an_open_loader_delivers_for_one_ore() -> None:
    state = table(lay=DOCK, crews={"W": (1, 2)}, stock={"W": 1})
    assert deliver_cost(state, crew(state, "W")) == 1
    closed = table(lay={(0, 2): "W:S", (1, 2): "W:NS"}, crews={"W": (1, 2)}, stock={"W": 1})
    assert deliver_cost(closed, crew(closed, "W")) > 1


def test_worth_grows_as_a_crew_collects_and_delivers() -> None:
    seeking = table(lay=DOCK, crews={"W": (0, 2)}, ranium=[(0, 2), (1, 4), (4, 4), (4, 1)])
    carrying, _ = play(seeking, 0, {"type": "collect", "crew": "white"})
    assert crew(carrying, "W").stock == 1
    delivered, _ = play(carrying, 0, {"type": "deliver", "crew": "white", "loader": 0, "units": 1})
    assert worth(seeking, 0) < worth(carrying, 0) < worth(delivered, 0)
