"""Trambahn `evolve`: applies one event to the state. Never raises for an event `decide` made,
never draws randomness (architecture §3)."""

from __future__ import annotations

from collections.abc import Callable

from boardstate.engine.core.cards import draw, remove_all, remove_one
from boardstate.engine.core.records import replace
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import COMPONENTS, Colour, card_colour, card_value
from boardstate.engine.trambahn.state import Line, PlayerState, State, Step


def _player(state: State, seat: int, change: Callable[[PlayerState], PlayerState]) -> State:
    players = tuple(change(p) if i == seat else p for i, p in enumerate(state.players))
    return replace(state, players=players)


def _line(player: PlayerState, line_id: int, change: Callable[[Line], Line]) -> PlayerState:
    lines = tuple(change(ln) if ln.id == line_id else ln for ln in player.lines)
    return replace(player, lines=lines)


def _known(cards: ev.Cards) -> tuple[str, ...]:
    # Events reaching `evolve` are unredacted: every card is known.
    return tuple(c for c in cards if c is not None)


def _build(p: PlayerState, e: ev.StationBuilt) -> PlayerState:
    colour = card_colour(e.card)
    hand = remove_one(p.hand, e.card)
    if e.new_line:
        assert colour is not None
        line = Line(id=e.line, colour=colour, values=(card_value(e.card),))
        return replace(
            p, hand=hand, lines=(*p.lines, line), next_line_id=max(p.next_line_id, e.line + 1)
        )

    def add(ln: Line) -> Line:
        if colour is None:
            return replace(ln, conductors=ln.conductors + 1)
        return replace(ln, values=(*ln.values, card_value(e.card)))

    return _line(replace(p, hand=hand), e.line, add)


def evolve(state: State, event: ev.Event) -> State:
    """Returns the state after `event`."""
    match event:
        case ev.DeckShuffled(order=order):
            return replace(state, draw_pile=_known(order))
        case ev.StartPlayerChosen(seat=seat):
            return replace(state, start_player=seat, active=seat)
        case ev.MoneyDealt(seat=seat, cards=cards):
            dealt, rest = draw(state.draw_pile, len(cards))
            state = replace(state, draw_pile=rest)
            return _player(state, seat, lambda p: replace(p, money=dealt + p.money))
        case ev.CardsDrawn(seat=seat, cards=cards):
            drawn, rest = draw(state.draw_pile, len(cards))
            state = replace(state, draw_pile=rest)
            return _player(state, seat, lambda p: replace(p, hand=p.hand + drawn))
        case ev.TramsLaidOut(display=display, stack=stack):
            return replace(state, display=display, tram_stack=stack)
        case ev.TurnStarted(seat=seat, turn=turn):
            return replace(state, active=seat, turn=turn, step=Step.PASSENGERS)
        case ev.PassengerBoarded(seat=seat, card=card, terminal=terminal):
            index = list(Colour).index(terminal)
            terminals = tuple(
                (*t, card) if i == index else t for i, t in enumerate(state.terminals)
            )
            state = replace(state, terminals=terminals, step=Step.STATIONS)
            return _player(state, seat, lambda p: replace(p, hand=remove_one(p.hand, card)))
        case ev.FahrtScored(colour=colour, points=points, discarded=discarded):
            index = list(Colour).index(colour)
            terminals = tuple(() if i == index else t for i, t in enumerate(state.terminals))
            players = tuple(
                replace(p, fahrten=(*p.fahrten, points[i])) for i, p in enumerate(state.players)
            )
            return replace(
                state,
                terminals=terminals,
                players=players,
                discard=(*discarded, *state.discard),
                scorings=state.scorings + 1,
            )
        case ev.StationBuilt(seat=seat) as built:
            return _player(state, seat, lambda p: _build(p, built))
        case ev.ExtraTourScored(seat=seat, line=line, points=points):

            def score(p: PlayerState) -> PlayerState:
                p = replace(p, extra_tours=(*p.extra_tours, points))
                return _line(p, line, lambda ln: replace(ln, extra_tour_done=True))

            return _player(state, seat, score)
        case ev.IncomeTaken(seat=seat, card=str() as income):
            state = replace(state, step=Step.INCOME)
            return _player(
                state,
                seat,
                lambda p: replace(p, hand=remove_one(p.hand, income), money=(income, *p.money)),
            )
        case ev.TramBought(seat=seat, tram=tram, line=line, paid=paid):
            state = replace(
                state,
                display=remove_one(state.display, tram),
                discard=(*paid, *state.discard),
                step=Step.PURCHASE,
            )

            def buy(p: PlayerState) -> PlayerState:
                p = replace(p, money=p.money[len(paid) :])
                return _line(p, line, lambda ln: replace(ln, tram=tram))

            return _player(state, seat, buy)
        case ev.DisplayRefilled(trams=trams):
            return replace(
                state,
                display=(*state.display, *trams),
                tram_stack=state.tram_stack[len(trams) :],
            )
        case ev.LinesDismantled(seat=seat, lines=lines, cards=cards):
            return _player(
                state,
                seat,
                lambda p: replace(
                    p,
                    lines=tuple(ln for ln in p.lines if ln.id not in lines),
                    money=(*cards, *p.money),
                ),
            )
        case ev.MoneyHalved(seat=seat, cards=cards):
            known = _known(cards)
            state = replace(state, discard=(*known, *state.discard))
            return _player(state, seat, lambda p: replace(p, money=remove_all(p.money, known)))
        case ev.DiscardsReshuffled(order=order):
            return replace(state, draw_pile=(*state.draw_pile, *_known(order)), discard=())
        case ev.GameOver(reason=reason):
            return replace(state, finished=True, end_reason=reason)
    raise TypeError(f"not a trambahn event: {event!r}")  # pragma: no cover


__all__ = ["COMPONENTS", "evolve"]
