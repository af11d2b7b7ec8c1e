"""Trekking's bot hooks (issue 17): what is hidden from a seat, and what a position is worth.

Hidden from a seat: the decks' orders, the other players' itineraries in hand, and the
itineraries they committed today before the reveal. `resample` deals the unseen itineraries anew
(the committed ones among them, so a commitment stays one of its owner's cards) and shuffles each
deck below today's face-up top card. `evaluate`: the score so far (prestige, treks, crystals),
plus the tokens placed on today's itinerary, minus the hours used today (each costs turns).
"""

from __future__ import annotations

from boardstate.engine.core.bot_hooks import BotHooks, deal
from boardstate.engine.core.records import replace
from boardstate.engine.core.rng import Rng
from boardstate.engine.trekking.scoring import total
from boardstate.engine.trekking.state import State


def resample(state: State, seat: int, rng: Rng) -> State:
    players = state.players
    others = [i for i in range(len(players)) if i != seat]
    secret = state.secret
    committed = dict(secret.committed) if secret is not None else {}
    mine_hidden = {i: committed[i] for i in others if i in committed}
    slots = [players[i].hand for i in others] + [(c,) for c in mine_hidden.values()]
    dealt = deal(slots, rng)
    hands = dict(zip(others, dealt[: len(others)], strict=True))
    new_choices = dict(zip(mine_hidden, (d[0] for d in dealt[len(others) :]), strict=True))
    new_players = tuple(replace(p, hand=hands.get(i, p.hand)) for i, p in enumerate(players))
    today = state.day - 1
    decks = tuple(
        deck[:1] + deal([deck[1:]], rng)[0] if i == today and deck else deal([deck], rng)[0]
        for i, deck in enumerate(state.decks)
    )
    new_secret = secret
    if secret is not None and new_choices:
        redone = tuple((s, new_choices.get(s, c)) for s, c in secret.committed)
        new_secret = replace(secret, committed=redone)
    return replace(state, players=new_players, decks=decks, secret=new_secret)


def evaluate(state: State, seat: int) -> float:
    player = state.players[seat]
    return total(player) + 0.5 * sum(player.filled) - HOUR_COST * player.hours


HOUR_COST = 0.8
"""About what an hour of the day's 12 is worth in points: the fewer hours a card costs, the more
turns remain today (1B.3, the time track)."""

HOOKS = BotHooks(resample=resample, evaluate=evaluate)
