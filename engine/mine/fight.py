"""Stealing Ranium: the fight (rules/mine.md Part B §2.8, §2.10; Part A strategic mode).

The attacker names an opposing crew on the same card that carries Ranium. Both reveal a symbol
card; each score is the card's value minus the fighter's own Ranium (counted before any
transfer). The attacker winning takes one Ranium and goes back to its base camp; the defender
winning owes one free 1-ore action (not a steal, Q10), a pending decision of the defender; a
tie does nothing. In strategic mode both fighters commit a card secretly and simultaneously
(`commit_symbol_card`); the second commitment reveals both and resolves the fight.
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine.actions import own_crew
from boardstate.engine.mine.cited import check_symbol_card, illegal
from boardstate.engine.mine.components import COMPONENTS
from boardstate.engine.mine.options import SymbolMode
from boardstate.engine.mine.state import State
from boardstate.engine.mine.symbols import reveal


def steal(out: Emitter, seat: int, move: mv.Steal, rng: Rng) -> None:
    """§2.6 item 7: attack an opposing crew with Ranium on the same card."""
    state: State = out.state
    crew = own_crew(state, seat, move.crew)
    target = state.crew(move.target)
    if target is None or target.cell != crew.cell or target.owner == crew.owner:
        raise illegal("steal_target", f"no opposing {move.target.value} crew on the crew's card")
    if target.stock < 1 or target.owner is None:
        raise illegal("steal_ranium", f"the {target.colour.value} crew carries no Ranium")
    out.emit(fev.FightStarted(crew.colour, target.colour, seat, target.owner))
    if state.options.symbol_cards is SymbolMode.STRATEGIC:
        return
    attacker_card = reveal(out, seat, fev.Purpose.FIGHT, rng)
    defender_card = reveal(out, target.owner, fev.Purpose.FIGHT, rng)
    resolve(out, attacker_card, defender_card)


def commit(out: Emitter, seat: int, move: mv.CommitSymbolCard) -> None:
    """Strategic mode: a fighter's secret card; the second commitment reveals both."""
    check_symbol_card(move.card)
    if move.card not in out.state.players[seat].pile:
        raise illegal("symbol_card", f"{move.card} is not one of your unused symbol cards")
    out.emit(fev.SymbolCardCommitted(seat=seat, card=move.card))
    fight = out.state.fight
    assert fight is not None
    assert fight.choices is not None
    if fight.choices.complete:
        cards = fight.choices.revealed()
        out.emit(fev.CommitmentsRevealed(seats=fight.choices.seats, cards=cards))
        resolve(out, cards[0], cards[1])


def resolve(out: Emitter, attacker_card: str, defender_card: str) -> None:
    """§2.8 items 2–5: compare the scores and carry out the result."""
    state: State = out.state
    fight = state.fight
    assert fight is not None
    attacker, defender = state.crew(fight.attacker), state.crew(fight.defender)
    assert attacker is not None
    assert defender is not None
    attack = COMPONENTS.card_value(attacker_card) - attacker.stock
    defence = COMPONENTS.card_value(defender_card) - defender.stock
    if attack > defence:
        winner = fev.Winner.ATTACKER
    elif defence > attack:
        winner = fev.Winner.DEFENDER
    else:
        winner = fev.Winner.TIE
    out.emit(fev.FightResolved(attacker_card, defender_card, attack, defence, winner))
    if winner is fev.Winner.ATTACKER:
        out.emit(fev.RaniumStolen(crew=attacker.colour, victim=defender.colour))
        if attacker.cell != attacker.base:
            out.emit(ev.CrewMoved(attacker.colour, attacker.base, ev.Reason.BACK_TO_BASE))
    elif winner is fev.Winner.DEFENDER:
        out.emit(fev.FreeActionGranted(seat=fight.defender_seat))
