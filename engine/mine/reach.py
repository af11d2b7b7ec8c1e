"""How much ore a crew needs to reach places with its own steps (issue 42, the search's
evaluation), counted between tunnel networks: a network `h` type changes away costs `2h` ore
to enter (a move to the joined edge and the change of type, §2.6 items 4–5, the first move
counted even where the crew stands on that edge already), and a cell in it one more (a move).
Card turns and the secret tunnel are left out, so what only they reach counts as `FAR`.

`collect_cost` is the ore to stand on a Ranium and collect it, `deliver_cost` the ore to hand
Ranium to a loader (the delivery moves the crew through its network, §2.6 item 9), one more when
a loader must first step once to a free position where the card opens towards it.
"""

from __future__ import annotations

from boardstate.engine.mine import board
from boardstate.engine.mine.geometry import (
    CELLS,
    Cell,
    E,
    S,
    index,
    joined,
    loader_facing,
    neighbour,
    track_cell,
    track_step,
)
from boardstate.engine.mine.network import Tile, labels
from boardstate.engine.mine.state import Crew, State

FAR = 8
"""The ore counted for what the crew cannot reach with its own steps."""

_PAIRS = tuple(
    (index(cell), index(other), direction)
    for cell in CELLS
    for direction in (E, S)
    if (other := neighbour(cell, direction)) is not None
)
"""Every pair of orthogonal neighbours once (the second east or south of the first)."""

Graph = dict[int, set[int]]
"""Per network label, the networks one type change away."""

_CACHE: tuple[tuple[Tile, ...], bool, bool, tuple[int, ...], Graph, dict[int, dict[int, int]]]
_CACHE = ((), True, True, (), {}, {})
"""The board seen last (by identity of its tiles, as `network._LAST`): its labels, graph and
the type changes from each network asked about so far."""


def _graph(tiles: tuple[Tile, ...], found: tuple[int, ...], needs_open: bool) -> Graph:
    graph: Graph = {label: set() for label in found}
    for a, b, direction in _PAIRS:
        ta, tb = tiles[a], tiles[b]
        if ta.colour is tb.colour:
            continue
        if not needs_open or joined(ta.openings, tb.openings, direction):
            graph[found[a]].add(found[b])
            graph[found[b]].add(found[a])
    return graph


def _hops(state: State, cell: Cell) -> tuple[tuple[int, ...], dict[int, int]]:
    """The board's network labels, and the type changes from `cell`'s network to each network
    it reaches."""
    global _CACHE
    tiles = board.tiles(state)
    options = state.options
    require, needs = options.require_open_edges, options.change_type_needs_open_edges
    cache = _CACHE
    if cache[0] is not tiles or cache[1] is not require or cache[2] is not needs:
        found = labels(tiles, require)
        cache = (tiles, require, needs, found, _graph(tiles, found, needs), {})
        _CACHE = cache
    found, graph, known = cache[3], cache[4], cache[5]
    start = found[index(cell)]
    dist = known.get(start)
    if dist is None:
        dist, queue = {start: 0}, [start]
        for label in queue:
            for other in graph[label]:
                if other not in dist:
                    dist[other] = dist[label] + 1
                    queue.append(other)
        known[start] = dist
    return found, dist


def _cost(found: tuple[int, ...], hops: dict[int, int], crew: Crew, cell: int) -> int:
    """Ore for `crew` to stand on `cell` (0 where it stands)."""
    if cell == index(crew.cell):
        return 0
    h = hops.get(found[cell])
    return FAR if h is None else min(FAR, 2 * h + 1)


def collect_costs(state: State, crew: Crew) -> dict[Cell, int]:
    """Ore to reach each Ranium on the board and collect it (`FAR` + 1 when out of reach)."""
    found, hops = _hops(state, crew.cell)
    return {cell: _cost(found, hops, crew, index(cell)) + 1 for cell in state.ranium}


def collect_cost(state: State, crew: Crew) -> int:
    """Ore to reach the nearest Ranium and collect it (`FAR` + 1 when none can be reached)."""
    return min(collect_costs(state, crew).values(), default=FAR + 1)


def _opens(state: State, position: int) -> bool:
    if not state.options.loader_needs_opening:
        return True
    return bool(board.tile_at(state, track_cell(position)).openings & loader_facing(position))


def deliver_cost(state: State, crew: Crew) -> int:
    """Ore to hand Ranium to a loader: 1 from a network holding a loader's opening cell, plus
    the ore to reach that network, plus 1 if the loader must step there first."""
    found, reach = _hops(state, crew.cell)
    best = FAR + 1
    for position in state.loaders:
        for step, extra in ((0, 1), (1, 2), (-1, 2)):
            at = track_step(position, step)
            if (step and at in state.loaders) or not _opens(state, at):
                continue
            h = reach.get(found[index(track_cell(at))])
            if h is not None:
                best = min(best, 2 * h + extra)
    return min(best, FAR + 1)
