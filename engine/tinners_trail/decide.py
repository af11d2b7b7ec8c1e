"""Tinners' Trail `decide`: routes a move to the phase that may take it (rules/tinners_trail.md).

Each illegal move raises `IllegalMove` whose `rule` is a key of `RULES_CITED` (`cited.py`);
values the wire types cannot catch raise `MalformedMove`. Game-over and turn checks are done by
`engine.core.rules.GameRules.decide` before `play`.
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail import actions, arsenic, auction, rounds
from boardstate.engine.tinners_trail import moves as mv
from boardstate.engine.tinners_trail.cited import illegal
from boardstate.engine.tinners_trail.state import Phase, State

AUCTION_MOVES = (mv.Bid, mv.PassBid)
CALCINER_MOVES = (mv.BuildCalciner, mv.SkipCalciner)
PUMP_MOVES = (mv.PumpWater, mv.StopPumping)
INVEST_MOVES = (mv.Invest, mv.PassInvestment)


def _awaited(state: State) -> tuple[tuple[type, ...], str]:
    """The move classes the current (sub-)phase takes, and what it waits for."""
    if state.phase is Phase.INVESTMENTS:
        return INVEST_MOVES, "an investment or a pass"
    if state.phase is Phase.OPENING:
        return (mv.OpenArea,), "the choice of a new area"
    if state.calciner_offer is not None:
        return CALCINER_MOVES, "the calciner decision"
    if state.auction is not None:
        return AUCTION_MOVES, "a bid or a pass in the auction"
    if state.pumping is not None:
        return PUMP_MOVES, "the use of the steam pumps"
    excluded = (*AUCTION_MOVES, *CALCINER_MOVES, *PUMP_MOVES, *INVEST_MOVES, mv.OpenArea)
    return tuple(c for c in mv.MOVES.by_type.values() if c not in excluded), "an action"


def play(out: Emitter, seat: int, move: mv.Move, rng: Rng) -> None:
    """Rules 2.0.0: the move, then, when it brought phase 6 to an opener who has not rolled,
    that opener's roll (B §1.13: roll first, then choose the area knowing the faces)."""
    play_rolling_after_choice(out, seat, move, rng)
    rounds.roll_for_opener(out, rng)


def play_rolling_after_choice(out: Emitter, seat: int, move: mv.Move, rng: Rng) -> None:
    """Checks that the phase takes `move`, then hands it to its rule area. Alone, this is rules
    1.0.0, where an opener chose the area before the dice were rolled (kept to replay its games)."""
    allowed, waiting = _awaited(out.state)
    if not isinstance(move, allowed):
        raise illegal("phase", f"{move.TYPE} is not possible now: waiting for {waiting}")
    match move:
        case mv.Invest() | mv.PassInvestment():
            rounds.investment(out, seat, move, rng)
        case mv.OpenArea():
            rounds.open_area(out, seat, move, rng)
        case mv.BuildMine() | mv.Bid() | mv.PassBid():
            auction.decide(out, seat, move, rng)
        case mv.BuildCalciner() | mv.SkipCalciner():
            auction.calciner(out, seat, move)
        case mv.ProcessArsenic() | mv.SellArsenic():
            arsenic.decide(out, seat, move)
        case _:
            actions.decide(out, seat, move, rng)
