"""Tinners' Trail's moves and events in words (`engine.core.describe`): areas by the map's
names, money in pounds, the developments display and water or arsenic cubes counted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.engine.core.describe import Namer, Words, listing, plural, scores, seats
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.words_de import WORTE


def area(number: int) -> str:
    """An area by the name the map prints (its number only if the data has no such area)."""
    if 1 <= number <= len(COMPONENTS.areas):
        return COMPONENTS.area(number).name
    return f"area {number}"


def pounds(amount: int) -> str:
    return f"£{amount}"


def cubes(removals: Sequence[tuple[int, int]], what: str) -> str:
    """(area, count) pairs: "1 water cube from St Just and 2 from Camborne"."""
    if not removals:
        return f"no {what}"
    parts = [f"{count} from {area(where)}" for where, count in removals]
    total = sum(count for _, count in removals)
    return f"{plural(total, what + ' cube')} ({listing(parts)})"


def display(shown: Any) -> str:
    """The developments on the display: "1 port, 2 miners and a steam-pump stack of 3"."""
    parts = [
        plural(count, noun)
        for count, noun in (
            (shown.ports, "port"),
            (shown.miners, "miner"),
            (shown.adits, "adit"),
            (shown.railways, "railway"),
        )
        if count
    ]
    parts += [f"a steam-pump stack of {tokens}" for tokens in shown.pumps if tokens]
    return listing(parts)


def _investment(column: int) -> str:
    costs = COMPONENTS.investment_costs
    return f"the {pounds(costs[column - 1])} investment" if 1 <= column <= len(costs) else "it"


def _open_area(move: Any, n: Namer) -> str:
    rolled = f", rolling {listing([str(d) for d in move.dice])}" if move.dice else ""
    return f"open {n['area']} for seeding{rolled}"


def _ore(item: Any) -> str:
    return f"{item.tin} tin and {item.copper} copper"


def _mine(item: Any, n: Namer) -> str:
    ore = _ore(item)
    who = f"{n['seat']} mines" if hasattr(item, "seat") else "mine"
    return f"{who} {ore} in {n['area']}"


def _scores(event: Any, _: Namer) -> str:
    return f"game over: {scores(event.scores)}; {seats(event.winners)} won"


OPTIONS = {
    "arsenic": (
        "Arsenic module",
        "Play with the Arsenic module of the 2021 edition: calciners, arsenic cubes and their "
        "sale.",
    ),
    "track_ties": (
        "Time track ties",
        "Where a token lands on a time-track space already taken: the topmost free row, or on top "
        "of the others (it acts first).",
    ),
    "price_adjustments": (
        "Price adjustments",
        "In rounds 1 and 4, whether the round's price adjustment adds to the top/bottom adjustment"
        " or replaces it.",
    ),
    "investment_pass": (
        "Passing in investments",
        "Whether a pass in the investment phase lets a player invest again later in the circuit, "
        "or is final.",
    ),
}
"""Each `createGame` option's title and description (`Words.options`)."""


WORDS = Words(
    options=OPTIONS,
    names={
        "area": area,
        "areas": lambda ns: listing([area(n) for n in ns]),
        "amount": pounds,
        "price": pounds,
        "income": pounds,
        "cost": pounds,
        "money": pounds,
        "order": seats,
        "seats": seats,
        "removed": display,
        "placed": display,
        "water_removed": lambda r: cubes(r, "water"),
        "removals": lambda r: cubes(r, "water"),
        "arsenic": lambda r: cubes(r, "arsenic"),
        "dice": lambda d: listing([str(x) for x in d]),
    },
    phrases={
        "build_mine": "build a mine in {area} (auction it)",
        "bid": "bid {amount}",
        "pass_bid": "pass in the auction",
        "build_calciner": "build a calciner at the new mine",
        "skip_calciner": "build no calciner",
        "mine_ore": _mine,
        "build_port": "build a port in {area}",
        "hire_miner": "hire a miner in {area}",
        "build_adit": "build an adit between {areas}",
        "build_railway": "build a railway in {area}",
        "improve_steam_pumps": "take the steam-pump stack of {stack}",
        "pump_water": "pump water out of {area}",
        "stop_pumping": "stop pumping",
        "sell_pasties": "sell pasties",
        "pass": "pass for the rest of the round",
        "process_arsenic": "process arsenic at {area}",
        "sell_arsenic": "sell arsenic",
        "invest": lambda m, _: f"make {_investment(m.column)}",
        "pass_investment": "invest no more this round",
        "open_area": _open_area,
        "GameSetUp": "the game is set up: order of play {order}, {money} each",
        "AreaSeeded": lambda e, n: (
            f"{n['area']} is seeded with {plural(e.printed_tin, 'tin', 'tin')} and "
            f"{plural(e.printed_copper, 'copper', 'copper')} (dice {n['dice']})"
        ),
        "RoundStarted": "round {round} starts; order of play {order}",
        "PriceSet": "the {metal} price is {price} (dice {dice})",
        "DisplayRefreshed": "the developments display shows {placed} (removed: {removed})",
        "ActionPhaseEnded": "the actions are over; the new order of play is {order}",
        "OreSold": lambda e, n: f"{n['seat']} sells {_ore(e)} for {n['income']}",
        "InvestmentsStarted": "investments of round {round} start",
        "Invested": "{seat} invests {cost} for {vp} points",
        "InvestmentPassed": lambda e, n: (
            f"{n['seat']} invests no more" + (" (no money left)" if e.automatic else "")
        ),
        "InvestmentsEnded": "the investments are over",
        "OpeningStarted": "{seats} open new areas",
        "OpeningDiceRolled": "{seat} rolls {dice}",
        "RoundEnded": "round {round} ends",
        "GameOver": _scores,
        "TimeSpent": lambda e, n: f"{n['seat']} spends {plural(e.steps, 'time point')}",
        "AuctionOpened": "{seat} puts a mine in {area} up for auction",
        "BidMade": "{seat} bids {amount}",
        "BidPassed": "{seat} passes in the auction",
        "AuctionWon": "{seat} wins the mine in {area} for {price}",
        "CalcinerBuilt": "{seat} builds a calciner in {area}, adding {arsenic}",
        "CalcinerSkipped": "{seat} builds no calciner",
        "OreMined": _mine,
        "PortBuilt": "{seat} builds a port in {area}",
        "MinerHired": "{seat} hires a miner in {area}",
        "AditBuilt": "{seat} builds an adit between {areas}, removing {water_removed}",
        "RailwayBuilt": "{seat} builds a railway in {area}, removing {water_removed}",
        "SteamPumpsTaken": "{seat} takes a steam-pump stack of {tokens}",
        "WaterPumped": "{seat} pumps water out of {area}",
        "PumpingEnded": "{seat} stops pumping, having removed {removals}",
        "PastiesSold": "{seat} sells pasties for {income}",
        "Passed": "{seat} passes (place {place} in the new order)",
        "ArsenicProcessed": "{seat} processes arsenic at {area}",
        "ArsenicSold": "{seat} sells arsenic for {income}",
    },
    translations={"de": WORTE},
)
