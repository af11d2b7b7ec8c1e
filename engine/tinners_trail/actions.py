"""The actions of the action phase (rules/tinners_trail.md B §1.8–§1.9, Part A Q9, Q10).

Each action is checked for time first (a token in its final column must pass; no action may
move it beyond the final column), then for its own rule; its effect is emitted before the time it
costs. Steam pumps are used at once (Q9): the stack's tokens are spent in consecutive decisions
of the same seat (one `pump_water` each, `stop_pumping` to let the rest go), so nothing can
happen in between and the result is one list of (area, count) removals, recorded in
`PumpingEnded`. Ports, railways and miners may go into any eligible area, not only your own.
"""

from __future__ import annotations

from boardstate.engine.core.errors import MalformedMove
from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail import moves as mv
from boardstate.engine.tinners_trail.board import (
    COST,
    adit_drainage,
    capacity,
    check_time,
    mining_cost,
    railway_drainage,
    water_on_board,
)
from boardstate.engine.tinners_trail.cited import illegal
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.rounds import end_actions
from boardstate.engine.tinners_trail.state import State
from boardstate.engine.tinners_trail.turns import spend, unpassed


def mine_ore(out: Emitter, seat: int, move: mv.MineOre) -> None:
    """A2: up to capacity cubes, each costing the area's water; then +1 water."""
    state: State = out.state
    area = state.area(move.area)
    cubes = move.tin + move.copper
    if area.mine != seat:
        raise illegal("own_mine", f"you have no mine in area {move.area}")
    if cubes < 1:
        raise illegal("at_least_one_cube", "take at least one tin or copper cube")
    if move.tin > area.tin or move.copper > area.copper:
        raise illegal(
            "ore_in_area", f"area {move.area} holds {area.tin} tin and {area.copper} copper"
        )
    if cubes > capacity(area):
        raise illegal("capacity", f"the mine in area {move.area} can take {capacity(area)} cubes")
    cost = mining_cost(area, cubes)
    if cost > state.players[seat].money:
        raise illegal("mining_money", f"{cubes} cubes at {area.water} water cost £{cost}")
    out.emit(
        ev.OreMined(seat, move.area, move.tin, move.copper, cost, COMPONENTS.water_after_mining)
    )


def build_port(out: Emitter, seat: int, move: mv.BuildPort) -> None:
    """A3: a port into a coastal area without one."""
    state: State = out.state
    if state.display.ports <= 0:
        raise illegal("display", "no port is left on the display")
    if not COMPONENTS.area(move.area).coastal:
        raise illegal("coastal", f"area {move.area} does not border the sea")
    if state.area(move.area).port:
        raise illegal("one_port", f"area {move.area} already has a port")
    out.emit(ev.PortBuilt(seat, move.area))


def hire_miner(out: Emitter, seat: int, move: mv.HireMiner) -> None:
    """A4: a miner into any area (any number per area)."""
    if out.state.display.miners <= 0:
        raise illegal("display", "no miner is left on the display")
    out.emit(ev.MinerHired(seat, move.area))


def build_adit(out: Emitter, seat: int, move: mv.BuildAdit) -> None:
    """A5: an adit on a free border; 1 water from each side."""
    state: State = out.state
    a, b = move.areas
    if state.display.adits <= 0:
        raise illegal("display", "no adit is left on the display")
    if (a, b) not in COMPONENTS.borders:
        raise illegal("adit_border", f"areas {a} and {b} do not share a border")
    if (a, b) in state.adits:
        raise illegal("one_adit", f"the border {a}–{b} already has an adit")
    out.emit(ev.AditBuilt(seat, (a, b), adit_drainage(state, (a, b))))


def build_railway(out: Emitter, seat: int, move: mv.BuildRailway) -> None:
    """A6: a railway into an area without one; 2 water there, 1 in each neighbour."""
    state: State = out.state
    if state.display.railways <= 0:
        raise illegal("display", "no railway is left on the display")
    if state.area(move.area).railway:
        raise illegal("one_railway", f"area {move.area} already has a railway")
    out.emit(ev.RailwayBuilt(seat, move.area, railway_drainage(state, move.area)))


def take_pumps(out: Emitter, seat: int, move: mv.ImproveSteamPumps) -> None:
    """A7: take a stack (named by its size; equal stacks are interchangeable)."""
    pumps = out.state.display.pumps
    if move.stack not in pumps:
        raise illegal("pump_stack", f"no stack of {move.stack} pump tokens on the display")
    out.emit(ev.SteamPumpsTaken(seat, pumps.index(move.stack), move.stack))


def end_pumping_if_done(out: Emitter) -> None:
    """The stack is finished when its tokens are spent or no water is left anywhere."""
    pumping = out.state.pumping
    if pumping is not None and (pumping.tokens == 0 or not water_on_board(out.state)):
        out.emit(ev.PumpingEnded(pumping.seat, pumping.removed, pumping.tokens))


def pump(out: Emitter, seat: int, move: mv.PumpWater | mv.StopPumping) -> None:
    """One token removes one water cube; or the remaining tokens are let go."""
    pumping = out.state.pumping
    assert pumping is not None
    if isinstance(move, mv.StopPumping):
        out.emit(ev.PumpingEnded(seat, pumping.removed, pumping.tokens))
        return
    if out.state.area(move.area).water <= 0:
        raise illegal("pump_water", f"area {move.area} holds no water")
    out.emit(ev.WaterPumped(seat, move.area))
    end_pumping_if_done(out)


def pass_(out: Emitter, seat: int, rng: Rng) -> None:
    """A9: to the next free place of the Order of Play; the last pass ends the action phase."""
    out.emit(ev.Passed(seat, len(out.state.pass_order) + 1))
    if not unpassed(out.state):
        end_actions(out, rng)


def decide(out: Emitter, seat: int, move: mv.Move, rng: Rng) -> None:
    """Checks time and dispatches an action-phase move (auctions and arsenic live elsewhere)."""
    match move:
        case mv.Pass():
            pass_(out, seat, rng)
            return
        case mv.PumpWater() | mv.StopPumping():
            pump(out, seat, move)
            return
        case mv.BuildAdit(areas=(a, b)) if a >= b:
            raise MalformedMove(
                "an adit's border is written with the lower area id first", {"areas": [a, b]}
            )
    check_time(out.state, seat, move.TYPE)
    match move:
        case mv.MineOre():
            mine_ore(out, seat, move)
        case mv.BuildPort():
            build_port(out, seat, move)
        case mv.HireMiner():
            hire_miner(out, seat, move)
        case mv.BuildAdit():
            build_adit(out, seat, move)
        case mv.BuildRailway():
            build_railway(out, seat, move)
        case mv.ImproveSteamPumps():
            take_pumps(out, seat, move)
        case mv.SellPasties():
            out.emit(ev.PastiesSold(seat, COMPONENTS.pasty_income))
        case _:  # pragma: no cover - every action-phase move is routed above or elsewhere
            raise AssertionError(f"unrouted move {move!r}")
    spend(out, seat, COST[move.TYPE])
    end_pumping_if_done(out)
