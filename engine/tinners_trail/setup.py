"""Tinners' Trail set-up (rules/tinners_trail.md B §1.4): the empty table, then the opening facts.

A random Order of Play, £15 each, the 11 printed areas seeded with their dice; then round 1's
prices and developments display (`rounds.start_round`).
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.components import COMPONENTS, DATA
from boardstate.engine.tinners_trail.options import Options
from boardstate.engine.tinners_trail.rounds import roll, start_round
from boardstate.engine.tinners_trail.state import Player, State


def new_state(players: int, options: Options) -> State:
    """Returns the empty table."""
    return State(options=options, players=tuple(Player() for _ in range(players)))


def opening(out: Emitter, rng: Rng) -> None:
    """B §1.4: random Order of Play, £15 each, the 11 printed areas seeded; round 1 begins."""
    state: State = out.state
    order = rng.shuffle(range(len(state.players)))
    out.emit(ev.GameSetUp(DATA.id, DATA.content_hash, order, COMPONENTS.start_money))
    for area in COMPONENTS.areas:
        if area.seeded:
            out.emit(
                ev.AreaSeeded(
                    area.id, roll(rng), area.printed_tin, area.printed_copper, ev.SeedReason.SETUP
                )
            )
    start_round(out, rng, 1, order)
