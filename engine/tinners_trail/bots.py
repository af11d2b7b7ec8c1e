"""Tinners' Trail's bot hooks (issue 17): no hidden information (A.6), so nothing is resampled;
future dice and draws are drawn afresh when a sampled move is played. `evaluate`: the victory
points of placed investment cubes, plus money (which buys them at the round's end: about £4 a
point), plus ore waiting to be sold."""

from __future__ import annotations

from boardstate.engine.core.bot_hooks import BotHooks
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail.scoring import victory_points
from boardstate.engine.tinners_trail.state import State


def resample(state: State, seat: int, rng: Rng) -> State:
    return state


def evaluate(state: State, seat: int) -> float:
    player = state.players[seat]
    ore = player.tin + player.copper + player.arsenic
    return victory_points(state, seat) + player.money / 4 + ore / 2


HOOKS = BotHooks(resample=resample, evaluate=evaluate)
