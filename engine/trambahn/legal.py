"""Trambahn `legal_moves`: every move the seat may submit now, each exactly once.

Identical cards are one choice (two `red-7` in hand give one `build_station red-7`). For two
passengers both orders are listed, since the order decides which one may trigger a scoring.
"""

from __future__ import annotations

from boardstate.engine.core.cards import unique
from boardstate.engine.trambahn import moves as mv
from boardstate.engine.trambahn.components import COMPONENTS, Colour, card_colour, card_value
from boardstate.engine.trambahn.state import PlayerState, State, Step


def _passenger_options(card: str) -> list[mv.Passenger]:
    colour = card_colour(card)
    terminals = list(Colour) if colour is None else [colour]
    return [mv.Passenger(card, t) for t in terminals]


def passenger_moves(hand: tuple[str, ...]) -> list[mv.Move]:
    """Step 1: one passenger, or two in either order (distinct hand cards)."""
    moves: list[mv.Move] = []
    singles = [p for card in unique(hand) for p in _passenger_options(card)]
    moves += [mv.BoardPassengers((p,)) for p in singles]
    options = [_passenger_options(card) for card in hand]
    pairs = [
        mv.BoardPassengers((a, b))
        for i, first in enumerate(options)
        for j, second in enumerate(options)
        if i != j
        for a in first
        for b in second
    ]
    return moves + list(unique(pairs))


def station_moves(player: PlayerState) -> list[mv.Move]:
    """Step 2: a new line for each coloured card, or any line the card may extend."""
    moves: list[mv.Move] = []
    for card in unique(player.hand):
        colour = card_colour(card)
        if colour is not None:
            moves.append(mv.BuildStation(card, None))
        for line in player.lines:
            if line.closed:
                continue
            if colour is None or (line.colour is colour and card_value(card) > line.top):
                moves.append(mv.BuildStation(card, line.id))
    return moves


def tram_moves(state: State, player: PlayerState) -> list[mv.Move]:
    """Step 4: any displayed tram the player can pay for, onto any line without a tram."""
    return [
        mv.BuyTram(kind, line.id)
        for kind in unique(state.display)
        if len(player.money) >= COMPONENTS.tram(kind).price
        for line in player.lines
        if line.tram is None
    ]


def legal_moves(state: State, seat: int) -> list[mv.Move]:
    """Returns the moves `seat` may submit now; empty when it is not its turn."""
    if state.finished or state.turn == 0 or seat != state.active:
        return []
    player = state.players[seat]
    if state.step is Step.PASSENGERS:
        return passenger_moves(player.hand)
    moves: list[mv.Move] = []
    if state.step is Step.STATIONS:
        moves += station_moves(player)
    if state.step in (Step.STATIONS, Step.INCOME):
        moves += [mv.TakeIncome(card) for card in unique(player.hand)]
    moves += tram_moves(state, player)
    moves.append(mv.EndTurn())
    return moves
