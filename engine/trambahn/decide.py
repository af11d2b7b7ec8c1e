"""Trambahn `decide`: validates a move and returns its facts (rules/trambahn.md 1A.4–1A.9).

Each illegal move raises `IllegalMove` whose `rule` is one of `RULES_CITED` (`cited.py`);
malformed card codes raise `MalformedMove`. Game-over and turn checks are done by
`engine.core.rules.GameRules.decide` before `play`.
"""

from __future__ import annotations

from boardstate.engine.core.cards import contains_all
from boardstate.engine.core.echo import echo
from boardstate.engine.core.errors import MalformedMove
from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn import moves as mv
from boardstate.engine.trambahn.cited import illegal
from boardstate.engine.trambahn.components import COMPONENTS, card_colour, card_value
from boardstate.engine.trambahn.options import Refill
from boardstate.engine.trambahn.scoring import fahrt, game_over, line_points
from boardstate.engine.trambahn.state import State, Step
from boardstate.engine.trambahn.turns import end_turn


def check_card(card: str) -> None:
    """Raises `MalformedMove` unless `card` is a card code of this game."""
    if card not in COMPONENTS.card_universe:
        raise MalformedMove(
            f"unknown card {echo(card)}: expected 'conductor' or '<colour>-<1..10>'",
            {"card": card},
        )


def _check_step(state: State, allowed: tuple[Step, ...], what: str) -> None:
    if state.step not in allowed:
        if state.step is Step.PASSENGERS:
            raise illegal("step_order", f"place 1 or 2 passengers before you {what}")
        raise illegal("step_order", f"you cannot {what} after the {state.step.value} step")


def _check_in_hand(state: State, seat: int, cards: list[str]) -> None:
    for card in cards:
        check_card(card)
    if not contains_all(state.players[seat].hand, cards):
        raise illegal("card_in_hand", f"{', '.join(cards)} not (all) in your hand")


def board_passengers(out: Emitter, seat: int, move: mv.BoardPassengers) -> None:
    """Step 1: each passenger boards in order; a 4th at a terminal scores at once."""
    state: State = out.state
    _check_step(state, (Step.PASSENGERS,), "place passengers again")
    _check_in_hand(state, seat, [p.card for p in move.passengers])
    for p in move.passengers:
        colour = card_colour(p.card)
        if colour is not None and colour is not p.terminal:
            raise illegal("passenger_terminal", f"{p.card} must go to the {colour.value} terminal")
    for p in move.passengers:
        out.emit(ev.PassengerBoarded(seat=seat, card=p.card, terminal=p.terminal))
        if len(out.state.terminal(p.terminal)) == COMPONENTS.passengers_per_scoring:
            out.emit(fahrt(out.state, p.terminal))
            if out.state.scorings == COMPONENTS.scorings_to_end:
                # Q-T3: the game ends at once; the rest of the turn is not played.
                out.emit(game_over(out.state, "tenth_scoring"))
                return


def build_station(out: Emitter, seat: int, move: mv.BuildStation) -> None:
    """Step 2: add to a line or start one; a line reaching 8 cards has its extra tour."""
    state: State = out.state
    _check_step(state, (Step.STATIONS,), "build stations")
    _check_in_hand(state, seat, [move.card])
    player = state.players[seat]
    colour = card_colour(move.card)
    if move.line is None:
        if colour is None:
            raise illegal("conductor_line", "a conductor cannot start a line")
        out.emit(ev.StationBuilt(seat, move.card, player.next_line_id, new_line=True))
        return
    line = player.line(move.line)
    if line is None:
        raise illegal("line_unknown", f"you have no line {move.line}")
    if line.closed:
        raise illegal("line_closed", f"line {line.id} is closed")
    if colour is not None and colour is not line.colour:
        raise illegal("line_colour", f"line {line.id} is {line.colour.value}, not {colour.value}")
    if colour is not None and card_value(move.card) <= line.top:
        raise illegal("ascending", f"{move.card} is not above {line.top} in line {line.id}")
    out.emit(ev.StationBuilt(seat, move.card, line.id, new_line=False))
    grown = out.state.players[seat].line(line.id)
    assert grown is not None
    if grown.length == COMPONENTS.extra_tour_length and not grown.extra_tour_done:
        out.emit(ev.ExtraTourScored(seat=seat, line=line.id, points=line_points(grown)))


def take_income(out: Emitter, seat: int, move: mv.TakeIncome) -> None:
    """Step 3: a hand card goes face down onto the money pile."""
    _check_step(out.state, (Step.STATIONS, Step.INCOME), "take income")
    _check_in_hand(out.state, seat, [move.card])
    out.emit(ev.IncomeTaken(seat=seat, card=move.card))


def buy_tram(out: Emitter, seat: int, move: mv.BuyTram) -> None:
    """Step 4: pay from the money pile; the tram goes to a line without one."""
    state: State = out.state
    _check_step(state, (Step.STATIONS, Step.INCOME, Step.PURCHASE), "buy trams")
    if move.tram not in state.display:
        raise illegal("tram_display", f"no {move.tram.value} tram in the display")
    player = state.players[seat]
    line = player.line(move.line)
    if line is None:
        raise illegal("line_unknown", f"you have no line {move.line}")
    if line.tram is not None:
        raise illegal("tram_line", f"line {line.id} already has a {line.tram.value} tram")
    price = COMPONENTS.tram(move.tram).price
    if len(player.money) < price:
        raise illegal(
            "tram_price", f"a {move.tram.value} tram costs {price}, you have {len(player.money)}"
        )
    out.emit(ev.TramBought(seat, move.tram, line.id, paid=player.money[:price]))
    if state.options.display_refill is Refill.AFTER_EACH_PURCHASE:
        refill_display(out)


def refill_display(out: Emitter) -> None:
    """Refills the display to 3 from the stack, if the stack has trams (1A.8)."""
    state: State = out.state
    missing = COMPONENTS.display_size - len(state.display)
    if missing > 0 and state.tram_stack:
        out.emit(ev.DisplayRefilled(trams=state.tram_stack[:missing]))


def end(out: Emitter, seat: int, rng: Rng) -> None:
    """Step 5, after the display refill of step 4 (Q-T6)."""
    _check_step(out.state, (Step.STATIONS, Step.INCOME, Step.PURCHASE), "end your turn")
    if out.state.options.display_refill is Refill.END_OF_PURCHASE:
        refill_display(out)
    end_turn(out, seat, rng)


def play(out: Emitter, seat: int, move: mv.Move, rng: Rng) -> None:
    """Dispatches `move` of the seat to act to its step."""
    match move:
        case mv.BoardPassengers():
            board_passengers(out, seat, move)
        case mv.BuildStation():
            build_station(out, seat, move)
        case mv.TakeIncome():
            take_income(out, seat, move)
        case mv.BuyTram():
            buy_tram(out, seat, move)
        case mv.EndTurn():
            end(out, seat, rng)
