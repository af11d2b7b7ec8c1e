"""TF22 Mine `evolve`: applies one event to the state. Never raises for an event `decide` made,
never draws randomness (architecture §3)."""

from __future__ import annotations

from collections.abc import Callable

from boardstate.engine.core.records import replace
from boardstate.engine.core.secret import SecretChoices
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine import setup_events as sev
from boardstate.engine.mine.components import COMPONENTS, Colour
from boardstate.engine.mine.geometry import Cell, index
from boardstate.engine.mine.options import SymbolMode
from boardstate.engine.mine.state import Crew, Fight, Phase, Placement, Player, Respawn, State
from boardstate.engine.mine.symbols import after_reveal, own_cards


def _player(state: State, seat: int, change: Callable[[Player], Player]) -> State:
    players = tuple(change(p) if i == seat else p for i, p in enumerate(state.players))
    return replace(state, players=players)


def _crew(state: State, colour: Colour, change: Callable[[Crew], Crew]) -> State:
    crews = tuple(change(c) if c.colour is colour else c for c in state.crews)
    return replace(state, crews=crews)


def _lay(state: State, cell: Cell, placement: Placement) -> State:
    grid = list(state.grid)
    grid[index(cell)] = placement
    return replace(state, grid=tuple(grid))


def _known(cards: sev.Cards) -> tuple[str, ...]:
    # Events reaching `evolve` are unredacted: every card is known.
    return tuple(c for c in cards if c is not None)


def _reveal(state: State, seat: int, card: str) -> State:
    mode = state.options.symbol_cards
    return _player(state, seat, lambda p: after_reveal(mode, p, card))


def _choose(state: State, seat: int, colour: Colour) -> State:
    state = _crew(state, colour, lambda c: replace(c, owner=seat))
    state = replace(state, pickers=state.pickers[1:])

    def take(p: Player) -> Player:
        p = replace(p, colours=(*p.colours, colour))
        return replace(p, pile=own_cards(p))

    return _player(state, seat, take)


def evolve(state: State, event: ev.Event) -> State:
    """Returns the state after `event`."""
    match event:
        case sev.MineLaidOut():
            return replace(
                state,
                grid=event.grid,
                crews=tuple(Crew(c.colour, c.cell, c.cell) for c in event.crews),
                ranium=tuple(sorted(event.ranium)),
                loaders=event.loaders,
                data_set=event.data_set,
                content_hash=event.content_hash,
            )
        case sev.StartPlayerChosen(seat=seat):
            return replace(state, start_player=seat, active=seat, phase=Phase.SWAPS)
        case sev.CardsSwapped(a=a, b=b):
            first, second = state.placement(a), state.placement(b)
            state = _lay(_lay(state, a, second), b, first)
            return replace(state, swaps_done=state.swaps_done + 1)
        case sev.ColourChoiceStarted(order=order):
            return replace(state, phase=Phase.COLOURS, pickers=order)
        case sev.ColourChosen(seat=seat, colour=colour):
            return _choose(state, seat, colour)
        case sev.SymbolPilesShuffled(piles=piles):
            players = tuple(
                replace(p, pile=_known(pile)) for p, pile in zip(state.players, piles, strict=True)
            )
            return replace(state, players=players)
        case sev.TurnStarted(seat=seat, round=number):
            return replace(
                state, phase=Phase.PLAY, active=seat, round=number, ore=COMPONENTS.ore_per_turn
            )
        case ev.OreSpent(ore=ore):
            return replace(state, ore=state.ore - ore)
        case ev.OreForfeited():
            return replace(state, ore=0)
        case ev.CardTurned(cell=cell, face=face, rot=rot):
            return _lay(state, cell, Placement(state.placement(cell).card, face, rot))
        case ev.CrewMoved(crew=crew, to=to):
            return _crew(state, crew, lambda c: replace(c, cell=to))
        case ev.RaniumCollected(crew=crew, cell=cell):
            state = replace(state, ranium=tuple(r for r in state.ranium if r != cell))
            return _crew(state, crew, lambda c: replace(c, stock=c.stock + 1))
        case ev.LoaderMoved(loader=loader, position=position):
            loaders = tuple(position if i == loader else p for i, p in enumerate(state.loaders))
            return replace(state, loaders=loaders)
        case ev.RaniumPlaced(cell=cell):
            state = replace(state, ranium=tuple(sorted((*state.ranium, cell))))
            assert state.respawn is not None
            left = state.respawn.remaining - 1
            respawn = Respawn(state.respawn.seat, left) if left else None
            return replace(state, respawn=respawn)
        case fev.FightStarted():
            seats = (event.attacker_seat, event.defender_seat)
            strategic = state.options.symbol_cards is SymbolMode.STRATEGIC
            fight = Fight(
                event.attacker,
                event.defender,
                event.attacker_seat,
                event.defender_seat,
                SecretChoices(seats) if strategic else None,
            )
            return replace(state, fight=fight)
        case fev.SymbolPileReshuffled(seat=seat, order=order):
            return _player(state, seat, lambda p: replace(p, pile=_known(order), discard=()))
        case fev.SymbolCardRevealed(seat=seat, card=card, purpose=purpose):
            state = _reveal(state, seat, card)
            if purpose is fev.Purpose.RESPAWN and state.respawn is not None:
                state = replace(state, respawn=replace(state.respawn, card=card))
            return state
        case fev.SymbolCardCommitted(seat=seat, card=str() as card):
            assert state.fight is not None
            assert state.fight.choices is not None
            fight = replace(state.fight, choices=state.fight.choices.commit(seat, card))
            return replace(state, fight=fight)
        case fev.CommitmentsRevealed(seats=seats, cards=cards):
            for seat, card in zip(seats, cards, strict=True):
                state = _reveal(state, seat, card)
            return state
        case fev.FightResolved():
            return replace(state, fight=None)
        case fev.RaniumStolen(crew=crew, victim=victim):
            state = _crew(state, victim, lambda c: replace(c, stock=c.stock - 1))
            return _crew(state, crew, lambda c: replace(c, stock=c.stock + 1))
        case fev.FreeActionGranted(seat=seat):
            return replace(state, free_action=seat)
        case fev.FreeActionTaken():
            return replace(state, free_action=None)
        case ev.RaniumDelivered(seat=seat, crew=crew, units=units, points=points):
            state = _crew(state, crew, lambda c: replace(c, stock=c.stock - units))
            return _player(state, seat, lambda p: replace(p, points=points))
        case ev.RespawnStarted(seat=seat, units=units):
            return replace(state, respawn=Respawn(seat, units))
        case ev.GameOver(reason=reason, winners=winners):
            return replace(
                state,
                phase=Phase.OVER,
                winners=winners,
                end_reason=reason,
                fight=None,
                free_action=None,
                respawn=None,
            )
    raise TypeError(f"not a tf22-mine event: {event!r}")  # pragma: no cover
