"""Trekking set-up (rules/trekking.md 1B.3; Part A Q-K13): the empty table, then the opening.

The data set, the start player and Day I's stack, the ancestor pool, the three day decks, four
itineraries and the start crystals per seat; then Day I's display and the first itinerary
choice (`days.day_started`).
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.components import COMPONENTS, DATA
from boardstate.engine.trekking.days import day_started
from boardstate.engine.trekking.options import Options
from boardstate.engine.trekking.state import PlayerState, State


def new_state(players: int, options: Options) -> State:
    """Returns the empty table."""
    return State(options=options, players=tuple(PlayerState() for _ in range(players)))


def opening(out: Emitter, rng: Rng) -> None:
    """1B.3: data set, start player and stack, ancestors, decks, itineraries, crystals, then
    Day I's display and the first itinerary choice."""
    seats = len(out.state.players)
    out.emit(ev.DataSetRecorded(DATA.id, DATA.content_hash))
    first = rng.below(seats)
    out.emit(ev.StartPlayerChosen(first, tuple((first + i) % seats for i in range(seats))))
    pool = rng.sample(tuple(COMPONENTS.ancestors), COMPONENTS.ancestors_per_player * seats)
    out.emit(ev.AncestorsDrawn(pool))
    for day, deck in enumerate(COMPONENTS.day_decks, 1):
        out.emit(ev.DeckShuffled(day, rng.shuffle(deck)))
    per = COMPONENTS.itineraries_per_player
    dealt = rng.sample(tuple(COMPONENTS.itineraries), per * seats)
    for seat in range(seats):
        out.emit(ev.ItinerariesDealt(seat, dealt[seat * per : (seat + 1) * per]))
    for seat in range(seats):
        out.emit(ev.CrystalsGained(seat, COMPONENTS.start_crystals, ev.Reason.START))
    out.emit(day_started(out.state, 1))
