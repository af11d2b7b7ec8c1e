"""TF22 Mine's bot hooks (issue 17): what is hidden from a seat, and what a position is worth.

Hidden from every seat: the order of each symbol pile (its cards are known: the unused ones);
hidden from a seat: the symbol cards the others committed in a fight before the reveal.
`resample` shuffles every pile anew and gives each other committed seat one of its unused cards.
`evaluate`: victory points, plus Ranium carried (on its way to a loader).
"""

from __future__ import annotations

from boardstate.engine.core.bots.hooks import BotHooks, deal
from boardstate.engine.core.records import replace
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine.state import State


def resample(state: State, seat: int, rng: Rng) -> State:
    players = tuple(replace(p, pile=deal([p.pile], rng)[0]) for p in state.players)
    state = replace(state, players=players)
    fight = state.fight
    if fight is None or fight.choices is None:
        return state
    redone = []
    for s, card in fight.choices.committed:
        pile = players[s].pile
        redone.append((s, card if s == seat or not pile else pile[rng.below(len(pile))]))
    choices = replace(fight.choices, committed=tuple(redone))
    return replace(state, fight=replace(fight, choices=choices))


def evaluate(state: State, seat: int) -> float:
    return state.players[seat].points + 0.5 * state.carried(seat)


HOOKS = BotHooks(resample=resample, evaluate=evaluate)
