"""Loaders, delivery, victory and the Ranium re-spawn (rules/mine.md Part A; Part B §2.6 items
8–9, §2.7, §2.9; §4 Q5–Q7, Q9, Q12)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import GAME_FINISHED, ILLEGAL_MOVE
from boardstate.engine.mine import RULES, board
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine import setup_events as sev
from boardstate.engine.mine.components import Colour, Symbol
from boardstate.engine.mine.geometry import CELLS, INNER_RING, Cell
from boardstate.engine.mine.state import Respawn, State
from tests.engine.mine.fixtures import (
    at,
    cell_of,
    crew,
    kinds,
    legal,
    of_type,
    play,
    refused,
    table,
)

W = Colour.WHITE
# Loader 0 docks at outer index 2 = (0,2) and faces north; (1,2) links to it.
DOCK = {(0, 2): "W:NS", (1, 2): "W:NS"}
PILES = [["white-2"], ["red-2"], ["blue-2"], ["yellow-2", "yellow-6"]]


def deliver(units: int = 1, loader: int = 0, crew: str = "white") -> dict[str, object]:
    return {"type": "deliver", "crew": crew, "loader": loader, "units": units}


def place(cell: Cell, card: str | None = None) -> dict[str, object]:
    return {"type": "place_ranium", "cell": at(cell), "card": card}


def carrying(units: int = 1, points: int = 0, ore: int = 4, mode: str = "standard") -> State:
    """White (seat 0) on (1,2), linked to loader 0's cell (0,2), carrying `units` Ranium."""
    return table(
        lay=DOCK,
        crews={"W": (1, 2)},
        stock={"W": units},
        ranium=[(1, 1), (1, 4), (4, 4), (4, 1)][units:],
        piles=PILES,
        points=[points],
        ore=ore,
        options={"symbol_cards": mode},
    )


def empty_cells_showing(state: State, symbol: Symbol) -> list[list[int]]:
    return [at(c) for c in board.empty_with_symbol(state, symbol)]


# -- loaders ----------------------------------------------------------------------------------


@pytest.mark.rules("MN-26")
def test_a_loader_moves_one_position_forward_or_back_for_one_ore() -> None:
    forward = {"type": "move_loader", "loader": 0, "way": "forward"}
    after, events = play(table(), 0, forward)
    assert events[1:] == [ev.LoaderMoved(loader=0, position=3)]
    assert after.loaders == (3, 9, 16)
    back, _ = play(table(), 0, {"type": "move_loader", "loader": 2, "way": "back"})
    assert back.loaders == (2, 9, 15)


@pytest.mark.rules("MN-26")
def test_a_loader_goes_round_the_corners_of_the_track() -> None:
    after, _ = play(
        table(loaders=(19, 9, 16)), 0, {"type": "move_loader", "loader": 0, "way": "forward"}
    )
    assert after.loaders == (0, 9, 16)


@pytest.mark.rules("MN-26")
def test_a_loader_cannot_move_onto_or_past_another_loader() -> None:
    state = table(loaders=(2, 3, 16))
    error = refused(state, 0, {"type": "move_loader", "loader": 0, "way": "forward"})
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "loader_blocked")
    moves = [m for m in legal(state, 0) if m["type"] == "move_loader"]
    assert {"type": "move_loader", "loader": 0, "way": "back"} in moves
    assert {"type": "move_loader", "loader": 0, "way": "forward"} not in moves
    assert {"type": "move_loader", "loader": 1, "way": "back"} not in moves


# -- delivery ---------------------------------------------------------------------------------


@pytest.mark.rules("MN-28", "MN-29")
def test_a_crew_delivers_through_its_network_scores_and_returns_to_its_base_camp() -> None:
    after, events = play(carrying(), 0, deliver())
    assert kinds(events) == [
        "OreSpent",
        "CrewMoved",
        "RaniumDelivered",
        "CrewMoved",
        "RespawnStarted",
        "SymbolCardRevealed",
    ]
    assert events[1] == ev.CrewMoved(W, (0, 2), ev.Reason.TO_LOADER)
    assert events[2] == ev.RaniumDelivered(seat=0, crew=W, loader=0, units=1, points=1)
    assert events[3] == ev.CrewMoved(W, (2, 2), ev.Reason.BACK_TO_BASE)
    assert after.players[0].points == 1
    assert crew(after, "W").stock == 0
    assert crew(after, "W").cell == (2, 2)


@pytest.mark.rules("MN-28")
def test_a_crew_may_deliver_from_the_loaders_own_cell() -> None:
    state = table(lay=DOCK, crews={"W": (0, 2)}, stock={"W": 1}, ranium=[(1, 1), (1, 4), (4, 4)])
    _, events = play(state, 0, deliver())
    assert kinds(events)[1] == "RaniumDelivered"


@pytest.mark.rules("MN-29")
def test_a_delivery_hands_over_one_or_two_units_and_never_more_than_carried() -> None:
    moves = [m for m in legal(carrying(2), 0) if m["type"] == "deliver"]
    assert moves == [deliver(1), deliver(2)]
    error = refused(carrying(1), 0, deliver(2))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "deliver_stock")
    empty = table(lay=DOCK, crews={"W": (1, 2)})
    assert refused(empty, 0, deliver(1)).details["rule"] == "deliver_stock"


@pytest.mark.rules("MN-28")
def test_a_loader_off_the_crews_network_cannot_be_reached() -> None:
    state = carrying()
    error = refused(state, 0, deliver(loader=1))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "deliver_reach")


@pytest.mark.rules("MN-27")
def test_the_loaders_cell_must_open_towards_the_loader() -> None:
    state = table(lay={(0, 2): "W:EW"}, crews={"W": (0, 2)}, stock={"W": 1})
    error = refused(state, 0, deliver())
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "deliver_opening")
    relaxed = table(
        lay={(0, 2): "W:EW"},
        crews={"W": (0, 2)},
        stock={"W": 1},
        options={"loader_needs_opening": False},
    )
    assert kinds(play(relaxed, 0, deliver())[1])[1] == "RaniumDelivered"


@pytest.mark.rules("MN-27")
def test_a_loader_at_a_corner_faces_both_outward_edges() -> None:
    # Position 0 docks at (0,0) and faces north and west.
    for shape in ("W:NE", "W:SW"):
        state = table(lay={(0, 0): shape}, crews={"W": (0, 0)}, stock={"W": 1}, loaders=(0, 9, 16))
        assert deliver() in legal(state, 0)
    blind = table(lay={(0, 0): "W:ES"}, crews={"W": (0, 0)}, stock={"W": 1}, loaders=(0, 9, 16))
    assert refused(blind, 0, deliver()).details["rule"] == "deliver_opening"


@pytest.mark.rules("MN-29")
def test_the_loader_never_fills_up() -> None:
    state = carrying(2)
    after, _ = play(state, 0, deliver(2))
    assert after.loaders == state.loaders


# -- victory ----------------------------------------------------------------------------------


@pytest.mark.rules("MN-43")
def test_reaching_three_points_wins_at_once_without_a_respawn() -> None:
    after, events = play(carrying(points=2), 0, deliver())
    assert kinds(events)[-2:] == ["RaniumDelivered", "GameOver"]
    assert events[-1] == ev.GameOver("three_points", (3, 0, 0, 0), (0, 0, 0, 0), (0,))
    assert RULES.to_act(after) == frozenset()
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert (outcome.scores, outcome.winners) == ((3, 0, 0, 0), (0,))
    assert refused(after, 0, {"type": "rotate", "cell": [0, 0]}).code == GAME_FINISHED


@pytest.mark.rules("MN-43")
def test_a_two_unit_delivery_from_two_points_wins_with_four() -> None:
    after, events = play(carrying(2, points=2), 0, deliver(2))
    assert of_type(events, ev.GameOver)[0].points == (4, 0, 0, 0)
    assert after.winners == (0,)
    assert crew(after, "W").cell == (0, 2)


# -- re-spawn ---------------------------------------------------------------------------------


@pytest.mark.rules("MN-30")
def test_the_right_hand_neighbour_reveals_a_card_and_places_the_ranium() -> None:
    after, events = play(carrying(), 0, deliver())
    assert events[-2:] == [
        ev.RespawnStarted(seat=3, units=1),
        fev.SymbolCardRevealed(seat=3, card="yellow-2", purpose=fev.Purpose.RESPAWN),
    ]
    assert RULES.to_act(after) == {3}
    expected = empty_cells_showing(after, Symbol.CIRCLE)
    assert expected
    assert [m["cell"] for m in legal(after, 3)] == expected
    done, placed = play(after, 3, place(cell_of(expected[0])))
    assert placed == [ev.RaniumPlaced(seat=3, cell=cell_of(expected[0]))]
    assert len(done.ranium) == 4
    assert RULES.to_act(done) == {0}
    assert done.ore == 3


@pytest.mark.rules("MN-31")
def test_the_ranium_goes_only_onto_an_empty_card_showing_the_symbol() -> None:
    after, _ = play(carrying(), 0, deliver())
    error = refused(after, 3, place((0, 2)))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "respawn_symbol")
    circle = [c for c in CELLS if board.tile_at(after, c).symbol is Symbol.CIRCLE]
    occupied = {c.cell for c in after.crews} | set(after.ranium)
    for cell in circle:
        if cell in occupied:
            assert refused(after, 3, place(cell)).details["rule"] == "respawn_symbol"


@pytest.mark.rules("MN-31")
def test_with_no_such_empty_card_the_ranium_goes_onto_an_inner_ring_card_without_ranium() -> None:
    probe = table()
    circles = [c for c in CELLS if board.tile_at(probe, c).symbol is Symbol.CIRCLE]
    state = table(
        ranium=[(1, 1), *circles],
        respawn=Respawn(seat=3, remaining=1, card="yellow-2"),
        piles=PILES,
    )
    expected = [at(c) for c in INNER_RING if c not in state.ranium]
    assert [m["cell"] for m in legal(state, 3)] == expected
    error = refused(state, 3, place((0, 0)))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "respawn_fallback")
    assert refused(state, 3, place((1, 1))).details["rule"] == "respawn_fallback"


@pytest.mark.rules("MN-30")
def test_each_delivered_unit_respawns_one_after_the_other() -> None:
    after, _ = play(carrying(2), 0, deliver(2))
    first = legal(after, 3)[0]
    after, events = play(after, 3, first)
    assert kinds(events) == ["RaniumPlaced", "SymbolCardRevealed"]
    assert of_type(events, fev.SymbolCardRevealed)[0].card == "yellow-6"
    assert RULES.to_act(after) == {3}
    hexagons = empty_cells_showing(after, Symbol.HEXAGON)
    fallback = [at(c) for c in INNER_RING if c not in after.ranium]
    assert [m["cell"] for m in legal(after, 3)] == (hexagons or fallback)
    done, _ = play(after, 3, legal(after, 3)[0])
    assert done.respawn is None
    assert len(done.ranium) == 4


@pytest.mark.rules("MN-30")
def test_the_turn_passes_after_the_respawn_when_the_delivery_spent_the_last_ore() -> None:
    after, _ = play(carrying(ore=1), 0, deliver())
    assert RULES.to_act(after) == {3}
    _, events = play(after, 3, legal(after, 3)[0])
    assert events[-1] == sev.TurnStarted(seat=1, round=1)


@pytest.mark.rules("MN-42")
def test_only_strategic_mode_names_the_card_of_a_respawn() -> None:
    after, _ = play(carrying(), 0, deliver())
    cell = cell_of(legal(after, 3)[0]["cell"])
    error = refused(after, 3, place(cell, "yellow-2"))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "respawn_card")


@pytest.mark.rules("MN-42")
def test_in_strategic_mode_the_neighbour_picks_the_card_and_the_cell_together() -> None:
    after, events = play(carrying(mode="strategic"), 0, deliver())
    assert kinds(events)[-1] == "RespawnStarted"
    moves = legal(after, 3)
    assert {m["card"] for m in moves} == {"yellow-2", "yellow-6"}
    move = next(m for m in moves if m["card"] == "yellow-6")
    done, placed = play(after, 3, move)
    assert kinds(placed) == ["SymbolCardRevealed", "RaniumPlaced"]
    assert done.players[3].discard == ("yellow-6",)
    error = refused(after, 3, place(cell_of(move["cell"])))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "symbol_card")


@pytest.mark.rules("MN-30")
def test_with_three_players_the_right_hand_neighbour_of_seat_0_is_seat_2() -> None:
    state = table(
        3,
        lay={(0, 2): "R:NS", (1, 2): "R:NS"},
        crews={"R": (1, 2)},
        stock={"R": 1},
        ranium=[(1, 1), (1, 4), (4, 4)],
    )
    after, events = play(state, 0, deliver(crew="red"))
    assert of_type(events, ev.RespawnStarted) == [ev.RespawnStarted(seat=2, units=1)]
    assert RULES.to_act(after) == {2}


@pytest.mark.rules("MN-30")
def test_placing_ranium_without_a_respawn_is_refused() -> None:
    error = refused(table(), 0, place((1, 2)))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "phase")
