"""Trambahn's bot hooks (issue 17): what is hidden from a seat, and what a position is worth.

Hidden from a seat (1A.7, 1A.10): the other hand, the faces of every money pile (its own too)
and the draw pile's order; their sizes are public. `resample` deals those cards anew.
`evaluate`: the points scored so far, plus what each line with a tram will score at the scorings
still to come of its colour, plus a part of what a line without a tram could score (it is lost
if the turn ends without a tram), plus money (it buys trams) and cards in hand.
"""

from __future__ import annotations

from boardstate.engine.core.bot_hooks import BotHooks, deal
from boardstate.engine.core.records import replace
from boardstate.engine.core.rng import Rng
from boardstate.engine.trambahn.components import COMPONENTS, Colour
from boardstate.engine.trambahn.scoring import line_points
from boardstate.engine.trambahn.state import State


def resample(state: State, seat: int, rng: Rng) -> State:
    players = state.players
    others = [i for i in range(len(players)) if i != seat]
    slots = [players[i].hand for i in others] + [p.money for p in players] + [state.draw_pile]
    dealt = deal(slots, rng)
    hands = dict(zip(others, dealt[: len(others)], strict=True))
    money = dealt[len(others) : len(others) + len(players)]
    new_players = tuple(
        replace(p, hand=hands.get(i, p.hand), money=money[i]) for i, p in enumerate(players)
    )
    return replace(state, players=new_players, draw_pile=dealt[-1])


def evaluate(state: State, seat: int) -> float:
    player = state.players[seat]
    left = max(0.5, (COMPONENTS.scorings_to_end - state.scorings) / len(Colour))
    with_tram = sum(line_points(line) * left for line in player.lines if line.tram is not None)
    without = sum(0.4 * line.vp() for line in player.lines if line.tram is None)
    resources = 0.6 * len(player.money) + 0.3 * len(player.hand)
    return float(player.total) + with_tram + without + resources


HOOKS = BotHooks(resample=resample, evaluate=evaluate)
