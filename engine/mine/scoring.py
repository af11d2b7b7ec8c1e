"""TF22 Mine scoring and the end of the game (rules/mine.md Part A finite games; §2.9 victory).

A seat reaching 3 victory points wins at once. When the last of `max_rounds` rounds ends with
no winner, most victory points wins; on a tie, most Ranium carried; otherwise a shared win.
"""

from __future__ import annotations

from boardstate.engine.core.rules import Outcome
from boardstate.engine.mine import events as ev
from boardstate.engine.mine.state import Phase, State

THREE_POINTS = "three_points"
MAX_ROUNDS = "max_rounds"


def winners_on_points(state: State) -> tuple[int, ...]:
    """Most victory points; ties broken by most Ranium carried; still equal: shared."""
    seats = range(len(state.players))
    best = max(state.players[s].points for s in seats)
    leaders = [s for s in seats if state.players[s].points == best]
    most = max(state.carried(s) for s in leaders)
    return tuple(s for s in leaders if state.carried(s) == most)


def game_over(state: State, reason: str, winners: tuple[int, ...]) -> ev.GameOver:
    """Returns the closing fact with points, carried Ranium and winners."""
    seats = range(len(state.players))
    return ev.GameOver(
        reason=reason,
        points=tuple(state.players[s].points for s in seats),
        ranium=tuple(state.carried(s) for s in seats),
        winners=winners,
    )


def outcome(state: State) -> Outcome | None:
    """Victory points and winners once the game is over."""
    if state.phase is not Phase.OVER:
        return None
    details = {
        "reason": state.end_reason,
        "ranium_carried": [state.carried(s) for s in range(len(state.players))],
        "colours": [[c.value for c in p.colours] for p in state.players],
    }
    return Outcome(
        scores=tuple(p.points for p in state.players), winners=state.winners, details=details
    )
