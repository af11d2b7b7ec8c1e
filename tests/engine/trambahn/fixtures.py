"""Compact Trambahn tables for the scenario tests (STYLE_MODELS §3 rule 17).

`table(...)` builds a `State` from a few literals; `line(...)` one line of a player's area.
`play(state, seat, move)` parses a wire move, decides it with a seeded RNG and folds its events;
`refused(state, seat, move)` returns the error a move is rejected with. `board`, `build`,
`income`, `buy` and `end` write the wire dicts of the five moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.trambahn import RULES
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import COMPONENTS, Colour, TramKind, card_colour
from boardstate.engine.trambahn.state import Line, PlayerState, State, Step
from tests.engine import scripted

T = TypeVar("T")

Move = dict[str, Any]

HAND = ("blue-2", "red-4", "green-6", "yellow-8", "red-9", "conductor")
"""The hand of a seat whose hand the test does not name."""

STANDARD_STACK = ("horse", "horse", *["steam"] * 4, *["electric"] * 7)
"""The tram stack right after set-up, top first (the display holds 3 horse trams)."""

_STATIONS = tuple(c for c in COMPONENTS.deck if c != "conductor")


def cards(count: int, offset: int = 0) -> tuple[str, ...]:
    """Returns `count` varied station cards (for money and draw piles whose faces do not matter)."""
    return tuple(_STATIONS[(offset + 7 * i) % len(_STATIONS)] for i in range(count))


def line(
    colour: str,
    *values: int,
    tram: str | None = None,
    conductors: int = 0,
    id: int = 1,
    extra_tour_done: bool = False,
) -> Line:
    """Returns one line: `line("red", 1, 3, 7, tram="steam", conductors=1, id=1)`."""
    return Line(
        id=id,
        colour=Colour(colour),
        values=tuple(values),
        conductors=conductors,
        tram=None if tram is None else TramKind(tram),
        extra_tour_done=extra_tour_done,
    )


def _per_seat(given: Sequence[T], default: T) -> tuple[T, T]:
    padded = [*given, default, default][:2]
    return padded[0], padded[1]


def table(
    *,
    hands: Sequence[Sequence[str]] = (),
    money: Sequence[int | Sequence[str]] = (),
    lines: Sequence[Sequence[Line]] = (),
    terminals: Mapping[str, Sequence[str]] | None = None,
    draw: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    display: Sequence[str] = ("horse", "horse", "horse"),
    stack: Sequence[str] = STANDARD_STACK,
    active: int = 0,
    step: str = "passengers",
    scorings: int | None = None,
    fahrten: Sequence[Sequence[int]] | None = None,
    extra_tours: Sequence[Sequence[int]] = (),
    options: Mapping[str, str] | None = None,
    turn: int = 1,
    start_player: int = 0,
) -> State:
    """Returns a two-seat table; unnamed parts get harmless defaults (30 cards to draw)."""
    if fahrten is None:
        fahrten = [(0,) * (scorings or 0)] * 2
    count = len(fahrten[0]) if scorings is None else scorings
    players = []
    for seat in range(2):
        seat_money = _per_seat(money, 0)[seat]
        seat_lines = tuple(_per_seat(lines, ())[seat])
        players.append(
            PlayerState(
                hand=tuple(_per_seat(hands, HAND)[seat]),
                money=cards(seat_money, 3 + seat)
                if isinstance(seat_money, int)
                else tuple(seat_money),
                lines=seat_lines,
                fahrten=tuple(fahrten[seat]),
                extra_tours=tuple(_per_seat(extra_tours, ())[seat]),
                next_line_id=max((ln.id for ln in seat_lines), default=0) + 1,
            )
        )
    waiting = terminals or {}
    return State(
        options=RULES.parse_options(options),
        players=(players[0], players[1]),
        draw_pile=cards(30, 50) if draw is None else tuple(draw),
        discard=tuple(discard),
        terminals=tuple(tuple(waiting.get(c.value, ())) for c in Colour),
        display=tuple(TramKind(t) for t in display),
        tram_stack=tuple(TramKind(t) for t in stack),
        start_player=start_player,
        active=active,
        step=Step(step),
        turn=turn,
        scorings=count,
    )


def board(*passengers: str | tuple[str, str]) -> Move:
    """`board_passengers`: a card alone goes to its own colour; `(card, terminal)` names it."""
    wire = []
    for p in passengers:
        card, terminal = (p, "") if isinstance(p, str) else p
        if not terminal:
            colour = card_colour(card)
            assert colour is not None, "name the terminal of a conductor"
            terminal = colour.value
        wire.append({"card": card, "terminal": terminal})
    return {"type": "board_passengers", "passengers": wire}


def build(card: str, line: int | None = None) -> Move:
    """`build_station`: onto line `line`, or a new line."""
    return {"type": "build_station", "card": card, "line": line}


def income(card: str) -> Move:
    """`take_income`."""
    return {"type": "take_income", "card": card}


def buy(tram: str, line: int) -> Move:
    """`buy_tram`."""
    return {"type": "buy_tram", "tram": tram, "line": line}


def end() -> Move:
    """`end_turn`."""
    return {"type": "end_turn"}


def rng(seed: int = 0) -> Rng:
    """The RNG `play` uses for `seed`."""
    return scripted.seeded(seed)()


def play(state: State, seat: int, move: Move, seed: int = 0) -> tuple[State, list[ev.Event]]:
    """Parses, decides and folds `move`: returns `(new_state, events)`."""
    return scripted.play(RULES, state, [(seat, move)], scripted.seeded(seed))


def play_all(state: State, seat: int, *moves: Move) -> tuple[State, list[ev.Event]]:
    """Plays several moves of `seat` in a row; returns the last state and all events."""
    return scripted.play(RULES, state, [(seat, move) for move in moves])


def refused(state: State, seat: int, move: Any) -> MoveError:
    """Returns the error `move` is rejected with; fails if it is accepted."""
    return scripted.refused(RULES, state, seat, move)


def of_type(events: Sequence[ev.Event], cls: type[T]) -> list[T]:
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, cls)]


def kinds(events: Sequence[ev.Event]) -> list[str]:
    """The wire types of `events`, in order."""
    return [e.TYPE for e in events]
