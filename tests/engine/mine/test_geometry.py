"""Geometry of the mine (rules/mine.md Part B §2.2): openings, the Klein four-group of card
manipulations, rings, loaders, and tunnel networks as pure functions of what cells show."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest

from boardstate.engine.mine.components import COMPONENTS, Colour
from boardstate.engine.mine.geometry import (
    CELLS,
    CENTRE,
    INNER_CORNERS,
    INNER_RING,
    OUTER_RING,
    Cell,
    Face,
    Pose,
    direction_to,
    flip_long,
    flip_short,
    loader_facing,
    neighbours,
    openings_text,
    parse_openings,
    rotate,
    track_cell,
    track_step,
    turned,
    world_openings,
)
from boardstate.engine.mine.network import Tile, _networks, labels, network, same_network

POSES: list[Pose] = [(f, r) for f in Face for r in (0, 180)]
Manipulation = Callable[[Pose], Pose]
MANIPULATIONS: dict[str, Manipulation] = {
    "rotate": rotate,
    "flip_long": flip_long,
    "flip_short": flip_short,
}


def identity(pose: Pose) -> Pose:
    return pose


@pytest.mark.rules("MN-21")
def test_openings_are_written_as_letters_in_compass_order() -> None:
    assert openings_text(parse_openings("WSEN")) == "NESW"
    assert openings_text(parse_openings("EN")) == "NE"
    with pytest.raises(ValueError, match="unknown opening"):
        parse_openings("NX")


@pytest.mark.rules("MN-21")
def test_turning_by_180_degrees_swaps_north_with_south_and_east_with_west() -> None:
    assert openings_text(turned(parse_openings("N"))) == "S"
    assert openings_text(turned(parse_openings("NE"))) == "SW"
    assert openings_text(turned(parse_openings("NES"))) == "NSW"
    assert all(turned(turned(mask)) == mask for mask in range(16))


@pytest.mark.rules("MN-21")
def test_world_openings_are_the_printed_ones_at_rot_0_and_turned_at_rot_180() -> None:
    printed = parse_openings("NEW")
    assert world_openings(printed, 0) == printed
    assert openings_text(world_openings(printed, 180)) == "ESW"


@pytest.mark.parametrize("name", sorted(MANIPULATIONS))
@pytest.mark.rules("MN-20")
def test_each_card_manipulation_undoes_itself(name: str) -> None:
    act = MANIPULATIONS[name]
    assert all(act(act(pose)) == pose for pose in POSES)
    assert all(act(pose) != pose for pose in POSES)


@pytest.mark.parametrize(
    ("first", "second", "third"),
    [
        ("rotate", "flip_long", "flip_short"),
        ("flip_long", "flip_short", "rotate"),
        ("flip_short", "rotate", "flip_long"),
    ],
)
@pytest.mark.rules("MN-20")
def test_any_two_different_manipulations_compose_to_the_third(
    first: str, second: str, third: str
) -> None:
    a, b, c = MANIPULATIONS[first], MANIPULATIONS[second], MANIPULATIONS[third]
    for pose in POSES:
        assert b(a(pose)) == c(pose)
        assert a(b(pose)) == c(pose)


@pytest.mark.rules("MN-20")
def test_the_four_symmetries_take_a_card_to_each_of_its_four_poses_once() -> None:
    group = [identity, rotate, flip_long, flip_short]
    for pose in POSES:
        assert sorted((f.value, r) for f, r in (g(pose) for g in group)) == sorted(
            (f.value, r) for f, r in POSES
        )


@pytest.mark.rules("MN-20")
def test_rotating_turns_openings_and_flipping_shows_the_other_face() -> None:
    assert rotate((Face.A, 0)) == (Face.A, 180)
    assert flip_long((Face.A, 0)) == (Face.B, 0)
    assert flip_short((Face.A, 0)) == (Face.B, 180)
    assert flip_short((Face.B, 180)) == (Face.A, 0)


@pytest.mark.rules("MN-4")
def test_the_mine_is_a_centre_an_inner_ring_of_12_and_an_outer_ring_of_20() -> None:
    assert (len(CENTRE), len(INNER_RING), len(OUTER_RING)) == (4, 12, 20)
    assert sorted([*CENTRE, *INNER_RING, *OUTER_RING]) == sorted(CELLS)
    assert len(CELLS) == 36 == len(COMPONENTS.cards)


@pytest.mark.rules("MN-4")
def test_rings_run_clockwise_from_their_north_west_corner() -> None:
    assert INNER_RING[:5] == ((1, 1), (1, 2), (1, 3), (1, 4), (2, 4))
    assert INNER_RING[9:] == ((4, 1), (3, 1), (2, 1))
    assert OUTER_RING[5:8] == ((0, 5), (1, 5), (2, 5))
    assert OUTER_RING[15:] == ((5, 0), (4, 0), (3, 0), (2, 0), (1, 0))


@pytest.mark.rules("MN-4")
def test_the_inner_ring_corners_lie_diagonally_next_to_the_centre() -> None:
    assert (INNER_RING[0], INNER_RING[3], INNER_RING[6], INNER_RING[9]) == INNER_CORNERS
    for corner, centre in zip(INNER_CORNERS, CENTRE, strict=True):
        assert abs(corner[0] - centre[0]) == 1
        assert abs(corner[1] - centre[1]) == 1


@pytest.mark.parametrize(
    ("position", "cell", "faces"),
    [(0, (0, 0), "NW"), (2, (0, 2), "N"), (5, (0, 5), "NE"), (9, (4, 5), "E"), (10, (5, 5), "ES")],
)
@pytest.mark.rules("MN-27")
def test_a_loader_faces_the_outward_edges_of_its_cell_and_a_corner_faces_two(
    position: int, cell: Cell, faces: str
) -> None:
    assert track_cell(position) == cell
    assert openings_text(loader_facing(position)) == faces


@pytest.mark.rules("MN-26")
def test_loaders_move_round_the_corners_of_the_track() -> None:
    assert track_step(19, 1) == 0
    assert track_step(0, -1) == 19
    assert track_step(9, 1) == 10


@pytest.mark.rules("MN-4")
def test_neighbours_stay_inside_the_mine_and_diagonals_are_not_neighbours() -> None:
    assert [cell for _, cell in neighbours((0, 0))] == [(0, 1), (1, 0)]
    assert len(neighbours((2, 2))) == 4
    assert direction_to((2, 2), (1, 1)) is None
    assert direction_to((2, 2), (1, 2)) == parse_openings("N")


# -- tunnel networks over hand-made tiles ------------------------------------------------------

CLOSED = Tile(Colour.YELLOW, 0, None)
"""A filler tile with no openings: it links to nothing."""


def tiles(shown: Mapping[Cell, tuple[str, str]]) -> tuple[Tile, ...]:
    letters = {"W": Colour.WHITE, "R": Colour.RED, "B": Colour.BLUE, "Y": Colour.YELLOW}
    out = {cell: Tile(letters[c], parse_openings(o), None) for cell, (c, o) in shown.items()}
    return tuple(out.get(cell, CLOSED) for cell in CELLS)


@pytest.mark.rules("MN-21")
def test_adjacent_cards_of_one_colour_are_linked_only_where_both_openings_meet() -> None:
    board = tiles({(0, 0): ("W", "E"), (0, 1): ("W", "W"), (1, 0): ("W", "E"), (1, 1): ("W", "N")})
    assert same_network(board, (0, 0), (0, 1), require_open=True)
    assert not same_network(board, (1, 0), (1, 1), require_open=True)
    assert not same_network(board, (0, 1), (1, 1), require_open=True)


@pytest.mark.rules("MN-21")
def test_cards_of_different_colours_are_never_linked() -> None:
    board = tiles({(0, 0): ("W", "E"), (0, 1): ("R", "W")})
    assert network(board, (0, 0), require_open=True) == ((0, 0),)
    assert not same_network(board, (0, 0), (0, 1), require_open=False)


@pytest.mark.rules("MN-22")
def test_a_tunnel_network_is_every_card_reached_through_linked_cards() -> None:
    snake = {
        (0, 0): ("B", "E"),
        (0, 1): ("B", "SW"),
        (1, 1): ("B", "NS"),
        (2, 1): ("B", "NE"),
        (2, 2): ("B", "EW"),
        (2, 3): ("B", "W"),
        (0, 2): ("B", "NESW"),
    }
    board = tiles(snake)
    assert network(board, (0, 0), require_open=True) == (
        (0, 0),
        (0, 1),
        (1, 1),
        (2, 1),
        (2, 2),
        (2, 3),
    )
    assert network(board, (0, 2), require_open=True) == ((0, 2),)


@pytest.mark.rules("MN-21")
def test_diagonal_cards_never_connect() -> None:
    board = tiles({(0, 0): ("W", "NESW"), (1, 1): ("W", "NESW")})
    assert not same_network(board, (0, 0), (1, 1), require_open=False)


@pytest.mark.rules("MN-21")
def test_without_open_edges_adjacent_cards_of_one_colour_are_linked() -> None:
    board = tiles({(0, 0): ("W", "N"), (0, 1): ("W", "N")})
    assert not same_network(board, (0, 0), (0, 1), require_open=True)
    assert same_network(board, (0, 0), (0, 1), require_open=False)


@pytest.mark.rules("MN-22")
def test_a_network_may_span_the_whole_mine() -> None:
    board = tuple(Tile(Colour.RED, parse_openings("NESW"), None) for _ in CELLS)
    assert network(board, (3, 3), require_open=True) == CELLS
    assert len(set(labels(board, True))) == 1


@pytest.mark.rules("MN-22")
def test_the_networks_of_a_board_are_labelled_once_and_then_looked_up() -> None:
    board = tiles({(4, 4): ("R", "NESW"), (4, 5): ("R", "W")})
    labels(board, True)
    before = _networks.cache_info()
    for cell in CELLS:
        network(board, cell, require_open=True)
    network(board[:1] + board[1:], (0, 0), require_open=True)  # an equal board: one lookup
    after = _networks.cache_info()
    assert after.misses == before.misses
    assert after.hits == before.hits + 1
