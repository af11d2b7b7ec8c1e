"""Tunnel networks (rules/mine.md Part B §2.2 items 4–6).

A face is one tunnel of one colour: all its openings connect. Orthogonally adjacent cells are
*joined* when their world openings meet; two joined cells of the same colour are *linked*
(without `require_open_edges`, adjacency and colour suffice, Q3). A cell's tunnel network is
its connected component under "linked". Networks of a whole board are labelled once and
cached, so listing every move across a large network costs one dictionary lookup.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType

from boardstate.engine.mine.components import COMPONENTS, Colour, Symbol
from boardstate.engine.mine.geometry import (
    CELLS,
    Cell,
    Face,
    index,
    joined,
    neighbours,
    world_openings,
)


@dataclasses.dataclass(frozen=True, slots=True)
class Tile:
    """What a cell shows now: the face-up colour, its world openings and its symbol."""

    colour: Colour
    openings: int
    symbol: Symbol | None


@lru_cache(maxsize=512)
def tile(card: str, face: Face, rot: int) -> Tile:
    """Returns what mine card `card` shows when it lies as `(face, rot)`."""
    spec = COMPONENTS.face(card, face)
    return Tile(spec.colour, world_openings(spec.openings, rot), spec.symbol)


def linked(tiles: Sequence[Tile], a: Cell, b: Cell, direction: int, require_open: bool) -> bool:
    """Tells whether a crew may pass from `a` to its neighbour `b` within one tunnel type."""
    ta, tb = tiles[index(a)], tiles[index(b)]
    if ta.colour is not tb.colour:
        return False
    return not require_open or joined(ta.openings, tb.openings, direction)


Networks = tuple[tuple[int, ...], Mapping[int, tuple[Cell, ...]]]
"""A label per cell, and the cells of every network by label."""


@lru_cache(maxsize=2048)
def _networks(tiles: tuple[Tile, ...], require_open: bool) -> Networks:
    """A network label per cell (row-major; equal labels = same tunnel network) and the cells
    of every network by label, each in row-major order (read-only)."""
    out = [-1] * len(CELLS)
    for start in CELLS:
        if out[index(start)] >= 0:
            continue
        label = index(start)
        out[label] = label
        stack = [start]
        while stack:
            cell = stack.pop()
            for direction, other in neighbours(cell):
                if out[index(other)] < 0 and linked(tiles, cell, other, direction, require_open):
                    out[index(other)] = label
                    stack.append(other)
    groups: dict[int, list[Cell]] = {}
    for cell, found in zip(CELLS, out, strict=True):
        groups.setdefault(found, []).append(cell)
    return tuple(out), MappingProxyType({k: tuple(cells) for k, cells in groups.items()})


_LAST: tuple[tuple[Tile, ...], bool, Networks] | None = None
"""The board labelled last, by identity: a position's tiles are one tuple (`board.tiles`), and
hashing 36 tiles for the cache costs more than the lookup saves. Replaced in one assignment."""


def _labelled(tiles: tuple[Tile, ...], require_open: bool) -> Networks:
    global _LAST
    last = _LAST
    if last is not None and last[0] is tiles and last[1] is require_open:
        return last[2]
    found = _networks(tiles, require_open)
    _LAST = (tiles, require_open, found)
    return found


def labels(tiles: tuple[Tile, ...], require_open: bool) -> tuple[int, ...]:
    """Returns a network label per cell (row-major); equal labels = same tunnel network."""
    return _labelled(tiles, require_open)[0]


def members(tiles: tuple[Tile, ...], require_open: bool) -> Mapping[int, tuple[Cell, ...]]:
    """Returns the cells of every network by label, each in row-major order (read-only)."""
    return _labelled(tiles, require_open)[1]


def network(tiles: tuple[Tile, ...], cell: Cell, require_open: bool) -> tuple[Cell, ...]:
    """Returns the tunnel network of `cell` (itself included), row-major."""
    found, groups = _labelled(tiles, require_open)
    return groups[found[index(cell)]]


def same_network(tiles: tuple[Tile, ...], a: Cell, b: Cell, require_open: bool) -> bool:
    """Tells whether `a` and `b` lie in one tunnel network."""
    found = labels(tiles, require_open)
    return found[index(a)] == found[index(b)]
