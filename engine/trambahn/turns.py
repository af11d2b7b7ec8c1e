"""Trambahn turns: who acts, and step 5: clean-up, drawing to 6, deck exhaustion and the next
turn (rules/trambahn.md 1A.3, 1A.4 step 5, 1A.7; Part A Q-T2)."""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import COMPONENTS, CONDUCTOR, card_code
from boardstate.engine.trambahn.options import Rounding
from boardstate.engine.trambahn.scoring import game_over
from boardstate.engine.trambahn.state import State


def is_started(state: State) -> bool:
    """Whether the set-up has dealt the first turn (1A.3)."""
    return state.turn != 0


def is_finished(state: State) -> bool:
    """Whether the game is over (1A.9)."""
    return state.finished


def to_act(state: State) -> frozenset[int]:
    """The active seat, until the game is over."""
    if state.finished or state.turn == 0:
        return frozenset()
    return frozenset({state.active})


def dismantle(out: Emitter, seat: int) -> None:
    """Lines without a tram go face down onto the owner's money pile (seed: 'abgeräumt')."""
    player = out.state.players[seat]
    bare = [ln for ln in player.lines if ln.tram is None]
    if not bare:
        return
    cards: list[str] = []
    for line in bare:
        cards += [CONDUCTOR] * line.conductors
        cards += [card_code(line.colour, v) for v in line.values]
    out.emit(ev.LinesDismantled(seat, tuple(ln.id for ln in bare), tuple(cards)))


def halve_money(out: Emitter, rng: Rng) -> None:
    """Exhaustion: both players discard half their money at random; discards become the pile."""
    state: State = out.state
    for seat, player in enumerate(state.players):
        n = len(player.money)
        count = n // 2 if state.options.money_halving is Rounding.FLOOR else (n + 1) // 2
        if count:
            out.emit(ev.MoneyHalved(seat, rng.sample(player.money, count)))
    if out.state.discard:
        out.emit(ev.DiscardsReshuffled(order=rng.shuffle(out.state.discard)))


def draw_up(out: Emitter, seat: int, rng: Rng) -> None:
    """Draws to the hand size; on an empty draw pile applies exhaustion, then goes on.

    If the draw pile stays empty after exhaustion, the player keeps what they have (Q-T2).
    """
    while True:
        state: State = out.state
        need = COMPONENTS.hand_size - len(state.players[seat].hand)
        if need <= 0:
            return
        if state.draw_pile:
            out.emit(ev.CardsDrawn(seat, state.draw_pile[:need]))
            continue
        halve_money(out, rng)
        if not out.state.draw_pile:
            return


def end_turn(out: Emitter, seat: int, rng: Rng) -> None:
    """Clean-up and draw, then the other seat's turn — or the end, if it has no card to play."""
    dismantle(out, seat)
    draw_up(out, seat, rng)
    state: State = out.state
    nxt = (seat + 1) % len(state.players)
    if not state.players[nxt].hand:
        # Not in the rules: a player without any card cannot take the mandatory step 1 and
        # nothing can refill the hand, so the game ends (documented in docs/games.md).
        out.emit(game_over(state, "no_cards"))
        return
    out.emit(ev.TurnStarted(seat=nxt, turn=state.turn + 1))
