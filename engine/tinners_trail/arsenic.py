"""The Arsenic module's actions (rules/tinners_trail.md B §1.15; seed 002).

Process arsenic (free, no time): take 1 arsenic cube from one of your mines; the limiter goes
above column 10 the first time, one column further left each later time, and may never reach
the column of your marker. Your final column is the one left of the limiter, for the rest of the
game. Sell arsenic (1 time point): all your cubes, each onto the highest-valued empty space of
the sections open this round (section k is open in rounds 1..k), the last £6 space taking any
number. Selling with no cube is not allowed (it would only waste time).
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail import moves as mv
from boardstate.engine.tinners_trail.board import (
    COST,
    arsenic_spaces,
    check_time,
    market_value,
    next_limiter,
)
from boardstate.engine.tinners_trail.cited import illegal
from boardstate.engine.tinners_trail.state import State
from boardstate.engine.tinners_trail.turns import spend


def _check_module(state: State, seat: int, action: str) -> None:
    if not state.options.arsenic:
        raise illegal("arsenic_module", f"{action} is part of the Arsenic module")
    if state.players[seat].calciner is None:
        raise illegal("calciner_needed", "build your calciner first")


def process(out: Emitter, seat: int, move: mv.ProcessArsenic) -> None:
    """1 arsenic from one of your mines; the limiter moves (the marker does not)."""
    state: State = out.state
    _check_module(state, seat, move.TYPE)
    # No time check: processing is free, and the limiter rule below also covers a marker in the
    # final column (the limiter would then reach the marker's column).
    limiter = next_limiter(state, seat)
    if limiter <= state.players[seat].column:
        raise illegal(
            "limiter", f"the limiter would move above column {limiter}, where your marker is"
        )
    area = state.area(move.area)
    if area.mine != seat:
        raise illegal("own_mine", f"you have no mine in area {move.area}")
    if area.arsenic <= 0:
        raise illegal("arsenic_in_mine", f"area {move.area} holds no arsenic")
    out.emit(ev.ArsenicProcessed(seat, move.area, limiter))


def sell(out: Emitter, seat: int, move: mv.SellArsenic) -> None:
    """All held arsenic onto the market, best open spaces first."""
    state: State = out.state
    _check_module(state, seat, move.TYPE)
    check_time(state, seat, move.TYPE)
    held = state.players[seat].arsenic
    if held <= 0:
        raise illegal("arsenic_to_sell", "you hold no arsenic")
    spaces = arsenic_spaces(state, held)
    out.emit(ev.ArsenicSold(seat, spaces, market_value(spaces)))
    spend(out, seat, COST[move.TYPE])


def decide(out: Emitter, seat: int, move: mv.ProcessArsenic | mv.SellArsenic) -> None:
    """Dispatches the arsenic actions."""
    if isinstance(move, mv.ProcessArsenic):
        process(out, seat, move)
    else:
        sell(out, seat, move)
