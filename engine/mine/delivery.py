"""Delivery, victory and the Ranium re-spawn (rules/mine.md Part B §2.6 item 9, §2.7, §2.9;
Part A: immediate victory, re-spawn placed by the right-hand neighbour).

A crew carrying Ranium goes to a loader docked at its own cell or a cell of its tunnel network
(that cell must open towards the loader, Q7) and hands over 1 or 2 units, 1 victory point each.
Reaching 3 points ends the game at once, without re-spawn. Otherwise the crew returns to its
base camp and each unit re-spawns: the delivering seat's right-hand neighbour reveals a symbol
card (strategic mode: chooses it with `place_ranium`) and places the Ranium on an empty card
showing that symbol, or, if there is none, on an inner-ring card without Ranium.
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import board
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine.actions import own_crew
from boardstate.engine.mine.cited import check_cell, check_loader, check_symbol_card, illegal
from boardstate.engine.mine.components import COMPONENTS
from boardstate.engine.mine.geometry import track_cell
from boardstate.engine.mine.options import SymbolMode
from boardstate.engine.mine.scoring import THREE_POINTS, game_over
from boardstate.engine.mine.state import State
from boardstate.engine.mine.symbols import reveal


def deliver(out: Emitter, seat: int, move: mv.Deliver, rng: Rng) -> None:
    """§2.6 item 9: hand 1 or 2 Ranium to a loader the crew can reach."""
    check_loader(move.loader)
    state: State = out.state
    crew = own_crew(state, seat, move.crew)
    if not 1 <= move.units <= min(crew.stock, COMPONENTS.units_per_delivery):
        raise illegal("deliver_stock", f"the crew carries {crew.stock} Ranium", units=move.units)
    if not board.loader_reachable(state, crew, move.loader):
        raise illegal("deliver_reach", f"loader {move.loader} is not on the crew's network")
    if state.options.loader_needs_opening and not board.loader_opens(state, move.loader):
        raise illegal("deliver_opening", f"the card at loader {move.loader} does not open to it")
    dock = track_cell(state.loaders[move.loader])
    if crew.cell != dock:
        out.emit(ev.CrewMoved(crew.colour, dock, ev.Reason.TO_LOADER))
    points = state.players[seat].points + move.units
    out.emit(ev.RaniumDelivered(seat, crew.colour, move.loader, move.units, points))
    if points >= COMPONENTS.points_to_win:
        out.emit(game_over(out.state, THREE_POINTS, (seat,)))
        return
    out.emit(ev.CrewMoved(crew.colour, crew.base, ev.Reason.BACK_TO_BASE))
    out.emit(ev.RespawnStarted(seat=state.right_hand(seat), units=move.units))
    _next_unit(out, rng)


def _next_unit(out: Emitter, rng: Rng) -> None:
    """Reveals the card for the next unit (strategic mode: the placer names it)."""
    state: State = out.state
    if state.respawn is None or state.options.symbol_cards is SymbolMode.STRATEGIC:
        return
    reveal(out, state.respawn.seat, fev.Purpose.RESPAWN, rng)


def place(out: Emitter, seat: int, move: mv.PlaceRanium, rng: Rng) -> None:
    """§2.7 items 2–3: put the current unit on a candidate cell."""
    check_cell(move.cell)
    state: State = out.state
    assert state.respawn is not None
    strategic = state.options.symbol_cards is SymbolMode.STRATEGIC
    if strategic:
        if move.card is None:
            raise illegal("symbol_card", "name the unused symbol card you reveal")
        check_symbol_card(move.card)
        if move.card not in state.players[seat].pile:
            raise illegal("symbol_card", f"{move.card} is not one of your unused symbol cards")
        card = move.card
    else:
        if move.card is not None:
            raise illegal("respawn_card", "the symbol card was revealed from your pile")
        assert state.respawn.card is not None
        card = state.respawn.card
    cells, fallback = board.respawn_cells(state, COMPONENTS.card_symbol(card))
    if move.cell not in cells:
        rule = "respawn_fallback" if fallback else "respawn_symbol"
        raise illegal(rule, f"the Ranium cannot go onto {list(move.cell)}", card=card)
    if strategic:
        out.emit(fev.SymbolCardRevealed(seat=seat, card=card, purpose=fev.Purpose.RESPAWN))
    out.emit(ev.RaniumPlaced(seat=seat, cell=move.cell))
    _next_unit(out, rng)
