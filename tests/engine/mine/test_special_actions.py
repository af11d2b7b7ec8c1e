"""The 2-ore transporter trap and the 3-ore secret tunnel (rules/mine.md Part B §2.9, Q11)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE
from boardstate.engine.mine import board
from boardstate.engine.mine import events as ev
from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.geometry import CELLS
from tests.engine.mine.fixtures import at, crew, kinds, legal, play, refused, table

R, B = Colour.RED, Colour.BLUE


def trap(to: tuple[int, int], crew: str = "white") -> dict[str, object]:
    return {"type": "transporter_trap", "crew": crew, "to": at(to)}


def tunnel(to: tuple[int, int], crew: str = "white") -> dict[str, object]:
    return {"type": "secret_tunnel", "crew": crew, "to": at(to)}


WHITE_PAIR = {(0, 0): "W:E", (5, 5): "W:NS", (0, 5): "R:SW"}


@pytest.mark.rules("MN-38")
def test_the_trap_sends_every_opposing_crew_on_the_card_to_one_card_of_its_type() -> None:
    state = table(lay=WHITE_PAIR, crews={"W": (0, 0), "R": (0, 0), "B": (0, 0)}, stock={"R": 1})
    after, events = play(state, 0, trap((5, 5)))
    assert kinds(events) == ["OreSpent", "CrewMoved", "CrewMoved"]
    assert events[0] == ev.OreSpent(seat=0, ore=2)
    assert events[1:] == [
        ev.CrewMoved(R, (5, 5), ev.Reason.TRANSPORTER_TRAP),
        ev.CrewMoved(B, (5, 5), ev.Reason.TRANSPORTER_TRAP),
    ]
    assert crew(after, "W").cell == (0, 0)
    assert crew(after, "R").stock == 1
    assert after.ore == 2


@pytest.mark.rules("MN-38")
def test_base_camps_and_ranium_stay_on_the_trapped_card() -> None:
    state = table(crews={"W": (2, 3)}, ranium=[(2, 3), (1, 1), (1, 4), (4, 4)])
    to = next(c for c in board.same_type_cells(state, (2, 3)))
    after, _ = play(state, 0, trap(to))
    assert crew(after, "R").cell == to
    assert crew(after, "R").base == (2, 3)
    assert (2, 3) in after.ranium


@pytest.mark.rules("MN-38")
def test_the_trap_needs_an_opposing_crew_on_the_card() -> None:
    error = refused(table(lay=WHITE_PAIR, crews={"W": (0, 0)}), 0, trap((5, 5)))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "trap_target")


@pytest.mark.rules("MN-38")
def test_the_trap_target_is_another_card_of_the_same_current_type() -> None:
    state = table(lay=WHITE_PAIR, crews={"W": (0, 0), "R": (0, 0)})
    assert refused(state, 0, trap((0, 5))).details["rule"] == "trap_type"
    assert refused(state, 0, trap((0, 0))).details["rule"] == "trap_type"
    targets = [m["to"] for m in legal(state, 0) if m["type"] == "transporter_trap"]
    whites = [at(c) for c in CELLS if board.tile_at(state, c).colour is Colour.WHITE]
    assert targets == [c for c in whites if c != [0, 0]]


@pytest.mark.rules("MN-38")
def test_the_trap_costs_two_ore() -> None:
    state = table(lay=WHITE_PAIR, crews={"W": (0, 0), "R": (0, 0)}, ore=1)
    error = refused(state, 0, trap((5, 5)))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "ore")
    assert not [m for m in legal(state, 0) if m["type"] == "transporter_trap"]


@pytest.mark.rules("MN-38")
def test_the_trap_leaves_the_partner_crew_of_a_two_player_seat() -> None:
    state = table(2, lay=WHITE_PAIR, crews={"W": (0, 0), "B": (0, 0), "R": (0, 0)})
    after, _ = play(state, 0, trap((5, 5)))
    assert crew(after, "B").cell == (0, 0)
    assert crew(after, "R").cell == (5, 5)
    alone = table(2, lay=WHITE_PAIR, crews={"W": (0, 0), "B": (0, 0)})
    assert refused(alone, 0, trap((5, 5))).details["rule"] == "trap_target"


@pytest.mark.rules("MN-39")
def test_the_secret_tunnel_puts_the_crew_on_any_card_of_its_type_for_three_ore() -> None:
    state = table(lay=WHITE_PAIR, crews={"W": (0, 0)})
    after, events = play(state, 0, tunnel((5, 5)))
    assert events == [
        ev.OreSpent(seat=0, ore=3),
        ev.CrewMoved(Colour.WHITE, (5, 5), ev.Reason.SECRET_TUNNEL),
    ]
    assert after.ore == 1


@pytest.mark.rules("MN-39")
def test_the_secret_tunnel_needs_the_same_current_type_at_both_ends() -> None:
    state = table(lay=WHITE_PAIR, crews={"W": (0, 0)})
    error = refused(state, 0, tunnel((0, 5)))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "tunnel_type")
    assert refused(state, 0, tunnel((0, 0))).details["rule"] == "tunnel_type"


@pytest.mark.rules("MN-39")
def test_the_secret_tunnel_cannot_end_on_a_card_with_ranium() -> None:
    state = table(lay=WHITE_PAIR, crews={"W": (0, 0)}, ranium=[(5, 5), (1, 1), (1, 4), (4, 4)])
    error = refused(state, 0, tunnel((5, 5)))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "tunnel_ranium")
    assert tunnel((5, 5)) not in legal(state, 0)


@pytest.mark.rules("MN-39")
def test_the_secret_tunnel_costs_three_ore() -> None:
    state = table(lay=WHITE_PAIR, crews={"W": (0, 0)}, ore=2)
    assert refused(state, 0, tunnel((5, 5))).details["rule"] == "ore"
    assert not [m for m in legal(state, 0) if m["type"] == "secret_tunnel"]
