"""TF22 Mine actions on cards, crews and loaders (rules/mine.md Part B §2.6 items 1–6 and 8,
§2.9 transporter trap and secret tunnel). Each handler validates, then emits its facts; ore is
paid by the caller (`decide`), since the defender's free action costs none.
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.mine import board
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine.cited import check_cell, check_loader, illegal
from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.geometry import Cell, Pose, direction_to, flip_long, flip_short, rotate
from boardstate.engine.mine.state import Crew, State

_TURNS = {
    ev.Manipulation.ROTATE: rotate,
    ev.Manipulation.FLIP_LONG: flip_long,
    ev.Manipulation.FLIP_SHORT: flip_short,
}


def own_crew(state: State, seat: int, colour: Colour) -> Crew:
    """§2.5 item 3: returns `seat`'s crew of `colour`; refuses anyone else's."""
    crew = state.crew(colour)
    if crew is None or crew.owner != seat:
        raise illegal("own_crew", f"you do not play the {colour.value} crew", crew=colour.value)
    return crew


def turn_card(out: Emitter, seat: int, cell: Cell, manipulation: ev.Manipulation) -> None:
    """§2.6 items 1–3: rotate or flip any card; every piece stays on the cell (seed)."""
    check_cell(cell)
    placement = out.state.placement(cell)
    pose: Pose = (placement.face, placement.rot)
    face, rot = _TURNS[manipulation](pose)
    out.emit(ev.CardTurned(seat, cell, manipulation, face, rot))


def move_crew(out: Emitter, seat: int, move: mv.MoveCrew) -> None:
    """§2.6 item 4: to any other cell of the crew's tunnel network; nothing blocks."""
    check_cell(move.to)
    crew = own_crew(out.state, seat, move.crew)
    if move.to == crew.cell:
        raise illegal("move_somewhere", "the crew is already there")
    if not board.in_network(out.state, crew.cell, move.to):
        raise illegal("move_network", f"{list(move.to)} is not in the crew's tunnel network")
    out.emit(ev.CrewMoved(crew.colour, move.to, ev.Reason.MOVE))


def change_type(out: Emitter, seat: int, move: mv.ChangeType) -> None:
    """§2.6 item 5, Q4: one step onto an adjacent card of another tunnel type."""
    check_cell(move.to)
    crew = own_crew(out.state, seat, move.crew)
    if move.to not in board.change_type_targets(out.state, crew):
        here, there = board.tile_at(out.state, crew.cell), board.tile_at(out.state, move.to)
        adjacent = direction_to(crew.cell, move.to) is not None
        if adjacent and here.colour is not there.colour:
            raise illegal("change_type_openings", "the openings of the two cards do not meet")
        raise illegal("change_type", f"{list(move.to)} is not an adjacent card of another type")
    out.emit(ev.CrewMoved(crew.colour, move.to, ev.Reason.CHANGE_TYPE))


def collect(out: Emitter, seat: int, move: mv.Collect) -> None:
    """§2.6 item 6, Q16: take the Ranium lying on the crew's card."""
    crew = own_crew(out.state, seat, move.crew)
    if not board.has_ranium(out.state, crew.cell):
        raise illegal("collect", "no Ranium lies on the crew's card")
    out.emit(ev.RaniumCollected(crew.colour, crew.cell))


def move_loader(out: Emitter, move: mv.MoveLoader) -> None:
    """§2.6 item 8: one track position forward or back, unless another loader is there."""
    check_loader(move.loader)
    step = 1 if move.way is mv.Way.FORWARD else -1
    target = board.loader_target(out.state, move.loader, step)
    if target is None:
        raise illegal("loader_blocked", f"another loader blocks loader {move.loader}")
    out.emit(ev.LoaderMoved(move.loader, target))


def transporter_trap(out: Emitter, seat: int, move: mv.TransporterTrap) -> None:
    """§2.9, Q11: every opposing crew on the card goes to one other card of its current type;
    base camps and Ranium stay, crews keep what they carry."""
    check_cell(move.to)
    crew = own_crew(out.state, seat, move.crew)
    victims = board.opponents_at(out.state, crew)
    if not victims:
        raise illegal("trap_target", "no opposing crew stands on the crew's card")
    if move.to not in board.same_type_cells(out.state, crew.cell):
        raise illegal("trap_type", f"{list(move.to)} is not another card of this card's type")
    for victim in victims:
        out.emit(ev.CrewMoved(victim.colour, move.to, ev.Reason.TRANSPORTER_TRAP))


def secret_tunnel(out: Emitter, seat: int, move: mv.SecretTunnel) -> None:
    """§2.9: to any other card of the same current type that holds no Ranium."""
    check_cell(move.to)
    crew = own_crew(out.state, seat, move.crew)
    if move.to not in board.same_type_cells(out.state, crew.cell):
        raise illegal("tunnel_type", f"{list(move.to)} is not another card of the same type")
    if board.has_ranium(out.state, move.to):
        raise illegal("tunnel_ranium", f"a Ranium lies on {list(move.to)}")
    out.emit(ev.CrewMoved(crew.colour, move.to, ev.Reason.SECRET_TUNNEL))
