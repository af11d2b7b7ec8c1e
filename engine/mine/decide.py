"""TF22 Mine `decide`: routes a move to its rule and settles the turn (rules/mine.md Part A).

What the game waits for decides which moves are allowed (`turns.owed`): set-up swaps, colour
choice, a strategic fight's commitments, the defender's free action, a re-spawn placement, or
the active seat's turn. Anything else is refused with rule `phase` (or `pending` while another
seat's decision interrupts the turn). Ore is paid here, before the action's facts.
"""

from __future__ import annotations

from boardstate.engine.core.errors import MalformedMove
from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import actions, delivery, fight, setup
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine.cited import illegal
from boardstate.engine.mine.components import COMPONENTS
from boardstate.engine.mine.state import State
from boardstate.engine.mine.turns import Owed, forfeit, owed, settle, spend


def act(out: Emitter, seat: int, action: mv.Action, rng: Rng) -> None:
    """Carries out one action for `seat` (ore already paid)."""
    match action:
        case mv.Rotate(cell=cell):
            actions.turn_card(out, seat, cell, ev.Manipulation.ROTATE)
        case mv.FlipLong(cell=cell):
            actions.turn_card(out, seat, cell, ev.Manipulation.FLIP_LONG)
        case mv.FlipShort(cell=cell):
            actions.turn_card(out, seat, cell, ev.Manipulation.FLIP_SHORT)
        case mv.MoveCrew():
            actions.move_crew(out, seat, action)
        case mv.ChangeType():
            actions.change_type(out, seat, action)
        case mv.Collect():
            actions.collect(out, seat, action)
        case mv.Steal():
            fight.steal(out, seat, action, rng)
        case mv.MoveLoader():
            actions.move_loader(out, action)
        case mv.Deliver():
            delivery.deliver(out, seat, action, rng)
        case mv.TransporterTrap():
            actions.transporter_trap(out, seat, action)
        case mv.SecretTunnel():
            actions.secret_tunnel(out, seat, action)


def _free_action(out: Emitter, seat: int, move: mv.FreeAction, rng: Rng) -> None:
    chosen = move.actions()
    if len(chosen) != 1:
        raise MalformedMove("a free_action names exactly one action", {"named": len(chosen)})
    out.emit(fev.FreeActionTaken(seat=seat))
    act(out, seat, chosen[0], rng)


_ANSWERS: dict[type, Owed] = {
    mv.SwapCards: Owed.SWAPS,
    mv.ChooseColour: Owed.COLOURS,
    mv.CommitSymbolCard: Owed.COMMIT,
    mv.FreeAction: Owed.FREE_ACTION,
    mv.PlaceRanium: Owed.RESPAWN,
}
_NOT_FREE = (mv.Steal, mv.TransporterTrap, mv.SecretTunnel)


def _check_owed(state: State, move: mv.Move) -> None:
    wanted = owed(state)
    answers = _ANSWERS.get(type(move), Owed.TURN)
    if answers is wanted:
        return
    if wanted is Owed.FREE_ACTION and isinstance(move, _NOT_FREE):
        raise illegal("free_action", f"{move.TYPE} cannot be the free action")
    pending = (Owed.COMMIT, Owed.FREE_ACTION, Owed.RESPAWN)
    rule = "pending" if wanted in pending else "phase"
    raise illegal(rule, f"{move.TYPE} is not allowed now; the game waits for {wanted.value}")


def play(out: Emitter, seat: int, move: mv.Move, rng: Rng) -> None:
    """Dispatches `move` of a seat that owes a decision (`GameRules.decide` checked that)."""
    _check_owed(out.state, move)
    match move:
        case mv.SwapCards():
            setup.swap(out, seat, move)
        case mv.ChooseColour():
            setup.choose(out, seat, move, rng)
        case mv.CommitSymbolCard():
            fight.commit(out, seat, move)
        case mv.FreeAction():
            _free_action(out, seat, move, rng)
        case mv.PlaceRanium():
            delivery.place(out, seat, move, rng)
        case mv.ForfeitOre():
            forfeit(out, seat)
        case _:
            spend(out, seat, COMPONENTS.ore_costs[move.TYPE])
            act(out, seat, move, rng)
    settle(out)
