"""Moving crews (rules/mine.md Part B §2.6 items 4–6; §4 Q3, Q4, Q15, Q16): within a tunnel
network, changing tunnel type, collecting Ranium."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE
from boardstate.engine.mine import events as ev
from tests.engine.mine.fixtures import at, crew, legal, play, refused, table

# A white tunnel along the top edge, down into (1,3); every opening points along it (or at the
# red centre card below (1,3)), so nothing else links to it.
CORRIDOR = {
    (0, 0): "W:E",
    (0, 1): "W:EW",
    (0, 2): "W:EW",
    (0, 3): "W:SW",
    (1, 3): "W:NS",
}


def move(to: tuple[int, int], crew: str = "white") -> dict[str, object]:
    return {"type": "move", "crew": crew, "to": at(to)}


def change(to: tuple[int, int], crew: str = "white") -> dict[str, object]:
    return {"type": "change_type", "crew": crew, "to": at(to)}


@pytest.mark.rules("MN-23")
def test_a_crew_moves_to_any_cell_of_its_tunnel_network_for_one_ore() -> None:
    state = table(lay=CORRIDOR, crews={"W": (0, 0)})
    after, events = play(state, 0, move((1, 3)))
    assert events[1:] == [
        ev.CrewMoved(crew=crew(state, "W").colour, to=(1, 3), reason=ev.Reason.MOVE)
    ]
    assert crew(after, "W").cell == (1, 3)
    assert after.ore == 3


@pytest.mark.rules("MN-23")
def test_the_legal_moves_are_exactly_the_other_cells_of_the_network() -> None:
    state = table(lay=CORRIDOR, crews={"W": (0, 0)})
    targets = [m["to"] for m in legal(state, 0) if m["type"] == "move"]
    assert targets == [[0, 1], [0, 2], [0, 3], [1, 3]]


@pytest.mark.rules("MN-23")
def test_a_crew_cannot_move_outside_its_tunnel_network() -> None:
    state = table(lay=CORRIDOR, crews={"W": (0, 0)})
    error = refused(state, 0, move((1, 1)))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "move_network")


@pytest.mark.rules("MN-23")
def test_a_move_must_go_to_another_cell() -> None:
    state = table(lay=CORRIDOR, crews={"W": (0, 0)})
    assert refused(state, 0, move((0, 0))).details["rule"] == "move_somewhere"


@pytest.mark.rules("MN-23")
def test_passing_over_ranium_does_not_pick_it_up_and_crews_never_block() -> None:
    state = table(lay=CORRIDOR, crews={"W": (0, 0), "R": (0, 1)}, ranium=[(0, 2)])
    after, _ = play(state, 0, move((0, 3)))
    assert after.ranium == ((0, 2),)
    assert crew(after, "W").stock == 0


@pytest.mark.rules("MN-23")
def test_a_crew_may_end_on_a_card_holding_ranium_or_another_crew() -> None:
    state = table(lay=CORRIDOR, crews={"W": (0, 0), "R": (0, 3)}, ranium=[(0, 3)])
    after, _ = play(state, 0, move((0, 3)))
    assert crew(after, "W").cell == crew(after, "R").cell == (0, 3)


@pytest.mark.rules("MN-23")
def test_cards_whose_openings_do_not_meet_are_not_linked() -> None:
    lay = {(0, 0): "W:NS", (0, 1): "W:NS", (1, 0): "Y:EW", (1, 1): "Y:EW"}
    state = table(lay=lay, crews={"W": (0, 0)})
    assert refused(state, 0, move((0, 1))).details["rule"] == "move_network"


@pytest.mark.rules("MN-23")
def test_without_require_open_edges_adjacent_cards_of_one_type_are_linked() -> None:
    lay = {(0, 0): "W:NS", (0, 1): "W:NS", (1, 0): "Y:EW", (1, 1): "Y:EW"}
    state = table(lay=lay, crews={"W": (0, 0)}, options={"require_open_edges": False})
    after, _ = play(state, 0, move((0, 1)))
    assert crew(after, "W").cell == (0, 1)


@pytest.mark.rules("MN-23")
def test_moves_across_a_large_network_are_all_listed_and_accepted() -> None:
    # 18 white faces side by side fill rows 0-2: one network without the openings rule.
    lay = {(r, c): f"W:{o}" for r, c, o in _WHITE_BLOCK}
    state = table(lay=lay, crews={"W": (0, 0)}, options={"require_open_edges": False})
    targets = [m for m in legal(state, 0) if m["type"] == "move"]
    assert len(targets) == 17
    for target in targets:
        play(state, 0, target)


_WHITE_SHAPES = [
    "NESW",
    "NESW",
    "NEW",
    "NEW",
    "NES",
    "NES",
    "NS",
    "NS",
    "EW",
    "EW",
    "NE",
    "NE",
    "NE",
    "NW",
    "NW",
    "NW",
    "N",
    "E",
]
_WHITE_BLOCK = [
    (r, c, o)
    for (r, c), o in zip([(r, c) for r in range(3) for c in range(6)], _WHITE_SHAPES, strict=True)
]


@pytest.mark.rules("MN-24")
def test_changing_type_steps_onto_an_adjacent_card_of_another_type_whose_openings_meet() -> None:
    state = table(lay={(0, 1): "W:EW", (0, 2): "R:EW"}, crews={"W": (0, 1)})
    after, events = play(state, 0, change((0, 2)))
    assert events[1:] == [ev.CrewMoved(crew(state, "W").colour, (0, 2), ev.Reason.CHANGE_TYPE)]
    assert crew(after, "W").cell == (0, 2)
    assert change((0, 2)) in legal(state, 0)


@pytest.mark.rules("MN-24")
def test_changing_type_needs_a_card_of_another_type() -> None:
    state = table(lay={(0, 1): "W:EW", (0, 2): "W:EW"}, crews={"W": (0, 1)})
    assert refused(state, 0, change((0, 2))).details["rule"] == "change_type"


@pytest.mark.rules("MN-24")
def test_changing_type_is_one_step_to_an_orthogonal_neighbour() -> None:
    state = table(lay={(0, 1): "W:EW", (0, 3): "R:EW", (1, 2): "R:NESW"}, crews={"W": (0, 1)})
    assert refused(state, 0, change((0, 3))).details["rule"] == "change_type"
    assert refused(state, 0, change((1, 2))).details["rule"] == "change_type"


@pytest.mark.rules("MN-24")
def test_changing_type_needs_the_openings_of_both_cards_to_meet() -> None:
    state = table(lay={(0, 1): "W:EW", (1, 1): "Y:NS"}, crews={"W": (0, 1)})
    error = refused(state, 0, change((1, 1)))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "change_type_openings")


@pytest.mark.rules("MN-24")
def test_without_the_openings_rule_any_adjacent_card_of_another_type_will_do() -> None:
    state = table(
        lay={(0, 1): "W:EW", (1, 1): "Y:NS"},
        crews={"W": (0, 1)},
        options={"change_type_needs_open_edges": False},
    )
    after, _ = play(state, 0, change((1, 1)))
    assert crew(after, "W").cell == (1, 1)


@pytest.mark.rules("MN-25")
def test_a_crew_collects_the_ranium_on_its_card() -> None:
    state = table(crews={"W": (1, 1)})
    after, events = play(state, 0, {"type": "collect", "crew": "white"})
    assert events[1:] == [ev.RaniumCollected(crew(state, "W").colour, (1, 1))]
    assert crew(after, "W").stock == 1
    assert (1, 1) not in after.ranium


@pytest.mark.rules("MN-25")
def test_a_crew_carries_any_number_of_ranium() -> None:
    state = table(crews={"W": (1, 1)}, stock={"W": 3}, ranium=[(1, 1)])
    after, _ = play(state, 0, {"type": "collect", "crew": "white"})
    assert crew(after, "W").stock == 4


@pytest.mark.rules("MN-25")
def test_there_is_nothing_to_collect_without_ranium_on_the_card() -> None:
    error = refused(table(), 0, {"type": "collect", "crew": "white"})
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "collect")
    assert {"type": "collect", "crew": "white"} not in legal(table(), 0)


@pytest.mark.rules("MN-19")
def test_a_player_acts_only_with_their_own_crew() -> None:
    state = table(lay=CORRIDOR, crews={"R": (0, 0)})
    error = refused(state, 0, move((0, 1), crew="red"))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "own_crew")
    three = table(3)
    assert refused(three, 0, move((0, 1), crew="white")).details["rule"] == "own_crew"
