"""TF22 Mine set-up (rules/mine.md Part B §2.4, §2.11; Part A).

1. The centre: each colour's crossing card, crossing up, rot 0, on the cell the `centre`
   option gives it; base camp and crew on it (no white with 3 players).
2. The 32 other cards are shuffled and dealt into the inner ring, then the outer ring, in
   index order; each card's face and rot are drawn at random (RECON).
3. Ranium on the four inner-ring corners; loaders at the `loaders` positions.
4. A random start player, who may swap up to `setup_swaps` pairs of ring cards (faces and rots
   kept, Ranium stays on its cell) with `swap_cards`, or stop with an empty `swap_cards`.
5. Colour choice counter-clockwise from the start player's right-hand neighbour; the start
   player is left the last colour. With 2 players the picks alternate (other, start, other,
   start), each seat playing two colours.
6. Standard mode: every seat's symbol cards form a shuffled face-down pile. The start player's
   first turn begins.
"""

from __future__ import annotations

from boardstate.engine.core.errors import MalformedMove
from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine import setup_events as sev
from boardstate.engine.mine.cited import check_cell, illegal
from boardstate.engine.mine.components import COMPONENTS, DATA, Colour
from boardstate.engine.mine.geometry import CELLS, CENTRE, RING_CELLS, Cell, Face
from boardstate.engine.mine.options import Options, SymbolMode
from boardstate.engine.mine.state import Placement, Player, State


def colours_in_play(players: int) -> tuple[Colour, ...]:
    """§2.11: all four colours, except white with 3 players."""
    if players == 3:
        return tuple(c for c in Colour if c is not Colour.WHITE)
    return tuple(Colour)


def base_cell(options: Options, colour: Colour) -> Cell:
    """Returns the centre cell of `colour`'s crossing and base camp (option `centre`, Q13)."""
    return CENTRE[options.centre.index(colour)]


def new_state(players: int, options: Options) -> State:
    """Returns the empty table."""
    return State(options=options, players=tuple(Player() for _ in range(players)))


def opening(out: Emitter, rng: Rng) -> None:
    """§2.4 items 1–6: the mine, the pieces and the start player."""
    state: State = out.state
    options = state.options
    laid: dict[Cell, Placement] = {}
    for colour in Colour:
        card, face = COMPONENTS.centre_cards[colour]
        laid[base_cell(options, colour)] = Placement(card, face, 0)
    for cell, card in zip(RING_CELLS, rng.shuffle(COMPONENTS.ring_cards), strict=True):
        face = Face.A if rng.below(2) == 0 else Face.B
        laid[cell] = Placement(card, face, 180 * rng.below(2))
    crews = tuple(
        sev.CrewPlaced(colour, base_cell(options, colour))
        for colour in colours_in_play(len(state.players))
    )
    out.emit(
        sev.MineLaidOut(
            data_set=DATA.id,
            content_hash=DATA.content_hash,
            grid=tuple(laid[cell] for cell in CELLS),
            crews=crews,
            ranium=COMPONENTS.ranium_start,
            loaders=options.loaders,
        )
    )
    out.emit(sev.StartPlayerChosen(seat=rng.below(len(state.players))))
    if options.setup_swaps == 0:
        _begin_colours(out)


def _begin_colours(out: Emitter) -> None:
    state: State = out.state
    players = len(state.players)
    picks = len(colours_in_play(players))
    order = tuple((state.start_player - 1 - i) % players for i in range(picks))
    out.emit(sev.ColourChoiceStarted(order=order))


def swap(out: Emitter, seat: int, move: mv.SwapCards) -> None:
    """§2.4 item 7: one swap of two ring cards, or stop swapping."""
    if move.a is None and move.b is None:
        _begin_colours(out)
        return
    if move.a is None or move.b is None:
        raise MalformedMove("swap_cards names two cells, or neither to stop swapping")
    check_cell(move.a)
    check_cell(move.b)
    if move.a not in RING_CELLS or move.b not in RING_CELLS or move.a == move.b:
        raise illegal("swap_ring_cards", f"cannot swap {list(move.a)} with {list(move.b)}")
    out.emit(sev.CardsSwapped(seat=seat, a=move.a, b=move.b))
    if out.state.swaps_done >= out.state.options.setup_swaps:
        _begin_colours(out)


def free_colours(state: State) -> tuple[Colour, ...]:
    """Colours in play nobody has chosen yet."""
    return tuple(c.colour for c in state.crews if c.owner is None)


def choose(out: Emitter, seat: int, move: mv.ChooseColour, rng: Rng) -> None:
    """§2.4 item 8: take a free colour; the last colour goes to the start player unasked."""
    if move.colour not in free_colours(out.state):
        raise illegal("colour_free", f"{move.colour.value} is not free", colour=move.colour.value)
    out.emit(sev.ColourChosen(seat=seat, colour=move.colour))
    state: State = out.state
    if len(state.pickers) == 1:
        out.emit(sev.ColourChosen(seat=state.pickers[0], colour=free_colours(state)[0]))
        state = out.state
    if state.pickers:
        return
    if state.options.symbol_cards is SymbolMode.STANDARD:
        # §2.4 item 9: each pile shuffled face down; nobody knows the order (Part A).
        out.emit(sev.SymbolPilesShuffled(piles=tuple(rng.shuffle(p.pile) for p in state.players)))
    out.emit(sev.TurnStarted(seat=state.start_player, round=1))
