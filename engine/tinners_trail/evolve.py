"""Tinners' Trail `evolve`: applies one event. Never raises for an event `decide` produced,
never draws randomness (architecture §3)."""

from __future__ import annotations

from collections.abc import Callable

from boardstate.engine.core.records import replace
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.options import InvestmentPass
from boardstate.engine.tinners_trail.state import (
    Area,
    Auction,
    CalcinerOffer,
    Cubes,
    Investing,
    Phase,
    Player,
    Pumping,
    State,
)


def _player(state: State, seat: int, change: Callable[[Player], Player]) -> State:
    players = tuple(change(p) if i == seat else p for i, p in enumerate(state.players))
    return replace(state, players=players)


def _area(state: State, area_id: int, change: Callable[[Area], Area]) -> State:
    areas = tuple(change(a) if i == area_id - 1 else a for i, a in enumerate(state.areas))
    return replace(state, areas=areas)


def _add(state: State, area_id: int, cubes: Cubes) -> State:
    """Cubes move between the supply and an area (negative counts go back to the supply)."""
    state = _area(state, area_id, lambda a: a.plus(cubes))
    return replace(state, supply_out=state.supply_out.plus(cubes))


def _drain(state: State, removals: ev.Removals) -> State:
    for area_id, count in removals:
        state = _add(state, area_id, Cubes(water=-count))
    return state


def _display(state: State, **changes: int) -> State:
    display = state.display
    fields = {k: getattr(display, k) - v for k, v in changes.items()}
    return replace(state, display=replace(display, **fields))


def _actions(state: State, event: ev.Event) -> State | None:
    """The action phase's events; `None` for other events."""
    match event:
        case ev.TimeSpent(seat=seat, column=column, row=row):
            return _player(state, seat, lambda p: replace(p, column=column, row=row))
        case ev.AuctionOpened(seat=seat, area=area):
            return replace(state, auction=Auction(area=area, opener=seat))
        case ev.BidMade(seat=seat, amount=amount):
            assert state.auction is not None
            auction = replace(state.auction, bid=amount, leader=seat, last=seat)
            return replace(state, auction=auction)
        case ev.BidPassed(seat=seat):
            assert state.auction is not None
            auction = replace(state.auction, out=(*state.auction.out, seat), last=seat)
            return replace(state, auction=auction)
        case ev.AuctionWon(seat=seat, area=area, price=price):
            offer = state.options.arsenic and state.players[seat].calciner is None
            state = replace(
                state, auction=None, calciner_offer=CalcinerOffer(seat, area) if offer else None
            )
            state = _area(state, area, lambda a: replace(a, mine=seat))
            return _player(
                state,
                seat,
                lambda p: replace(p, money=p.money - price, mines_left=p.mines_left - 1),
            )
        case ev.CalcinerBuilt(seat=seat, area=area, arsenic=arsenic):
            state = replace(state, calciner_offer=None)
            state = _area(state, area, lambda a: replace(a, calciner=seat))
            state = _player(state, seat, lambda p: replace(p, calciner=area))
            for area_id, count in arsenic:
                state = _add(state, area_id, Cubes(arsenic=count))
            return state
        case ev.CalcinerSkipped():
            return replace(state, calciner_offer=None)
        case ev.OreMined(
            seat=seat, area=area, tin=tin, copper=copper, cost=cost, water_added=added
        ):
            state = _area(
                state,
                area,
                lambda a: replace(a, tin=a.tin - tin, copper=a.copper - copper),
            )
            state = _add(state, area, Cubes(water=added))
            return _player(
                state,
                seat,
                lambda p: replace(
                    p, tin=p.tin + tin, copper=p.copper + copper, money=p.money - cost
                ),
            )
        case ev.PortBuilt(area=area):
            state = _display(state, ports=1)
            return _area(state, area, lambda a: replace(a, port=True))
        case ev.MinerHired(area=area):
            state = _display(state, miners=1)
            return _area(state, area, lambda a: replace(a, miners=a.miners + 1))
        case ev.AditBuilt(areas=areas, water_removed=removed):
            state = _display(state, adits=1)
            state = replace(state, adits=tuple(sorted((*state.adits, areas))))
            return _drain(state, removed)
        case ev.RailwayBuilt(area=area, water_removed=removed):
            state = _display(state, railways=1)
            state = _area(state, area, lambda a: replace(a, railway=True))
            return _drain(state, removed)
        case ev.SteamPumpsTaken(seat=seat, space=space, tokens=tokens):
            pumps = tuple(0 if i == space else n for i, n in enumerate(state.display.pumps))
            display = replace(state.display, pumps=pumps)
            return replace(state, display=display, pumping=Pumping(seat, tokens))
        case ev.WaterPumped(area=area):
            assert state.pumping is not None
            counts = dict(state.pumping.removed)
            counts[area] = counts.get(area, 0) + 1
            pumping = replace(
                state.pumping,
                tokens=state.pumping.tokens - 1,
                removed=tuple(sorted(counts.items())),
            )
            return _add(replace(state, pumping=pumping), area, Cubes(water=-1))
        case ev.PumpingEnded():
            return replace(state, pumping=None)
        case ev.PastiesSold(seat=seat, income=income):
            return _player(state, seat, lambda p: replace(p, money=p.money + income))
        case ev.Passed(seat=seat):
            state = replace(state, pass_order=(*state.pass_order, seat))
            return _player(state, seat, lambda p: replace(p, passed=True))
        case ev.ArsenicProcessed(seat=seat, area=area, limiter=limiter):
            state = _area(state, area, lambda a: replace(a, arsenic=a.arsenic - 1))
            return _player(
                state,
                seat,
                lambda p: replace(p, arsenic=p.arsenic + 1, limiter=limiter),
            )
        case ev.ArsenicSold(seat=seat, spaces=spaces, income=income):
            market = tuple(n + spaces.count(i) for i, n in enumerate(state.market))
            state = replace(state, market=market)
            return _player(state, seat, lambda p: replace(p, arsenic=0, money=p.money + income))
    return None


def _round(state: State, event: ev.Event) -> State:
    """Set-up and the phases around the action phase."""
    match event:
        case ev.GameSetUp(data_set=data_set, content_hash=content_hash, order=order, money=money):
            players = tuple(replace(p, money=money) for p in state.players)
            return replace(
                state, players=players, order=order, data_set=data_set, content_hash=content_hash
            )
        case ev.AreaSeeded(area=area, dice=(water, copper, tin)):
            cubes = Cubes(
                water=water, tin=tin + event.printed_tin, copper=copper + event.printed_copper
            )
            state = _add(state, area, cubes)
            state = _area(state, area, lambda a: replace(a, seeded=True))
            if event.reason is ev.SeedReason.OPENED:
                state = replace(state, openers=state.openers[1:], opening_dice=None)
            return state
        case ev.RoundStarted(round=number, order=order):
            players = tuple(replace(p, column=0, row=0, passed=False) for p in state.players)
            return replace(
                state,
                round=number,
                order=order,
                pass_order=(),
                players=players,
                phase=Phase.ACTIONS,
            )
        case ev.PriceSet(metal="tin", row=row):
            return replace(state, tin_row=row)
        case ev.PriceSet(row=row):
            return replace(state, copper_row=row)
        case ev.DisplayRefreshed(placed=placed):
            return replace(state, display=placed)
        case ev.ActionPhaseEnded(order=order):
            return replace(state, order=order)
        case ev.OreSold(seat=seat, tin=tin, copper=copper, income=income):
            state = replace(
                state, supply_out=state.supply_out.plus(Cubes(tin=-tin, copper=-copper))
            )
            return _player(
                state,
                seat,
                lambda p: replace(
                    p, tin=p.tin - tin, copper=p.copper - copper, money=p.money + income
                ),
            )
        case ev.InvestmentsStarted():
            return replace(state, phase=Phase.INVESTMENTS, investing=Investing())
        case ev.Invested(seat=seat, round=number, column=column, cost=cost):
            rows = [list(row) for row in state.investments]
            rows[number - 1][column - 1] = (*rows[number - 1][column - 1], seat)
            assert state.investing is not None
            turn = state.order.index(seat) + 1
            investing = replace(state.investing, turn=turn, passes=0)
            state = replace(state, investments=tuple(tuple(r) for r in rows), investing=investing)
            return _player(
                state,
                seat,
                lambda p: replace(p, money=p.money - cost, cubes_left=p.cubes_left - 1),
            )
        case ev.InvestmentPassed(seat=seat):
            inv = state.investing
            assert inv is not None
            final = state.options.investment_pass is InvestmentPass.FINAL
            investing = Investing(
                turn=state.order.index(seat) + 1,
                passes=inv.passes + 1,
                out=(*inv.out, seat) if final else inv.out,
            )
            return replace(state, investing=investing)
        case ev.InvestmentsEnded():
            return replace(state, investing=None)
        case ev.OpeningStarted(seats=seats):
            return replace(state, phase=Phase.OPENING, openers=seats)
        case ev.OpeningDiceRolled(dice=dice):
            return replace(state, opening_dice=dice)
        case ev.RoundEnded():
            display = replace(state.display, pumps=())
            return replace(state, display=display, openers=())
        case ev.GameOver(winners=winners, order=order):
            return replace(state, phase=Phase.OVER, winners=winners, order=order)
    return state


def evolve(state: State, event: ev.Event) -> State:
    """Returns the state after `event`."""
    after = _actions(state, event)
    return _round(state, event) if after is None else after
