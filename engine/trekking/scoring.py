"""Trekking final scoring and the winner (rules/trekking.md 1B.9; Part A Q-K9, Q-K10).

Final score = PP on the track + trek points of every trek, open and closed (ancestors count
as cards; table in the data set) + 1 PP per crystal left. Highest total wins; on a tie the
player with most crystals left wins, and a tie on that too is a shared win (option
`tie_break: shared` shares the win on equal totals at once).
"""

from __future__ import annotations

from boardstate.engine.core.rules import Outcome
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.components import COMPONENTS
from boardstate.engine.trekking.options import TieBreak
from boardstate.engine.trekking.state import Phase, PlayerState, State


def trek_points(player: PlayerState) -> int:
    """Points of all of a player's treks."""
    return sum(COMPONENTS.trek_points(len(trek)) for trek in player.treks)


def crystal_points(player: PlayerState) -> int:
    """Points of the crystals left."""
    return player.crystals * COMPONENTS.crystal_end_value


def total(player: PlayerState) -> int:
    """The final score."""
    return player.pp + trek_points(player) + crystal_points(player)


def winners(state: State) -> tuple[int, ...]:
    """Highest total; ties broken by crystals left (Part A), else shared."""
    totals = [total(p) for p in state.players]
    best = [seat for seat, t in enumerate(totals) if t == max(totals)]
    if len(best) > 1 and state.options.tie_break is TieBreak.CRYSTALS:
        most = max(state.players[s].crystals for s in best)
        best = [s for s in best if state.players[s].crystals == most]
    return tuple(best)


def game_over(state: State) -> ev.GameOver:
    """The closing fact with every part of the final score."""
    players = state.players
    return ev.GameOver(
        prestige=tuple(p.pp for p in players),
        trek_points=tuple(trek_points(p) for p in players),
        crystal_points=tuple(crystal_points(p) for p in players),
        totals=tuple(total(p) for p in players),
        winners=winners(state),
    )


def outcome(state: State) -> Outcome | None:
    """Totals and winners once the game is over."""
    if state.phase is not Phase.OVER:
        return None
    players = state.players
    details = {
        "prestige": [p.pp for p in players],
        "trek_points": [trek_points(p) for p in players],
        "crystal_points": [crystal_points(p) for p in players],
        "treks": [[len(t) for t in p.treks] for p in players],
        "crystals": [p.crystals for p in players],
    }
    return Outcome(scores=tuple(total(p) for p in players), winners=winners(state), details=details)
