"""Tinners' Trail scoring (rules/tinners_trail.md B §1.14).

After round 4 each player scores the VP of the spaces holding their investment cubes; money,
mines and ore are worth nothing. Equal totals: the tied player earlier in the Order of Play
wins (the final Order of Play is round 4's pass order), so there is always one winner.
"""

from __future__ import annotations

from boardstate.engine.core.rules import Outcome
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.state import State


def victory_points(state: State, seat: int) -> int:
    """The VP of `seat`'s investment cubes on the grid."""
    return sum(
        COMPONENTS.investment_vp[r][c] * owners.count(seat)
        for r, row in enumerate(state.investments)
        for c, owners in enumerate(row)
    )


def final_scores(state: State) -> tuple[int, ...]:
    """VP by seat."""
    return tuple(victory_points(state, seat) for seat in range(len(state.players)))


def winners(scores: tuple[int, ...], order: tuple[int, ...]) -> tuple[int, ...]:
    """The highest score wins; a tie goes to the tied seat earliest in the Order of Play."""
    best = max(scores)
    return (next(seat for seat in order if scores[seat] == best),)


def outcome(state: State) -> Outcome | None:
    """VP and the winner once the game is over."""
    if not state.finished:
        return None
    details = {
        "order_of_play": list(state.order),
        "money": [p.money for p in state.players],
        "tie_break": "earlier in the order of play",
        "variant": len(state.players) in COMPONENTS.variant_players,
    }
    return Outcome(scores=final_scores(state), winners=state.winners, details=details)
