"""TF22 Mine turns (rules/mine.md Part B §2.5; Part A finite games).

The active seat spends its 4 ore on actions; the turn passes clockwise once the 4th ore is
spent and no other seat owes a decision (Part A: the turn waits for pending decisions). A
round is one turn of every player; after round `max_rounds` (unless 0) the game ends on points.
"""

from __future__ import annotations

import enum

from boardstate.engine.core.replay import Emitter
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import setup_events as sev
from boardstate.engine.mine.cited import illegal
from boardstate.engine.mine.scoring import MAX_ROUNDS, game_over, winners_on_points
from boardstate.engine.mine.state import Phase, State


class Owed(enum.Enum):
    """The decision the game waits for."""

    SWAPS = "swap_cards"
    COLOURS = "choose_colour"
    COMMIT = "commit_symbol_card"
    FREE_ACTION = "free_action"
    RESPAWN = "place_ranium"
    TURN = "turn"


def owed(state: State) -> Owed:
    """Returns what the game waits for (the game is set up and not over)."""
    if state.phase is Phase.SWAPS:
        return Owed.SWAPS
    if state.phase is Phase.COLOURS:
        return Owed.COLOURS
    if state.fight is not None:
        return Owed.COMMIT
    if state.free_action is not None:
        return Owed.FREE_ACTION
    if state.respawn is not None:
        return Owed.RESPAWN
    return Owed.TURN


def to_act(state: State) -> frozenset[int]:
    """Returns the seats owing a decision: the one pending decision, else the turn owner."""
    if state.phase in (Phase.SETUP, Phase.OVER):
        return frozenset()
    match owed(state):
        case Owed.SWAPS:
            return frozenset({state.start_player})
        case Owed.COLOURS:
            return frozenset(state.pickers[:1])  # none between the last pick and the turn
        case Owed.COMMIT:
            assert state.fight is not None
            assert state.fight.choices is not None
            return state.fight.choices.waiting
        case Owed.FREE_ACTION:
            assert state.free_action is not None
            return frozenset({state.free_action})
        case Owed.RESPAWN:
            assert state.respawn is not None
            return frozenset({state.respawn.seat})
    return frozenset({state.active})


def spend(out: Emitter, seat: int, ore: int) -> None:
    """§2.5: pays `ore` for an action, refusing when too little is left."""
    left = out.state.ore
    if ore > left:
        raise illegal("ore", f"this action costs {ore} ore; {left} left", cost=ore, left=left)
    out.emit(ev.OreSpent(seat=seat, ore=ore))


def forfeit(out: Emitter, seat: int) -> None:
    """House rule: give up the remaining ore."""
    state: State = out.state
    if not state.options.allow_forfeit_ore:
        raise illegal("forfeit_ore", "you must spend all 4 ore")
    out.emit(ev.OreForfeited(seat=seat, ore=state.ore))


def settle(out: Emitter) -> None:
    """Passes the turn when the ore is spent and nothing is pending; ends the last round."""
    state: State = out.state
    if state.phase is not Phase.PLAY or state.pending or state.ore > 0:
        return
    players = len(state.players)
    nxt = (state.active + 1) % players
    number = state.round
    if nxt == state.start_player:
        limit = state.options.max_rounds
        if limit and state.round >= limit:
            out.emit(game_over(state, MAX_ROUNDS, winners_on_points(state)))
            return
        number += 1
    out.emit(sev.TurnStarted(seat=nxt, round=number))


def is_started(state: State) -> bool:
    """Whether the mine has been laid out (§2.4)."""
    return state.phase is not Phase.SETUP


def is_finished(state: State) -> bool:
    """Whether the game is over (§2.9, Part A finite games)."""
    return state.phase is Phase.OVER
