"""Turning mine cards (rules/mine.md Part B §2.6 items 1–3, §2.2 item 3, Q14): rotate by
180°, flip over the long side, flip over the short side; 1 ore each, any card."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import MALFORMED_MOVE
from boardstate.engine.mine import board
from boardstate.engine.mine import events as ev
from boardstate.engine.mine.geometry import CELLS, Face, openings_text
from tests.engine.mine.fixtures import at, crew, kinds, legal, play, refused, table


def turn(kind: str, cell: tuple[int, int]) -> dict[str, object]:
    return {"type": kind, "cell": at(cell)}


@pytest.mark.rules("MN-20")
def test_rotating_a_card_turns_its_openings_by_180_degrees() -> None:
    state = table(lay={(0, 1): "W:NE"})
    after, events = play(state, 0, turn("rotate", (0, 1)))
    assert events[1] == ev.CardTurned(0, (0, 1), ev.Manipulation.ROTATE, Face.A, 180)
    assert openings_text(board.tile_at(after, (0, 1)).openings) == "SW"


@pytest.mark.rules("MN-20")
def test_flipping_over_the_long_side_shows_the_other_face_at_the_same_rot() -> None:
    state = table(lay={(0, 1): "M03/A/180"})
    after, _ = play(state, 0, turn("flip_long", (0, 1)))
    placement = after.placement((0, 1))
    assert (placement.card, placement.face, placement.rot) == ("M03", Face.B, 180)
    shown = board.tile_at(after, (0, 1))
    assert (shown.colour.value, openings_text(shown.openings)) == ("red", "SW")


@pytest.mark.rules("MN-20")
def test_flipping_over_the_short_side_shows_the_other_face_turned_by_180_degrees() -> None:
    state = table(lay={(0, 1): "M03/A/0"})
    after, _ = play(state, 0, turn("flip_short", (0, 1)))
    placement = after.placement((0, 1))
    assert (placement.face, placement.rot) == (Face.B, 180)


@pytest.mark.parametrize("kind", ["rotate", "flip_long", "flip_short"])
@pytest.mark.rules("MN-14")
def test_turning_a_card_costs_one_ore(kind: str) -> None:
    after, events = play(table(), 0, turn(kind, (4, 4)))
    assert kinds(events) == ["OreSpent", "CardTurned"]
    assert after.ore == 3


@pytest.mark.parametrize("kind", ["rotate", "flip_long", "flip_short"])
@pytest.mark.rules("MN-20")
def test_every_piece_stays_on_a_turned_card(kind: str) -> None:
    state = table(crews={"R": (1, 1)}, stock={"R": 1})
    after, _ = play(state, 0, turn(kind, (1, 1)))
    assert crew(after, "R").cell == (1, 1)
    assert (1, 1) in after.ranium
    assert crew(after, "R").stock == 1


@pytest.mark.rules("MN-20")
def test_a_centre_card_may_be_turned_and_its_base_camp_stays() -> None:
    state = table()
    after, _ = play(state, 0, turn("flip_long", (2, 3)))
    assert after.placement((2, 3)).face is Face.A
    assert crew(after, "R").base == (2, 3)
    assert crew(after, "R").cell == (2, 3)


@pytest.mark.rules("MN-20")
def test_every_card_of_the_mine_can_be_turned_three_ways() -> None:
    moves = legal(table(), 0)
    for cell in CELLS:
        for kind in ("rotate", "flip_long", "flip_short"):
            assert turn(kind, cell) in moves


@pytest.mark.rules("MN-4")
def test_a_cell_outside_the_mine_is_malformed() -> None:
    assert refused(table(), 0, turn("rotate", (6, 0))).code == MALFORMED_MOVE
    assert refused(table(), 0, {"type": "rotate", "cell": [1]}).code == MALFORMED_MOVE
