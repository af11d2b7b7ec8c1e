"""Seeded playthroughs biased towards the rare rules (fights, deliveries, re-spawns, traps).

Uniform random play spends most ore turning cards, so crews seldom meet or deliver. This
driver prefers, in order: delivering, collecting, stealing, moving a crew onto a Ranium, then
any crew movement half of the time. `biased` is that strategy for `engine.core.driver`:
`playthrough(RULES, players, seed, options, strategy=biased)`.
"""

from __future__ import annotations

from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine.state import State

_MOVERS = (mv.MoveCrew, mv.ChangeType, mv.SecretTunnel, mv.TransporterTrap)


def _inner(move: mv.Move) -> mv.Move:
    if isinstance(move, mv.FreeAction):
        return move.actions()[0]
    return move


def biased(state: State, seat: int, legal: tuple[mv.Move, ...], pick: Rng) -> mv.Move:
    """The strategy: returns a move of `legal`, preferring the rare rules."""
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
