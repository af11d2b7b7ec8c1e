"""The Trekking rules object: the decider protocol of `engine.core.rules` for `trekking`.

Where the rules are silent (rules/trekking.md Part A settles the rest), this implementation
decides as follows; options name the real choices (`options.py`):

* Token order in a turn: the card's coloured tokens, then the space bonus token, then World
  tokens in the order of `world_columns`; a World token must go to a column that still has a
  free space at that moment, if any has (Q-K5; see `placement`).
* Crystals: any number up to (hours − 1) may be spent, even when fewer would reach 12; a
  watch landing exactly on 12 after crystals gains the punctuality bonus.
* When no card is left to choose (display, deck and pool empty), the watch of the seat to act
  goes to 12 automatically, without bonus and on top of the stack (Q-K6); this is no move.
* The display shrinks by leaving space 1 empty when the deck is empty; empty spaces shift like
  cards (1B.5 step 5 read literally).
* An ancestor taken with no open trek starts one; a trek of ancestors only has no reference
  year, so any history card continues it (1B.7).
* Day I's stack: the start player on top, the others below in seat order after it (Q-K13).
* Unused itineraries stay private to the end; the service's log export reveals them once the
  game has ended.
* Options: `equal_years` (Q-K7), `tie_break` (Q-K10), `display_bonuses` (Q-K2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardstate.engine.core.errors import BadOptions, GameFinished, GameNotStarted
from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameInfo, GameRules, Outcome
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking import moves as mv
from boardstate.engine.trekking.clock import to_act
from boardstate.engine.trekking.components import COMPONENTS, DATA, Bonus
from boardstate.engine.trekking.days import day_started
from boardstate.engine.trekking.decide import check_turn, choose_itinerary
from boardstate.engine.trekking.evolve import evolve
from boardstate.engine.trekking.legal import legal_moves
from boardstate.engine.trekking.options import Options
from boardstate.engine.trekking.scoring import crystal_points, total, trek_points, winners
from boardstate.engine.trekking.state import Phase, PlayerState, State
from boardstate.engine.trekking.turn import choose_card
from boardstate.engine.trekking.view import redact, view

INFO = GameInfo(
    id="trekking",
    name="Trekking Through History",
    min_players=2,
    max_players=4,
    rules_version="1.0.0",
    # Each day every player makes one itinerary choice and at most 12 card choices (every card
    # costs at least 1 hour and a player stops at 12): 3 days × 4 players × 13 moves.
    max_game_length=3 * 4 * 13,
)


class TrekkingRules(GameRules[State, mv.Move, ev.Event]):
    """Trekking Through History for 2–4 players (rules/trekking.md)."""

    info = INFO
    moves = mv.MOVES
    events = ev.EVENTS
    options_type = Options
    data = DATA

    def parse_options(self, raw: Mapping[str, Any] | None) -> Any:
        """Options with defaults filled; the display bonuses must be each bonus once (Q-K2)."""
        options = super().parse_options(raw)
        assert isinstance(options, Options)
        bonuses = options.display_bonuses
        if bonuses is not None and sorted(b.value for b in bonuses) != sorted(
            b.value for b in Bonus
        ):
            raise BadOptions("options.display_bonuses: list each of the five bonuses once")
        return options

    def initial_state(self, players: int, options: Any) -> State:
        """Returns the empty table."""
        self.check_players(players)
        assert isinstance(options, Options)
        return State(options=options, players=tuple(PlayerState() for _ in range(players)))

    def setup(self, state: State, rng: Rng) -> Sequence[ev.Event]:
        """1B.3: data set, start player and stack, ancestors, decks, itineraries, crystals,
        then Day I's display and the first itinerary choice."""
        out = Emitter(self, state)
        seats = len(state.players)
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
        return out.events

    def legal_moves(self, state: State, seat: int) -> Sequence[mv.Move]:
        """Returns every move `seat` may submit now."""
        return legal_moves(state, seat)

    def decide(self, state: State, seat: int, move: mv.Move, rng: Rng) -> Sequence[ev.Event]:
        """Validates `move` and returns its facts; raises a typed `MoveError`."""
        if state.phase is Phase.OVER:
            raise GameFinished("the game is over")
        if state.phase is Phase.SETUP:
            raise GameNotStarted("the game has not been set up")
        out = Emitter(self, state)
        match move:
            case mv.ChooseItinerary():
                choose_itinerary(out, seat, move)
            case mv.ChooseCard():
                check_turn(state, seat)
                choose_card(out, seat, move)
        return out.events

    def evolve(self, state: State, event: ev.Event) -> State:
        """Applies one event."""
        return evolve(state, event)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        """Returns what `viewer` may see."""
        return view(state, viewer)

    def redact(self, event: ev.Event, viewer: int | None) -> ev.Event:
        """Hides what `viewer` may not know inside `event`."""
        return redact(event, viewer)

    def to_act(self, state: State) -> frozenset[int]:
        """Seats still to choose an itinerary, or the seat whose watch is furthest behind."""
        return to_act(state)

    def outcome(self, state: State) -> Outcome | None:
        """Totals and winners once the game is over."""
        if state.phase is not Phase.OVER:
            return None
        players = state.players
        details = {
            "prestige": [p.pp for p in players],
            "trek_points": [trek_points(p) for p in players],
            "crystal_points": [crystal_points(p) for p in players],
            "treks": [[len(t) for t in p.treks] for p in players],
            "crystals": [p.crystals for p in players],
        }
        return Outcome(
            scores=tuple(total(p) for p in players), winners=winners(state), details=details
        )


RULES = TrekkingRules()
