"""TF22 Mine `legal_moves`: every move the seat may submit now, each exactly once and accepted
verbatim by `decide` (targets come from `board`, which `decide` checks against too).

Both orders of a set-up swap are listed (`decide` accepts either). An action that cannot be
completed is not listed (Part A), nor one costing more ore than is left.
"""

from __future__ import annotations

from boardstate.engine.core.cards import unique
from boardstate.engine.mine import board
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine.components import COMPONENTS
from boardstate.engine.mine.geometry import CELLS, RING_CELLS
from boardstate.engine.mine.options import SymbolMode
from boardstate.engine.mine.setup import free_colours
from boardstate.engine.mine.state import Crew, State
from boardstate.engine.mine.turns import Owed, owed, to_act

_CARD_MOVES: tuple[mv.Action, ...] = tuple(
    move for cell in CELLS for move in (mv.Rotate(cell), mv.FlipLong(cell), mv.FlipShort(cell))
)
_SWAPS: tuple[mv.Move, ...] = (
    *(mv.SwapCards(a, b) for a in RING_CELLS for b in RING_CELLS if a != b),
    mv.SwapCards(),
)


def _loader_moves(state: State) -> list[mv.Action]:
    return [
        mv.MoveLoader(loader, way)
        for loader in range(len(state.loaders))
        for way, step in ((mv.Way.FORWARD, 1), (mv.Way.BACK, -1))
        if board.loader_target(state, loader, step) is not None
    ]


def _deliveries(state: State, crew: Crew) -> list[mv.Action]:
    if crew.stock < 1:
        return []
    top = min(crew.stock, COMPONENTS.units_per_delivery)
    return [
        mv.Deliver(crew.colour, loader, units)
        for loader in range(len(state.loaders))
        if board.loader_reachable(state, crew, loader)
        and (not state.options.loader_needs_opening or board.loader_opens(state, loader))
        for units in range(1, top + 1)
    ]


def crew_actions(state: State, crew: Crew, ore: int, steal: bool) -> list[mv.Action]:
    """The crew's actions costing at most `ore` (steals only when `steal`)."""
    colour = crew.colour
    out: list[mv.Action] = [mv.MoveCrew(colour, to) for to in board.move_targets(state, crew)]
    out += [mv.ChangeType(colour, to) for to in board.change_type_targets(state, crew)]
    if board.has_ranium(state, crew.cell):
        out.append(mv.Collect(colour))
    opponents = board.opponents_at(state, crew)
    if steal:
        out += [mv.Steal(colour, o.colour) for o in opponents if o.stock > 0]
    out += _deliveries(state, crew)
    if ore >= COMPONENTS.ore_costs[mv.TransporterTrap.TYPE] and opponents:
        targets = board.same_type_cells(state, crew.cell)
        out += [mv.TransporterTrap(colour, to) for to in targets]
    if ore >= COMPONENTS.ore_costs[mv.SecretTunnel.TYPE]:
        out += [mv.SecretTunnel(colour, to) for to in board.tunnel_targets(state, crew)]
    return out


def actions(state: State, seat: int, ore: int, steal: bool = True) -> list[mv.Action]:
    """Every action `seat` can complete with `ore` ore (1 at least)."""
    out: list[mv.Action] = list(_CARD_MOVES)
    for crew in state.crews_of(seat):
        out += crew_actions(state, crew, ore, steal)
    return out + _loader_moves(state)


def _placements(state: State, seat: int) -> list[mv.Move]:
    respawn = state.respawn
    assert respawn is not None
    if state.options.symbol_cards is not SymbolMode.STRATEGIC:
        assert respawn.card is not None
        cells, _ = board.respawn_cells(state, COMPONENTS.card_symbol(respawn.card))
        return [mv.PlaceRanium(cell) for cell in cells]
    out: list[mv.Move] = []
    for card in sorted(unique(state.players[seat].pile)):
        cells, _ = board.respawn_cells(state, COMPONENTS.card_symbol(card))
        out += [mv.PlaceRanium(cell, card) for cell in cells]
    return out


def legal_moves(state: State, seat: int) -> list[mv.Move]:
    """Returns the moves `seat` may submit now; empty when it owes no decision."""
    if seat not in to_act(state):
        return []
    match owed(state):
        case Owed.SWAPS:
            return list(_SWAPS)
        case Owed.COLOURS:
            return [mv.ChooseColour(colour) for colour in free_colours(state)]
        case Owed.COMMIT:
            return [mv.CommitSymbolCard(c) for c in sorted(unique(state.players[seat].pile))]
        case Owed.FREE_ACTION:
            found = actions(state, seat, ore=1, steal=False)
            return [mv.free(a) for a in found if isinstance(a, mv.FREE_KINDS)]
        case Owed.RESPAWN:
            return _placements(state, seat)
    moves: list[mv.Move] = list(actions(state, seat, state.ore))
    if state.options.allow_forfeit_ore:
        moves.append(mv.ForfeitOre())
    return moves
