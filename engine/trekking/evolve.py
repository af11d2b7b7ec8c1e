"""Trekking `evolve`: applies one event to the state. Never raises for an event `decide` made,
never draws randomness (architecture §3)."""

from __future__ import annotations

from collections.abc import Callable

from boardstate.engine.core.records import replace
from boardstate.engine.core.secret import SecretChoices
from boardstate.engine.core.turn_order import advance
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.components import COLUMNS, COMPONENTS
from boardstate.engine.trekking.state import Phase, PlayerState, State

EMPTY_COLUMNS = (0, 0, 0, 0)


def _player(state: State, seat: int, change: Callable[[PlayerState], PlayerState]) -> State:
    players = tuple(change(p) if i == seat else p for i, p in enumerate(state.players))
    return replace(state, players=players)


def _set_deck(state: State, deck: tuple[str, ...]) -> State:
    decks = tuple(deck if i == state.day - 1 else d for i, d in enumerate(state.decks))
    return replace(state, decks=decks)


def _take(state: State, e: ev.CardTaken) -> State:
    if e.space is None:
        pool = list(state.ancestors)
        pool.remove(e.card)
        state = replace(state, ancestors=tuple(pool))
    elif e.space == 0:
        state = _set_deck(state, state.deck[1:])
    else:
        display = tuple(None if i == e.space - 1 else c for i, c in enumerate(state.display))
        state = replace(state, display=display)
    return _player(state, e.seat, lambda p: replace(p, crystals=p.crystals - e.crystals))


def _refill(state: State, space: int) -> State:
    if space == 0:
        return state
    deck = state.deck
    shifted = (deck[0] if deck else None, *state.display[: space - 1], *state.display[space:])
    return _set_deck(replace(state, display=shifted), deck[1:])


def _watch(state: State, e: ev.WatchMoved) -> State:
    hours, stack = advance(state.hours, state.stack, e.seat, e.hours, COMPONENTS.hours_per_day)
    state = replace(state, stack=stack)
    return _player(state, e.seat, lambda p: replace(p, hours=hours[e.seat]))


def _trek(p: PlayerState, e: ev.CardAddedToTrek) -> PlayerState:
    if e.closed:
        return replace(p, closed_treks=(*p.closed_treks, p.open_trek), open_trek=(e.card,))
    return replace(p, open_trek=(*p.open_trek, e.card))


def _token(p: PlayerState, e: ev.TokenPlaced) -> PlayerState:
    if e.row is None:
        return p
    col = COLUMNS.index(e.column)
    return replace(p, filled=tuple(n + 1 if i == col else n for i, n in enumerate(p.filled)))


def _reveal(state: State, chosen: tuple[str, ...]) -> State:
    players = tuple(
        replace(
            p,
            hand=tuple(i for i in p.hand if i != chosen[seat]),
            itinerary=chosen[seat],
            filled=EMPTY_COLUMNS,
            groups_done=(),
        )
        for seat, p in enumerate(state.players)
    )
    return replace(state, players=players, phase=Phase.TURNS, secret=None)


def _end_day(state: State) -> State:
    players = tuple(
        replace(
            p,
            used=(*p.used, p.itinerary) if p.itinerary else p.used,
            itinerary=None,
            filled=EMPTY_COLUMNS,
            groups_done=(),
        )
        for p in state.players
    )
    return replace(state, players=players)


def _start_day(state: State, day: int) -> State:
    state = replace(state, day=day, phase=Phase.ITINERARY)
    size = COMPONENTS.display_spaces
    deck = state.deck
    display = tuple(deck[i] if i < len(deck) else None for i in range(size))
    players = tuple(replace(p, hours=0) for p in state.players)
    secret = SecretChoices(seats=tuple(range(len(players))))
    state = replace(state, display=display, players=players, secret=secret)
    return _set_deck(state, deck[size:])


def evolve(state: State, event: ev.Event) -> State:
    """Returns the state after `event`."""
    match event:
        case ev.DataSetRecorded():
            return state
        case ev.StartPlayerChosen(seat=seat, stack=stack):
            return replace(state, start_player=seat, stack=tuple(reversed(stack)))
        case ev.AncestorsDrawn(cards=cards):
            return replace(state, ancestors=cards)
        case ev.DeckShuffled(day=day, order=order):
            known = tuple(c for c in order if c is not None)
            decks = tuple(known if i == day - 1 else d for i, d in enumerate(state.decks))
            return replace(state, decks=decks)
        case ev.ItinerariesDealt(seat=seat, itineraries=ids):
            hand = tuple(i for i in ids if i is not None)
            return _player(state, seat, lambda p: replace(p, hand=hand))
        case ev.DayStarted(day=day):
            return _start_day(state, day)
        case ev.ItineraryCommitted(seat=seat, itinerary=str() as chosen):
            assert state.secret is not None
            return replace(state, secret=state.secret.commit(seat, chosen))
        case ev.ItinerariesRevealed(itineraries=chosen):
            return _reveal(state, chosen)
        case ev.CardTaken() as taken:
            return _take(state, taken)
        case ev.WatchMoved() as moved:
            return _watch(state, moved)
        case ev.PrestigeGained(seat=seat, points=points):
            return _player(state, seat, lambda p: replace(p, pp=p.pp + points))
        case ev.CrystalsGained(seat=seat, count=count):
            return _player(state, seat, lambda p: replace(p, crystals=p.crystals + count))
        case ev.TokenPlaced(seat=seat) as placed:
            return _player(state, seat, lambda p: _token(p, placed))
        case ev.GroupCompleted(seat=seat, group=group, points=points):
            return _player(
                state,
                seat,
                lambda p: replace(p, pp=p.pp + points, groups_done=(*p.groups_done, group)),
            )
        case ev.CardAddedToTrek(seat=seat) as added:
            return _player(state, seat, lambda p: _trek(p, added))
        case ev.DisplayRefilled(space=space):
            return _refill(state, space)
        case ev.DayEnded():
            return _end_day(state)
        case ev.GameOver():
            return replace(state, phase=Phase.OVER)
    raise TypeError(f"not a trekking event: {event!r}")  # pragma: no cover
