"""What the board allows now (rules/mine.md Part B §2.6, §2.7, §2.9): the targets of each
crew action, computed once here so that `decide` and `legal_moves` agree by construction.
"""

from __future__ import annotations

from functools import lru_cache

from boardstate.engine.mine.components import Symbol
from boardstate.engine.mine.geometry import (
    CELLS,
    INNER_RING,
    Cell,
    index,
    joined,
    loader_facing,
    neighbours,
    track_cell,
    track_step,
)
from boardstate.engine.mine.network import Tile, network, same_network, tile
from boardstate.engine.mine.state import Crew, Placement, State


@lru_cache(maxsize=2048)
def _tiles(grid: tuple[Placement, ...]) -> tuple[Tile, ...]:
    return tuple(tile(p.card, p.face, p.rot) for p in grid)


_LAST: tuple[tuple[Placement, ...], tuple[Tile, ...]] | None = None
"""The grid seen last, by identity: most states share their grid tuple with the state before,
so this skips hashing 36 placements. Replaced in one assignment (safe across threads)."""


def tiles(state: State) -> tuple[Tile, ...]:
    """Returns what every cell shows now, row-major."""
    global _LAST
    last = _LAST
    if last is not None and last[0] is state.grid:
        return last[1]
    found = _tiles(state.grid)
    _LAST = (state.grid, found)
    return found


def tile_at(state: State, cell: Cell) -> Tile:
    """Returns what `cell` shows now."""
    return tiles(state)[index(cell)]


def network_of(state: State, cell: Cell) -> tuple[Cell, ...]:
    """Returns the tunnel network of `cell` (itself included)."""
    return network(tiles(state), cell, state.options.require_open_edges)


def in_network(state: State, a: Cell, b: Cell) -> bool:
    """Tells whether `b` lies in the tunnel network of `a`."""
    return same_network(tiles(state), a, b, state.options.require_open_edges)


def has_ranium(state: State, cell: Cell) -> bool:
    """Tells whether a Ranium lies on `cell`."""
    return cell in state.ranium


def opponents_at(state: State, crew: Crew) -> tuple[Crew, ...]:
    """Returns the opposing crews on `crew`'s cell (never its partner crew, §2.11)."""
    return tuple(c for c in state.crews_at(crew.cell) if c.owner != crew.owner)


def move_targets(state: State, crew: Crew) -> tuple[Cell, ...]:
    """§2.6 item 4: every other cell of the crew's tunnel network."""
    return tuple(c for c in network_of(state, crew.cell) if c != crew.cell)


def change_type_targets(state: State, crew: Crew) -> tuple[Cell, ...]:
    """§2.6 item 5, Q4: adjacent cells of another type whose openings meet the crew's card."""
    here = tile_at(state, crew.cell)
    out = []
    for direction, cell in neighbours(crew.cell):
        there = tile_at(state, cell)
        if there.colour is here.colour:
            continue
        needs_open = state.options.change_type_needs_open_edges
        if not needs_open or joined(here.openings, there.openings, direction):
            out.append(cell)
    return tuple(out)


def loader_target(state: State, loader: int, step: int) -> int | None:
    """§2.6 item 8: the loader's next position that way, or `None` if another loader is there."""
    position = track_step(state.loaders[loader], step)
    return None if position in state.loaders else position


def loader_opens(state: State, loader: int) -> bool:
    """Q7: the loader's cell has a world opening on an edge facing the loader."""
    position = state.loaders[loader]
    return bool(tile_at(state, track_cell(position)).openings & loader_facing(position))


def loader_reachable(state: State, crew: Crew, loader: int) -> bool:
    """§2.6 item 9: the loader's cell is the crew's cell or in its tunnel network."""
    return in_network(state, crew.cell, track_cell(state.loaders[loader]))


def same_type_cells(state: State, cell: Cell) -> tuple[Cell, ...]:
    """§2.9: every other cell whose current type equals that of `cell` (any distance)."""
    shown = tiles(state)
    colour = shown[index(cell)].colour
    return tuple(c for c in CELLS if c != cell and shown[index(c)].colour is colour)


def tunnel_targets(state: State, crew: Crew) -> tuple[Cell, ...]:
    """§2.9 secret tunnel: another card of the same current type with no Ranium on it."""
    return tuple(c for c in same_type_cells(state, crew.cell) if not has_ranium(state, c))


def empty_with_symbol(state: State, symbol: Symbol) -> tuple[Cell, ...]:
    """§2.7 item 2, Q9: face-up symbol matches; no Ranium, no crew, no base camp."""
    taken = {c.cell for c in state.crews} | {c.base for c in state.crews} | set(state.ranium)
    shown = tiles(state)
    return tuple(c for c in CELLS if shown[index(c)].symbol is symbol and c not in taken)


def respawn_cells(state: State, symbol: Symbol) -> tuple[tuple[Cell, ...], bool]:
    """§2.7 items 2–3: the candidate cells, and whether they are the inner-ring fallback."""
    found = empty_with_symbol(state, symbol)
    if found:
        return found, False
    return tuple(c for c in INNER_RING if not has_ranium(state, c)), True
