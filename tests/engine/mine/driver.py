"""Seeded playthroughs biased towards the rare rules (fights, deliveries, re-spawns, traps).

Uniform random play spends most ore turning cards, so crews seldom meet or deliver. This
driver prefers, in order: delivering, collecting, stealing, moving a crew onto a Ranium, then
any crew movement half of the time. It yields the same `Opening`/`Step` records as
`engine.core.simulate.playthrough`, with the same RNG derivation for the game's own draws.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardstate.engine.core.replay import fold
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.simulate import Opening, Step, opening
from boardstate.engine.mine import RULES
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine.state import State

_MOVERS = (mv.MoveCrew, mv.ChangeType, mv.SecretTunnel, mv.TransporterTrap)


def _inner(move: mv.Move) -> mv.Move:
    if isinstance(move, mv.FreeAction):
        return move.actions()[0]
    return move


def choose(state: State, legal: tuple[mv.Move, ...], pick: Rng) -> mv.Move:
    """Returns a move of `legal`, preferring the rare rules."""
    inner = [_inner(m) for m in legal]
    tiers = [
        [m for m, i in zip(legal, inner, strict=True) if isinstance(i, mv.Deliver)],
        [m for m, i in zip(legal, inner, strict=True) if isinstance(i, mv.Collect)],
        [m for m, i in zip(legal, inner, strict=True) if isinstance(i, mv.Steal)],
        [
            m
            for m, i in zip(legal, inner, strict=True)
            if isinstance(i, mv.MoveCrew | mv.ChangeType | mv.SecretTunnel) and i.to in state.ranium
        ],
    ]
    for tier in tiers:
        if tier:
            return pick.choice(tier)
    movers = [m for m, i in zip(legal, inner, strict=True) if isinstance(i, _MOVERS)]
    if movers and pick.below(2) == 0:
        return pick.choice(movers)
    return pick.choice(legal)


def biased_playthrough(players: int, seed: str, options: Any) -> Iterator[Opening | Step]:
    """Yields the opening, then every step of a biased game until it ends."""
    start = opening(RULES, players, seed, options)
    yield start
    state, version = start.state, len(start.events)
    for number in range(1, RULES.info.max_game_length + 1):
        seats = sorted(RULES.to_act(state))
        if not seats:
            return
        pick = Rng.for_decision("pick:" + seed, version)
        seat = pick.choice(seats)
        legal = tuple(RULES.legal_moves(state, seat))
        move = choose(state, legal, pick)
        events = tuple(RULES.decide(state, seat, move, Rng.for_decision(seed, version)))
        after = fold(RULES, state, events)
        yield Step(number, version, seat, legal, move, events, state, after)
        state, version = after, version + len(events)
