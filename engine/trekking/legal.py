"""Trekking `legal_moves`: every move the seat may submit now, each exactly once.

During the itinerary choice, a seat that has not chosen may choose any itinerary in its hand.
On a turn, the seat to act may take any display card, the deck's top card or any pool ancestor,
spending 0 up to (hours − 1) crystals that it holds, with every allowed sequence of columns for
the card's World tokens (Part A: one move is one whole turn).
"""

from __future__ import annotations

from boardstate.engine.trekking import moves as mv
from boardstate.engine.trekking.component_types import Card
from boardstate.engine.trekking.components import COMPONENTS
from boardstate.engine.trekking.placement import fill, forced_tokens, world_count, world_sequences
from boardstate.engine.trekking.state import Phase, PlayerState, State
from boardstate.engine.trekking.turns import active_seat


def _card_moves(state: State, player: PlayerState, card: Card, space: int | None) -> list[mv.Move]:
    bonus = None if not space else state.bonuses()[space - 1]
    after = fill(player.filled, forced_tokens(card, bonus))
    worlds = list(world_sequences(after, world_count(card)))
    spend = min(player.crystals, card.hours - COMPONENTS.minimum_hours)
    return [
        mv.ChooseCard(card.id, crystals, columns)
        for crystals in range(spend + 1)
        for columns in worlds
    ]


def legal_moves(state: State, seat: int) -> list[mv.Move]:
    """Returns the moves `seat` may submit now; empty when it owes nothing."""
    if state.phase is Phase.ITINERARY:
        assert state.secret is not None
        if seat not in state.secret.waiting:
            return []
        return [mv.ChooseItinerary(i) for i in sorted(state.players[seat].hand)]
    if active_seat(state) != seat:
        return []
    player = state.players[seat]
    moves: list[mv.Move] = []
    for card_id, space in state.choices():
        moves += _card_moves(state, player, COMPONENTS.cards[card_id], space)
    for ancestor in state.ancestors:
        moves += _card_moves(state, player, COMPONENTS.ancestors[ancestor], None)
    return moves
