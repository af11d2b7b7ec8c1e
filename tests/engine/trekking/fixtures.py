"""Compact Trekking tables for the scenario tests (STYLE_MODELS §3 rule 17).

`table(...)` builds a state in the middle of a day (turns being taken) from a few literals;
`choosing(...)` one during the itinerary choice; `opening(players, seed)` the real set-up.
`play(state, seat, move)` parses a wire move, decides it and folds its events; `refused(...)`
returns the error a move is rejected with. `take(...)` and `pick(...)` write the two moves.
Card helpers find data cards by property, so tests follow the data set instead of hard-coding
reconstructed values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from boardstate.engine.core import driver
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.secret import SecretChoices
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking import moves as mv
from boardstate.engine.trekking.component_types import HistoryCard
from boardstate.engine.trekking.components import COLUMNS, COMPONENTS, Colour, Token
from boardstate.engine.trekking.state import Phase, PlayerState, State
from tests.engine import scripted

T = TypeVar("T")
Move = dict[str, Any]


def day_cards(day: int) -> list[HistoryCard]:
    """The cards of a day deck, in data (chronological) order."""
    return [COMPONENTS.cards[c] for c in COMPONENTS.day_decks[day - 1]]


def cards_where(pred: Callable[[HistoryCard], bool], day: int | None = None) -> list[HistoryCard]:
    """Every history card (of `day`, if given) matching `pred`."""
    days = [day] if day is not None else [1, 2, 3]
    return [c for d in days for c in day_cards(d) if pred(c)]


def card_where(pred: Callable[[HistoryCard], bool], day: int = 1) -> HistoryCard:
    """The first card of `day` matching `pred`."""
    found = cards_where(pred, day)
    assert found, "no card in the data set matches"
    return found[0]


def no_world(card: HistoryCard) -> bool:
    """The card brings no World token."""
    return Token.WORLD not in card.tokens


def worlds(card: HistoryCard) -> int:
    """How many World tokens the card brings."""
    return card.tokens.count(Token.WORLD)


def _per_seat(given: Sequence[T], players: int, default: Callable[[int], T]) -> list[T]:
    return [given[s] if s < len(given) else default(s) for s in range(players)]


def itinerary_id(n: int) -> str:
    """`IT-nn`."""
    return f"IT-{n:02d}"


def table(
    players: int = 2,
    *,
    day: int = 1,
    hours: Sequence[int] = (),
    stack: Sequence[int] | None = None,
    crystals: Sequence[int] = (),
    pp: Sequence[int] = (),
    itineraries: Sequence[str] = (),
    hands: Sequence[Sequence[str]] = (),
    filled: Sequence[Sequence[int]] = (),
    open_treks: Sequence[Sequence[str]] = (),
    closed_treks: Sequence[Sequence[Sequence[str]]] = (),
    display: Sequence[str | None] | None = None,
    deck: Sequence[str] | None = None,
    ancestors: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> State:
    """A table in the middle of `day`; `stack` lists the watches from the top down (default:
    seat 0 on top). Unnamed parts get harmless defaults: 1 crystal, itinerary IT-(4s+1), the
    day's cards in data order (5 in the display, the rest in the deck), 3 ancestors a seat."""
    cards = [c.id for c in day_cards(day)]
    used = {c for t in open_treks for c in t} | {c for ts in closed_treks for t in ts for c in t}
    cards = [c for c in cards if c not in used]
    shown = list(cards[:5]) if display is None else list(display)
    rest = [c for c in cards if c not in shown] if deck is None else list(deck)
    people = []
    for s in range(players):
        mine = itineraries[s] if s < len(itineraries) else itinerary_id(4 * s + 1)
        people.append(
            PlayerState(
                hours=_per_seat(hours, players, lambda _: 0)[s],
                crystals=_per_seat(crystals, players, lambda _: 1)[s],
                pp=_per_seat(pp, players, lambda _: 0)[s],
                hand=tuple(
                    _per_seat(
                        hands, players, lambda x: [itinerary_id(4 * x + i) for i in (2, 3, 4)]
                    )[s]
                ),
                itinerary=mine,
                filled=tuple(_per_seat(filled, players, lambda _: (0, 0, 0, 0))[s]),
                open_trek=tuple(_per_seat(open_treks, players, lambda _: ())[s]),
                closed_treks=tuple(
                    tuple(t) for t in _per_seat(closed_treks, players, lambda _: ())[s]
                ),
            )
        )
    decks = tuple(
        tuple(rest) if d == day else (COMPONENTS.day_decks[d - 1] if d > day else ())
        for d in (1, 2, 3)
    )
    top_down = list(range(players)) if stack is None else list(stack)
    pool = [f"A-{i:02d}" for i in range(1, 3 * players + 1)] if ancestors is None else ancestors
    return State(
        options=RULES.parse_options(options),
        players=tuple(people),
        phase=Phase.TURNS,
        day=day,
        decks=decks,
        display=tuple(shown) + (None,) * (5 - len(shown)),
        ancestors=tuple(pool),
        stack=tuple(reversed(top_down)),
    )


def choosing(
    state: State, committed: Mapping[int, str] | None = None, hands: Sequence[Sequence[str]] = ()
) -> State:
    """`state` turned into the itinerary choice at the start of its day: hours 0, no itinerary,
    hands of 4 unless given, and `committed` choices already made."""
    players = tuple(
        dataclasses.replace(
            p,
            hours=0,
            itinerary=None,
            filled=(0, 0, 0, 0),
            groups_done=(),
            hand=tuple(hands[s]) if s < len(hands) else tuple(sorted((*p.hand, p.itinerary or ""))),
        )
        for s, p in enumerate(state.players)
    )
    secret = SecretChoices(seats=tuple(range(len(players))))
    for seat, choice in (committed or {}).items():
        secret = secret.commit(seat, choice)
    return dataclasses.replace(state, players=players, phase=Phase.ITINERARY, secret=secret)


def opening(players: int = 2, seed: str = "s", options: Mapping[str, Any] | None = None) -> State:
    """The state right after the real set-up."""
    state = driver.opening(RULES, players, seed, RULES.parse_options(options)).state
    assert isinstance(state, State)
    return state


def opening_events(players: int = 2, seed: str = "s") -> list[ev.Event]:
    """The set-up events of a real game."""
    return list(driver.opening(RULES, players, seed, RULES.parse_options(None)).events)


def take(card: str, crystals: int = 0, world: Sequence[str] = ()) -> Move:
    """`choose_card`."""
    return {"type": "choose_card", "card": card, "crystals": crystals, "world_columns": list(world)}


def pick(itinerary: str) -> Move:
    """`choose_itinerary`."""
    return {"type": "choose_itinerary", "itinerary": itinerary}


def play(state: State, seat: int, move: Move, seed: int = 0) -> tuple[State, list[ev.Event]]:
    """Parses, decides and folds `move`: returns `(new_state, events)`."""
    return scripted.play(RULES, state, [(seat, move)], scripted.seeded(seed))


def play_all(state: State, *turns: tuple[int, Move]) -> tuple[State, list[ev.Event]]:
    """Plays `(seat, move)` pairs in order; returns the last state and all events."""
    return scripted.play(RULES, state, turns)


def refused(state: State, seat: int, move: Any) -> MoveError:
    """Returns the error `move` is rejected with; fails if it is accepted."""
    return scripted.refused(RULES, state, seat, move)


def of_type(events: Sequence[ev.Event], cls: type[T]) -> list[T]:
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, cls)]


def column(colour: str) -> int:
    """The column index of a colour."""
    return COLUMNS.index(Colour(colour))


def full_but(colour: str, row: int = 0) -> tuple[int, ...]:
    """Itinerary fill with every column full except `colour`, which has `row` tokens."""
    return tuple(row if c.value == colour else 4 for c in COLUMNS)


FULL = (4, 4, 4, 4)
"""An itinerary with every column full: tokens are lost."""


def on_top(card: str) -> dict[str, Any]:
    """`table` arguments putting `card` on its day's deck top (the display holds others)."""
    day = COMPONENTS.cards[card].day
    others = [c.id for c in day_cards(day) if c.id != card]
    return {"day": day, "display": others[:5], "deck": [card, *others[5:]]}


def at_space(card: str, space: int) -> dict[str, Any]:
    """`table` arguments putting `card` on display space `space` (1..5) of its day."""
    day = COMPONENTS.cards[card].day
    others = [c.id for c in day_cards(day) if c.id != card]
    display: list[str | None] = list(others[:4])
    display.insert(space - 1, card)
    return {"day": day, "display": display, "deck": others[4:]}


def card_moves(state: State, seat: int) -> list[mv.ChooseCard]:
    """The `choose_card` moves among `seat`'s legal moves."""
    return [m for m in RULES.legal_moves(state, seat) if isinstance(m, mv.ChooseCard)]
