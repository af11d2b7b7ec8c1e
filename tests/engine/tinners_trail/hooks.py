"""Tinners' Trail hooks for the conformance suite: nothing hidden, and the game's invariants.

Invariants: money never negative; cubes conserved (supply + board + players + arsenic market);
time points never beyond the final column; the Order of Play, and the pass order plus the
unpassed seats, always permutations of the seats; unpassed tokens in one column on distinct
rows; pieces never more than the game has.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.state import Cubes, Phase, State
from tests.engine.hooks import Hooks


def _perturb(state: State, viewer: int | None, rng: Rng) -> State:
    # Part A A.6: nothing in the state is hidden from anyone (only future dice are unknown).
    return state


def _cubes(state: State) -> Cubes:
    held = Cubes()
    for area in state.areas:
        held = held.plus(area.cubes())
    for p in state.players:
        held = held.plus(Cubes(tin=p.tin, copper=p.copper, arsenic=p.arsenic))
    return held.plus(Cubes(arsenic=sum(state.market)))


def _money_and_cubes(state: State) -> list[str]:
    problems = []
    for seat, p in enumerate(state.players):
        if p.money < 0:
            problems.append(f"seat {seat} has negative money")
        if min(p.tin, p.copper, p.arsenic) < 0:
            problems.append(f"seat {seat} holds a negative number of cubes")
    for i, area in enumerate(state.areas, start=1):
        if min(area.water, area.tin, area.copper, area.arsenic, area.miners) < 0:
            problems.append(f"area {i} holds a negative count")
    if _cubes(state) != state.supply_out:
        problems.append(f"cubes not conserved: {_cubes(state)} vs {state.supply_out}")
    return problems


def _track(state: State) -> list[str]:
    problems = []
    seats = list(range(len(state.players)))
    if state.phase is not Phase.SETUP and sorted(state.order) != seats:
        problems.append(f"order of play {state.order} is not a permutation")
    unpassed = [s for s in seats if not state.players[s].passed]
    if sorted((*state.pass_order, *unpassed)) != seats:
        problems.append("pass order and unpassed seats are not a permutation")
    if [s for s in state.pass_order if not state.players[s].passed]:
        problems.append("a seat in the pass order has not passed")
    for seat, p in enumerate(state.players):
        if not 0 <= p.column <= p.final_column <= COMPONENTS.time_points:
            problems.append(f"seat {seat} is in column {p.column} beyond {p.final_column}")
    places = Counter((p.column, p.row) for p in state.players if not p.passed and p.column > 0)
    if any(n > 1 for n in places.values()):
        problems.append("two tokens share a row of a column")
    return problems


def _pieces(state: State) -> list[str]:
    problems = []
    counts = COMPONENTS.piece_counts
    built = {
        "ports": sum(a.port for a in state.areas) + state.display.ports,
        "miners": sum(a.miners for a in state.areas) + state.display.miners,
        "adits": len(state.adits) + state.display.adits,
        "railways": sum(a.railway for a in state.areas) + state.display.railways,
        "steam_pumps": sum(state.display.pumps) + (state.pumping.tokens if state.pumping else 0),
    }
    problems += [f"more {k} than the game has" for k, n in built.items() if n > counts[k]]
    for seat, p in enumerate(state.players):
        mines = sum(1 for a in state.areas if a.mine == seat)
        if mines + p.mines_left != COMPONENTS.mines_per_player:
            problems.append(f"seat {seat}'s mines were created or lost")
        cubes = sum(owners.count(seat) for row in state.investments for owners in row)
        if cubes + p.cubes_left != COMPONENTS.cubes_per_player:
            problems.append(f"seat {seat}'s investment cubes were created or lost")
        calciners = [i for i, a in enumerate(state.areas, start=1) if a.calciner == seat]
        if calciners != ([] if p.calciner is None else [p.calciner]):
            problems.append(f"seat {seat}'s calciner is not where it should be")
    if any(len(o) > COMPONENTS.space_capacity for row in state.investments for o in row):
        problems.append("an investment space holds more than 2 cubes")
    return problems


def _invariants(state: State) -> list[str]:
    return _money_and_cubes(state) + _track(state) + _pieces(state)


OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"arsenic": True},
    {"arsenic": True, "track_ties": "last_arrival_first", "investment_pass": "final"},
    {"price_adjustments": "round_replaces_edge", "investment_pass": "final"},
)

HOOKS = Hooks(_perturb, _invariants, option_sets=OPTION_SETS)
