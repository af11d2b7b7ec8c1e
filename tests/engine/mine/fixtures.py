"""Compact TF22 Mine tables for the scenario tests (STYLE_MODELS §3 rule 17).

`table(...)` builds a `State` in play from a few literals. Cells are laid with `lay={cell:
spec}`: a spec is `"W:NES"` (a card showing a white face whose *world* openings are exactly N,
E, S; add `:circle` to ask for that symbol, `:-` for none) or `"M13/B/180"` (that card, face
and rot). Every other cell gets the remaining cards, face A, rot 0, so the grid always holds
the 36 cards once. Colours are `W R B Y`; crews are named by letter too.

`play(state, seat, move)` parses a wire move, decides it with a seeded RNG and folds its events;
`refused(state, seat, move)` returns the error a move is rejected with (`tests.engine.scripted`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar, cast

from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import RULES
from boardstate.engine.mine import events as ev
from boardstate.engine.mine.components import COMPONENTS, Colour
from boardstate.engine.mine.geometry import (
    CELLS,
    CENTRE,
    Cell,
    Face,
    parse_openings,
    world_openings,
)
from boardstate.engine.mine.state import Crew, Fight, Phase, Placement, Player, Respawn, State
from boardstate.engine.mine.symbols import own_cards
from tests.engine import scripted

T = TypeVar("T")
Move = dict[str, Any]

LETTER = {"W": Colour.WHITE, "R": Colour.RED, "B": Colour.BLUE, "Y": Colour.YELLOW}
SEATS = {
    4: (("W",), ("R",), ("B",), ("Y",)),
    3: (("R",), ("B",), ("Y",)),
    2: (("W", "B"), ("R", "Y")),
}
"""Colours of each seat by player count when the test does not name them."""


def _find(spec: str, used: set[str]) -> Placement:
    if "/" in spec:
        name, side, turn = spec.split("/")
        return Placement(name, Face(side), int(turn))
    parts = spec.split(":")
    colour, openings = LETTER[parts[0]], parse_openings(parts[1])
    wanted = parts[2] if len(parts) > 2 else None
    centre = {c for c, _ in COMPONENTS.centre_cards.values()}
    for card in sorted(COMPONENTS.cards, key=lambda c: (c in centre, c)):
        for face in Face:
            spec_face = COMPONENTS.face(card, face)
            shown = "-" if spec_face.symbol is None else spec_face.symbol.value
            if card in used or spec_face.colour is not colour or wanted not in (None, shown):
                continue
            for rot in (0, 180):
                if world_openings(spec_face.openings, rot) == openings:
                    return Placement(card, face, rot)
    raise AssertionError(f"no unused card shows {spec}")


def grid(lay: Mapping[Cell, str] = {}) -> tuple[Placement, ...]:
    """Returns a full grid with `lay` honoured and every card used once."""
    laid: dict[Cell, Placement] = {}
    used: set[str] = set()
    for cell, spec in lay.items():
        laid[cell] = _find(spec, used)
        used.add(laid[cell].card)
    for colour, cell in zip(Colour, CENTRE, strict=True):
        card, face = COMPONENTS.centre_cards[colour]
        if cell not in laid and card not in used:
            laid[cell] = Placement(card, face, 0)
            used.add(card)
    rest = iter(c for c in sorted(COMPONENTS.cards) if c not in used)
    return tuple(laid.get(cell) or Placement(next(rest), Face.A, 0) for cell in CELLS)


def table(
    players: int = 4,
    *,
    lay: Mapping[Cell, str] = {},
    crews: Mapping[str, Cell] = {},
    stock: Mapping[str, int] = {},
    colours: Sequence[Sequence[str]] | None = None,
    ranium: Sequence[Cell] | None = None,
    loaders: Sequence[int] = (2, 9, 16),
    active: int = 0,
    ore: int = 4,
    points: Sequence[int] = (),
    piles: Sequence[Sequence[str]] | None = None,
    discards: Sequence[Sequence[str]] = (),
    options: Mapping[str, Any] | None = None,
    start_player: int = 0,
    round: int = 1,
    fight: Fight | None = None,
    free_action: int | None = None,
    respawn: Respawn | None = None,
) -> State:
    """Returns a table in play; unnamed parts get the defaults of a fresh game."""
    opts = RULES.parse_options(options)
    seats = colours or SEATS[players]
    owner = {LETTER[c]: seat for seat, cs in enumerate(seats) for c in cs}
    crew_list = tuple(
        Crew(
            colour=colour,
            cell=crews.get(letter, CENTRE[opts.centre.index(colour)]),
            base=CENTRE[opts.centre.index(colour)],
            stock=stock.get(letter, 0),
            owner=owner[colour],
        )
        for letter, colour in LETTER.items()
        if colour in owner
    )
    people = []
    for seat, cs in enumerate(seats):
        player = Player(colours=tuple(LETTER[c] for c in cs))
        given = piles is not None and seat < len(piles)
        pile = tuple(piles[seat]) if piles is not None and given else own_cards(player)
        discard = tuple(discards[seat]) if seat < len(discards) else ()
        people.append(
            dataclasses.replace(
                player,
                points=points[seat] if seat < len(points) else 0,
                pile=pile,
                discard=discard,
            )
        )
    return State(
        options=opts,
        players=tuple(people),
        grid=grid(lay),
        ranium=tuple(sorted(COMPONENTS.ranium_start if ranium is None else ranium)),
        loaders=tuple(loaders),
        crews=crew_list,
        phase=Phase.PLAY,
        start_player=start_player,
        active=active,
        ore=ore,
        round=round,
        fight=fight,
        free_action=free_action,
        respawn=respawn,
        data_set=RULES.data.id,
        content_hash=RULES.data.content_hash,
    )


def rng(seed: int = 0) -> Rng:
    """The RNG `play` uses for `seed`."""
    return scripted.seeded(seed)()


def play(state: State, seat: int, move: Move, seed: int = 0) -> tuple[State, list[ev.Event]]:
    """Parses, decides and folds `move`: returns `(new_state, events)`."""
    return scripted.play(RULES, state, [(seat, move)], scripted.seeded(seed))


def play_all(state: State, *moves: tuple[int, Move]) -> tuple[State, list[ev.Event]]:
    """Plays `(seat, move)` pairs in a row; returns the last state and all events."""
    return scripted.play(RULES, state, moves)


def refused(state: State, seat: int, move: Move) -> MoveError:
    """Returns the error `move` is rejected with; fails if it is accepted."""
    return scripted.refused(RULES, state, seat, move)


def of_type(events: Sequence[ev.Event], cls: type[T]) -> list[T]:
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, cls)]


def kinds(events: Sequence[ev.Event]) -> list[str]:
    """The wire types of `events`, in order."""
    return [e.TYPE for e in events]


def legal(state: State, seat: int) -> list[Move]:
    """The wire form of `seat`'s legal moves."""
    return [RULES.moves.encode(m) for m in RULES.legal_moves(state, seat)]


def crew(state: State, letter: str) -> Crew:
    """The crew of colour `letter`."""
    found = state.crew(LETTER[letter])
    assert found is not None
    return found


def at(cell: Cell) -> list[int]:
    """A cell in wire form."""
    return [cell[0], cell[1]]


def cell_of(wire: Any) -> Cell:
    """A cell from its wire form."""
    return (int(wire[0]), int(wire[1]))


E = TypeVar("E", bound=ev.Event)


def redacted(event: E, viewer: int | None) -> E:
    """`RULES.redact` for one event class."""
    out = RULES.redact(event, viewer)
    assert type(out) is type(event)
    return cast(E, out)
