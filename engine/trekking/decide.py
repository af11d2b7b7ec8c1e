"""Trekking `decide`: validates a move and returns its facts (rules/trekking.md Part A, 1B.3–1B.8).

Each illegal move raises `IllegalMove` whose `rule` is one of `RULES_CITED` (`cited.py`); unknown
card or itinerary ids raise `MalformedMove`. Game-over and turn checks are done by
`engine.core.rules.GameRules.decide`: first `check_first`, then `NOT_YOUR_TURN`, then `play`.

The itinerary choice is simultaneous and secret (Part A, architecture §3, §5): each commit is an
`ItineraryCommitted` event that only its owner sees in full; the completing commit also emits
the reveal. A seat that owes no decision is told `NOT_YOUR_TURN` whatever it submits, like in
every other game: a repeated choice (this seat has already chosen today), or a late one (turns
have begun) by a seat whose turn it is not. A late choice by the seat whose turn it is is refused
by the rules (`itinerary_phase`). Only an unknown itinerary id outranks whose turn it is
(`check_first`: it is malformed, whoever sends it).
"""

from __future__ import annotations

from boardstate.engine.core.echo import echo
from boardstate.engine.core.errors import MalformedMove
from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking import moves as mv
from boardstate.engine.trekking.card_choice import choose_card
from boardstate.engine.trekking.cited import illegal
from boardstate.engine.trekking.components import COMPONENTS
from boardstate.engine.trekking.days import settle
from boardstate.engine.trekking.state import Phase, State


def check_first(state: State, seat: int, move: mv.Move) -> None:
    """Refuses an unknown itinerary, whoever's turn it is."""
    if isinstance(move, mv.ChooseItinerary) and move.itinerary not in COMPONENTS.itineraries:
        raise MalformedMove(
            f"unknown itinerary {echo(move.itinerary)}: expected 'IT-01'..'IT-24'",
            {"itinerary": move.itinerary},
        )


def choose_itinerary(out: Emitter, seat: int, move: mv.ChooseItinerary) -> None:
    """Commits `seat`'s secret choice; the last commit reveals every choice at once."""
    state: State = out.state
    if state.phase is not Phase.ITINERARY or state.secret is None:
        raise illegal("itinerary_phase", f"day {state.day}'s itineraries are already revealed")
    if move.itinerary not in state.players[seat].hand:
        raise illegal("itinerary_in_hand", f"{move.itinerary} is not in your hand")
    out.emit(ev.ItineraryCommitted(seat=seat, itinerary=move.itinerary))
    secret = out.state.secret
    if secret is not None and secret.complete:
        out.emit(ev.ItinerariesRevealed(itineraries=tuple(secret.revealed())))
        settle(out)


def play(out: Emitter, seat: int, move: mv.Move, rng: Rng) -> None:
    """Dispatches `move` of a seat that owes a decision."""
    match move:
        case mv.ChooseItinerary():
            choose_itinerary(out, seat, move)
        case mv.ChooseCard():
            choose_card(out, seat, move)
