"""Mine geometry (rules/mine.md Part B §2.2): the 6×6 grid, its rings, card openings and the
three card manipulations, as small pure functions.

* Cells are `(row, col)`, `0..5`, row 0 north. The 2×2 centre, the inner ring of 12 and the outer
  ring of 20 make 4 + 12 + 20 = 36 cells (§2.2 item 1); ring indices run clockwise from the NW
  corner.
* Openings are bit masks `N | E | S | W`. A card lies as `(face, rot)`; its *world* openings are
  the printed openings of the face up, turned by 180° when `rot == 180` (§2.2 item 3).
* Rotating by 180°, flipping over the long side and flipping over the short side are the three
  non-trivial symmetries of a rectangle: with the identity they form the Klein four-group
  (every element is its own inverse; any two distinct ones compose to the third).
* Loaders sit on the outer track (outer-ring index 0–19) and face the outward edges of their
  cell; a corner faces two edges (§2.6, loader track).
"""

from __future__ import annotations

import enum

Cell = tuple[int, int]

N, E, S, W = 1, 2, 4, 8
DIRECTIONS = (N, E, S, W)
ALL_OPEN = N | E | S | W
_LETTER = {N: "N", E: "E", S: "S", W: "W"}
_STEP = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}

SIZE = 6
CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))
CENTRE: tuple[Cell, ...] = ((2, 2), (2, 3), (3, 3), (3, 2))
"""Centre cells clockwise from NW; the `centre` option names their colours in this order."""


def _ring(lo: int, hi: int) -> tuple[Cell, ...]:
    """The square ring between rows/cols `lo` and `hi`, clockwise from its NW corner."""
    top = [(lo, c) for c in range(lo, hi + 1)]
    right = [(r, hi) for r in range(lo + 1, hi + 1)]
    bottom = [(hi, c) for c in range(hi - 1, lo - 1, -1)]
    left = [(r, lo) for r in range(hi - 1, lo, -1)]
    return (*top, *right, *bottom, *left)


INNER_RING = _ring(1, 4)
OUTER_RING = _ring(0, 5)
RING_CELLS = INNER_RING + OUTER_RING
INNER_CORNERS: tuple[Cell, ...] = ((1, 1), (1, 4), (4, 4), (4, 1))
TRACK = len(OUTER_RING)
"""Loader positions: outer-ring indices 0..19."""


class Face(enum.Enum):
    """The side of a mine card that lies face up."""

    A = "A"
    B = "B"


Pose = tuple[Face, int]
"""How a card lies: `(face up, rot)` with rot 0 or 180."""


def opposite(direction: int) -> int:
    """Returns the opposite direction (N↔S, E↔W)."""
    return turned(direction)


def turned(mask: int) -> int:
    """Returns openings turned by 180°: N↔S and E↔W."""
    return ((mask << 2) | (mask >> 2)) & ALL_OPEN


def parse_openings(text: str) -> int:
    """Returns the mask of openings written as letters, e.g. `"NES"`."""
    inverse = {letter: d for d, letter in _LETTER.items()}
    mask = 0
    for letter in text:
        if letter not in inverse:
            raise ValueError(f"unknown opening {letter!r} in {text!r}")
        mask |= inverse[letter]
    return mask


def openings_text(mask: int) -> str:
    """Returns openings as letters in N, E, S, W order."""
    return "".join(_LETTER[d] for d in DIRECTIONS if mask & d)


def world_openings(printed: int, rot: int) -> int:
    """Returns where a face's printed openings point when the card lies at `rot` (0 or 180)."""
    return printed if rot == 0 else turned(printed)


def _other(face: Face) -> Face:
    return Face.B if face is Face.A else Face.A


def rotate(pose: Pose) -> Pose:
    """Rotate by 180°: same face, rot + 180."""
    return pose[0], (pose[1] + 180) % 360


def flip_long(pose: Pose) -> Pose:
    """Flip over the long side: other face, same rot (the convention of face B's openings)."""
    return _other(pose[0]), pose[1]


def flip_short(pose: Pose) -> Pose:
    """Flip over the short side: other face, rot + 180 (= rotate after a long flip)."""
    return _other(pose[0]), (pose[1] + 180) % 360


def on_grid(cell: Cell) -> bool:
    """Tells whether `cell` lies in the 6×6 mine."""
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def neighbour(cell: Cell, direction: int) -> Cell | None:
    """Returns the cell next to `cell` in `direction`, or `None` at the edge of the mine."""
    dr, dc = _STEP[direction]
    out = (cell[0] + dr, cell[1] + dc)
    return out if on_grid(out) else None


def neighbours(cell: Cell) -> tuple[tuple[int, Cell], ...]:
    """Returns `(direction, cell)` for every orthogonal neighbour inside the mine."""
    out = []
    for d in DIRECTIONS:
        other = neighbour(cell, d)
        if other is not None:
            out.append((d, other))
    return tuple(out)


def direction_to(a: Cell, b: Cell) -> int | None:
    """Returns the direction from `a` to an orthogonally adjacent `b`, else `None`."""
    for d, other in neighbours(a):
        if other == b:
            return d
    return None


def joined(a_open: int, b_open: int, direction: int) -> bool:
    """Tells whether openings meet between a card and its neighbour in `direction` (item 6)."""
    return bool(a_open & direction) and bool(b_open & opposite(direction))


def index(cell: Cell) -> int:
    """Returns the row-major index of `cell` (0..35)."""
    return cell[0] * SIZE + cell[1]


def track_cell(position: int) -> Cell:
    """Returns the outer-ring cell a loader at `position` is docked to."""
    return OUTER_RING[position]


def loader_facing(position: int) -> int:
    """Returns the outward edge(s) of the docked cell: N on row 0, E on col 5, S on row 5, W on
    col 0; a corner faces both of its outward edges."""
    row, col = track_cell(position)
    mask = 0
    mask |= N if row == 0 else 0
    mask |= E if col == SIZE - 1 else 0
    mask |= S if row == SIZE - 1 else 0
    mask |= W if col == 0 else 0
    return mask


def track_step(position: int, step: int) -> int:
    """Returns the track position `step` (±1) from `position`, going round the corners."""
    return (position + step) % TRACK
