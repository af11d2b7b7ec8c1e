"""TF22 Mine's bot hooks (issue 17): what is hidden from a seat, and what a position is worth.

Hidden from every seat: the order of each symbol pile (its cards are known: the unused ones);
hidden from a seat: the symbol cards the others committed in a fight before the reveal.
`resample` shuffles every pile anew and gives each other committed seat one of its unused cards.
`evaluate`: victory points (3 win), plus each crew's prospects: the Ranium it carries (worth
more once a loader is on its tunnel network), or how near the nearest Ranium is.

`worth` (the search's evaluation, issue 42): points, plus each crew's ore distance to its next
point (`reach`): a carried Ranium by the ore its delivery needs, a crew carrying none by the ore
to collect a Ranium of its own. The heuristic's straight-line distance ignores that moves run
through tunnel networks, and its one ply of 48 sampled moves (of some 130, most card turns)
often leaves out the move that collects or delivers: the search ranks every legal move by
`worth` (`rank_width`) and plays its rollouts with one random move a step (cheaper, so more
playouts in its second). docs/bots.md has the measurements.
"""

from __future__ import annotations

from boardstate.engine.core.bot_hooks import BotHooks, SearchTuning, deal
from boardstate.engine.core.records import replace
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine.board import loader_reachable
from boardstate.engine.mine.reach import collect_costs, deliver_cost
from boardstate.engine.mine.state import Crew, State


def resample(state: State, seat: int, rng: Rng) -> State:
    players = tuple(replace(p, pile=deal([p.pile], rng)[0]) for p in state.players)
    state = replace(state, players=players)
    fight = state.fight
    if fight is None or fight.choices is None:
        return state
    redone = []
    for s, card in fight.choices.committed:
        pile = players[s].pile
        redone.append((s, card if s == seat or not pile else pile[rng.below(len(pile))]))
    choices = replace(fight.choices, committed=tuple(redone))
    return replace(state, fight=replace(fight, choices=choices))


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _crew_value(state: State, crew: Crew) -> float:
    """A crew carrying Ranium is worth more once a loader is on its network; one carrying none
    is worth more the nearer the nearest Ranium lies."""
    if crew.stock:
        reachable = any(loader_reachable(state, crew, k) for k in range(len(state.loaders)))
        return crew.stock * (3.0 if reachable else 1.5)
    if not state.ranium:
        return 0.0
    return -0.2 * min(_distance(crew.cell, cell) for cell in state.ranium)


def evaluate(state: State, seat: int) -> float:
    crews = sum(_crew_value(state, crew) for crew in state.crews_of(seat))
    return 8.0 * state.players[seat].points + crews


POINT = 8.0
"""Evaluation units per victory point (as the heuristic's: the search's `SCALE` is set to it)."""
CARRIED = (0.8, 0.05, 0.5)
"""A carried Ranium, in points: when one ore delivers it, less per further ore, at least."""
SEEKING = (0.4, 0.05, 0.05)
"""A crew carrying none, in points: when one ore collects a Ranium, less per ore, at least."""


def _sliding(cost: int, scale: tuple[float, float, float]) -> float:
    top, step, least = scale
    return max(least, top - step * (cost - 1))


def _seeking(state: State, crews: list[Crew]) -> float:
    """The seat's crews carrying none, each with a Ranium of its own: the nearest pair first."""
    pairs = sorted(
        (cost, k, cell)
        for k, crew in enumerate(crews)
        for cell, cost in collect_costs(state, crew).items()
    )
    total, crews_done, cells_done = 0.0, set(), set()
    for cost, k, cell in pairs:
        if k not in crews_done and cell not in cells_done:
            crews_done.add(k)
            cells_done.add(cell)
            total += _sliding(cost, SEEKING)
    return total


def worth(state: State, seat: int) -> float:
    """The search's evaluation: points, and each crew's ore distance to its next point."""
    total = float(state.players[seat].points)
    seeking = []
    for crew in state.crews_of(seat):
        if crew.stock:
            total += crew.stock * _sliding(deliver_cost(state, crew), CARRIED)
        else:
            seeking.append(crew)
    return POINT * (total + _seeking(state, seeking))


HOOKS = BotHooks(
    resample=resample,
    evaluate=evaluate,
    search=SearchTuning(evaluate=worth, rank_width=256, rollout_sample=1),
)
