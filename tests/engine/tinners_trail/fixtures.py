"""Compact Tinners' Trail tables for the scenario tests.

`table(...)` builds a `State` in the action phase from a few literals: unnamed areas are empty
and unseeded, unnamed players have £15 and stand on the Order of Play column; the cubes taken
from the supply, each player's mines and investment cubes left and calciner follow from what is
on the table, so the invariants hold. `area(...)` is one
area (seeded unless told). `play` parses a wire move, decides it and folds its events;
`refused` returns the error a move is rejected with; `wire_legal` lists the legal moves in wire
form. `Dice` is an `Rng` that rolls scripted faces, for price and seeding tests.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from boardstate.engine.core.driver import Step
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail import RULES
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.state import (
    Area,
    Auction,
    Cubes,
    Display,
    Investing,
    Phase,
    Player,
    Pumping,
    State,
)
from tests.engine import scripted
from tests.engine.tinners_trail.hooks import HOOKS

T = TypeVar("T")
Move = dict[str, Any]

FULL_DISPLAY = Display(ports=3, miners=3, adits=1, railways=1, pumps=(3, 2, 2, 1))


def area(
    water: int = 0,
    tin: int = 0,
    copper: int = 0,
    arsenic: int = 0,
    *,
    mine: int | None = None,
    seeded: bool = True,
    port: bool = False,
    railway: bool = False,
    miners: int = 0,
    calciner: int | None = None,
) -> Area:
    """One area: `area(2, tin=1, copper=3, mine=0)`."""
    return Area(water, tin, copper, arsenic, seeded, mine, port, railway, miners, calciner)


def mines(seat: int, *area_ids: int) -> dict[int, Area]:
    """Mines of `seat` in empty seeded areas (for players whose mines are on the board)."""
    return {a: area(mine=seat) for a in area_ids}


def player(money: int = 15, **fields: Any) -> Player:
    """One player: `player(20, column=3, row=0, tin=2)`."""
    return dataclasses.replace(Player(money=money), **fields)


def table(
    players: int | Sequence[Player] = 4,
    *,
    areas: Mapping[int, Area] | None = None,
    order: Sequence[int] | None = None,
    pass_order: Sequence[int] | None = None,
    round: int = 1,
    phase: Phase = Phase.ACTIONS,
    display: Display = FULL_DISPLAY,
    options: Mapping[str, Any] | None = None,
    adits: Sequence[tuple[int, int]] = (),
    rows: tuple[int | None, int | None] = (4, 4),
    market: Sequence[int] | None = None,
    investments: Sequence[Sequence[Sequence[int]]] | None = None,
    auction: Auction | None = None,
    pumping: Pumping | None = None,
    investing: Investing | None = None,
    openers: Sequence[int] = (),
    opening_dice: tuple[int, int, int] | None = None,
) -> State:
    """Returns a table in the action phase of `round` (prices in rows `rows`: tin, copper).

    Passed players are in the pass order in seat order unless `pass_order` says otherwise.
    """
    seats = (
        tuple(Player(money=15) for _ in range(players))
        if isinstance(players, int)
        else tuple(players)
    )
    board = [Area() for _ in COMPONENTS.areas]
    for area_id, a in (areas or {}).items():
        board[area_id - 1] = a
    grid = (
        tuple(tuple(tuple(o) for o in row) for row in investments)
        if investments is not None
        else State(options=RULES.parse_options(None), players=seats).investments
    )
    state = State(
        options=RULES.parse_options(dict(options or {})),
        players=seats,
        areas=tuple(board),
        adits=tuple(sorted(adits)),
        round=round,
        phase=phase,
        order=tuple(order) if order is not None else tuple(range(len(seats))),
        pass_order=tuple(i for i, p in enumerate(seats) if p.passed)
        if pass_order is None
        else tuple(pass_order),
        tin_row=rows[0],
        copper_row=rows[1],
        display=display,
        market=tuple(market) if market is not None else tuple(0 for _ in COMPONENTS.market_spaces),
        investments=grid,
        auction=auction,
        pumping=pumping,
        investing=investing,
        openers=tuple(openers),
        opening_dice=opening_dice,
        data_set=RULES.data.id,
        content_hash=RULES.data.content_hash,
    )
    return dataclasses.replace(state, players=_pieces(state), supply_out=held_cubes(state))


def _pieces(state: State) -> tuple[Player, ...]:
    """Mines, investment cubes and calciners left in hand follow from what is on the table."""
    out = []
    for seat, p in enumerate(state.players):
        placed = sum(1 for a in state.areas if a.mine == seat)
        cubes = sum(o.count(seat) for row in state.investments for o in row)
        calciner = next((i for i, a in enumerate(state.areas, 1) if a.calciner == seat), None)
        out.append(
            dataclasses.replace(
                p,
                mines_left=COMPONENTS.mines_per_player - placed,
                cubes_left=COMPONENTS.cubes_per_player - cubes,
                calciner=calciner,
            )
        )
    return tuple(out)


def held_cubes(state: State) -> Cubes:
    """Every cube on the table (board, players, arsenic market)."""
    held = Cubes(arsenic=sum(state.market))
    for a in state.areas:
        held = held.plus(a.cubes())
    for p in state.players:
        held = held.plus(Cubes(tin=p.tin, copper=p.copper, arsenic=p.arsenic))
    return held


class Dice(Rng):
    """An `Rng` whose `choice` returns scripted values (dice faces), then falls back to a seed."""

    def __init__(self, *faces: int) -> None:
        super().__init__(b"dice")
        self.faces = list(faces)

    def choice(self, items: Sequence[T]) -> T:
        """Returns the next scripted face (which must be a face of the die rolled)."""
        if not self.faces:
            return super().choice(items)
        face = self.faces.pop(0)
        for item in items:
            if item == face:
                return item
        raise AssertionError(f"{face} is not a face of {items}")


def _invariants_hold(step: Step) -> None:
    assert HOOKS.invariants(step.after) == []


def play(
    state: State, seat: int, move: Move, rng: Rng | None = None
) -> tuple[State, list[ev.Event]]:
    """Parses, decides and folds `move`; checks the invariants after it."""
    draws = scripted.seeded("t") if rng is None else lambda: rng
    return scripted.play(RULES, state, [(seat, move)], draws, [_invariants_hold])


def play_all(state: State, *steps: tuple[int, Move]) -> tuple[State, list[ev.Event]]:
    """Plays `(seat, move)` steps in a row (invariants checked after each); returns the last
    state and all events."""
    return scripted.play(RULES, state, steps, scripted.seeded("t"), [_invariants_hold])


def refused(state: State, seat: int, move: Any) -> MoveError:
    """Returns the error `move` is rejected with; fails if it is accepted."""
    return scripted.refused(RULES, state, seat, move)


def wire_legal(state: State, seat: int) -> list[Move]:
    """The legal moves of `seat` in wire form."""
    return [RULES.moves.encode(m) for m in RULES.legal_moves(state, seat)]


def of_type(events: Sequence[ev.Event], cls: type[T]) -> list[T]:
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, cls)]


def kinds(events: Sequence[ev.Event]) -> list[str]:
    """The wire types of `events`, in order."""
    return [e.TYPE for e in events]


def to_act(state: State) -> set[int]:
    """The seats owing a decision."""
    return set(RULES.to_act(state))
