"""Trekking `decide`: validates a move and returns its facts (rules/trekking.md Part A, 1B.3–1B.8).

Each illegal move raises `IllegalMove` whose `rule` is one of `RULES_CITED`; unknown card or
itinerary ids raise `MalformedMove`; a seat that owes nothing gets `NotYourTurn`.

The itinerary choice is simultaneous and secret (Part A, DESIGN §3, §5): each commit is an
`ItineraryCommitted` event that only its owner sees in full; the completing commit also emits
the reveal. It is checked against the phase in the state, so a late choice (turns have begun)
or a repeated one (this seat has already chosen today) is refused by the rules themselves.
"""

from __future__ import annotations

from boardstate.engine.core.echo import echo
from boardstate.engine.core.errors import IllegalMove, MalformedMove, NotYourTurn
from boardstate.engine.core.replay import Emitter
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking import moves as mv
from boardstate.engine.trekking.clock import to_act
from boardstate.engine.trekking.components import COMPONENTS
from boardstate.engine.trekking.days import settle
from boardstate.engine.trekking.state import Phase, State

RULES_CITED = {
    "itinerary_phase": "1B.3 step 4: itineraries are chosen before the first turn of a day",
    "itinerary_repeated": "Part A: each player chooses one itinerary per day, once",
    "itinerary_in_hand": "1B.8: choose one of the itineraries still in your hand",
    "itinerary_first": "1B.3 step 4: every player picks today's itinerary before the first turn",
    "card_available": "1B.5 step 1: choose a display card, the deck's top card or a pool ancestor",
    "crystals_held": "1B.5 step 2: spend only crystals you hold before this turn's rewards",
    "crystal_floor": "1B.5 step 2: crystals never lower a card's cost below 1 hour",
    "world_columns": "Part A: name one column for each World-experience token the card brings",
    "world_free_column": "Q-K5: a World token goes to a column with a free space if one exists",
}


def illegal(rule: str, message: str, **details: object) -> IllegalMove:
    """An `IllegalMove` for `rule` whose message cites the rule."""
    return IllegalMove(rule, f"{message} ({RULES_CITED[rule]})", dict(details))


def check_turn(state: State, seat: int) -> None:
    """Raises `NotYourTurn` unless `seat` owes a decision now."""
    waiting = to_act(state)
    if seat not in waiting:
        raise NotYourTurn(
            f"seat {seat} may not act now; waiting for {sorted(waiting)}",
            {"seat": seat, "to_act": sorted(waiting)},
        )


def choose_itinerary(out: Emitter, seat: int, move: mv.ChooseItinerary) -> None:
    """Commits `seat`'s secret choice; the last commit reveals every choice at once."""
    state: State = out.state
    if move.itinerary not in COMPONENTS.itineraries:
        raise MalformedMove(
            f"unknown itinerary {echo(move.itinerary)}: expected 'IT-01'..'IT-24'",
            {"itinerary": move.itinerary},
        )
    if state.phase is not Phase.ITINERARY or state.secret is None:
        raise illegal("itinerary_phase", f"day {state.day}'s itineraries are already revealed")
    if any(s == seat for s, _ in state.secret.committed):
        raise illegal("itinerary_repeated", f"seat {seat} has already chosen today's itinerary")
    check_turn(state, seat)
    if move.itinerary not in state.players[seat].hand:
        raise illegal("itinerary_in_hand", f"{move.itinerary} is not in your hand")
    out.emit(ev.ItineraryCommitted(seat=seat, itinerary=move.itinerary))
    secret = out.state.secret
    if secret is not None and secret.complete:
        out.emit(ev.ItinerariesRevealed(itineraries=tuple(secret.revealed())))
        settle(out)
