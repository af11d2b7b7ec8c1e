"""Tinners' Trail components (rules/tinners_trail.md Part A A.2–A.4), from the validated data file.

The map (19 areas, 34 borders, A.3) is loaded by `geography`. Dice faces,
the two price tables (row 0 is the bottom row, the last row the top row), the developments
schedule, the investment grid and the arsenic market are tables of the data set (A.4). Every
value is checked here for internal consistency; inconsistent data raises `DataFileError`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from boardstate.engine.core.data import DataFileError, DataSet, load_data_set
from boardstate.engine.tinners_trail.geography import AreaInfo, load_map

METALS = ("tin", "copper")
DIE_KINDS = ("water", "copper", "tin")
"""The three special dice, in the order their faces are written in events."""


@dataclasses.dataclass(frozen=True, slots=True)
class Schedule:
    """Developments placed at the start of one round (A.4)."""

    ports: int
    miners: int
    adits: int
    railways: int
    pump_spaces: int
    """Pump spaces 1..pump_spaces are filled, left to right."""


@dataclasses.dataclass(frozen=True)
class Components:
    """The typed view of the data set."""

    data: DataSet
    players: tuple[int, int]
    variant_players: tuple[int, ...]
    rounds: int
    start_money: int
    time_points: int
    mines_per_player: int
    cubes_per_player: int
    piece_counts: Mapping[str, int]
    costs: Mapping[str, int]
    pasty_income: int
    minimum_bid: int
    base_capacity: int
    railway_bonus: int
    port_bonus: int
    miner_bonus: int
    water_after_mining: int
    adit_water: int
    railway_water: int
    railway_neighbour_water: int
    new_areas_per_round: int
    round_adjust: Mapping[int, int]
    top_adjust: int
    bottom_adjust: int
    areas: tuple[AreaInfo, ...]
    borders: tuple[tuple[int, int], ...]
    dice: Mapping[str, tuple[int, ...]]
    prices: Mapping[str, tuple[int, ...]]
    schedule: tuple[Schedule, ...]
    pump_stacks: tuple[int, ...]
    investment_costs: tuple[int, ...]
    investment_vp: tuple[tuple[int, ...], ...]
    space_capacity: int
    market_sections: tuple[tuple[int, ...], ...]
    unlimited_value: int
    calciner_area: int
    calciner_neighbours: int

    @property
    def area_ids(self) -> tuple[int, ...]:
        """Every area id, ascending."""
        return tuple(a.id for a in self.areas)

    def area(self, area_id: int) -> AreaInfo:
        """Returns the area with `area_id` (ids are 1-based and dense)."""
        return self.areas[area_id - 1]

    @property
    def top_row(self) -> int:
        """The top row of the price tables (the highest dice total)."""
        return len(self.prices["tin"]) - 1

    @property
    def market_spaces(self) -> tuple[tuple[int, int], ...]:
        """Every arsenic market space as (section index, value), best first; the last: unlimited."""
        return tuple((i, v) for i, section in enumerate(self.market_sections) for v in section)


def _fail(data: DataSet, message: str) -> DataFileError:
    return DataFileError(f"{data.id}: {message}")


def _ints(data: DataSet, name: str, value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value
    ):
        raise _fail(data, f"{name} must be a list of non-negative integers")
    return tuple(value)


def _check_tables(data: DataSet, c: Components) -> None:
    if sorted(c.dice) != sorted(DIE_KINDS) or any(len(f) != 6 for f in c.dice.values()):
        raise _fail(data, "dice must give six faces for each of water, copper and tin")
    rows = sum(max(f) for f in c.dice.values()) + 1
    for metal in METALS:
        table = c.prices[metal]
        if len(table) != rows or list(table) != sorted(table):
            raise _fail(data, f"{metal}_prices needs {rows} rows (one per dice total), rising")
    if [s["round"] for s in data["developments"]] != list(range(1, c.rounds + 1)):
        raise _fail(data, "developments need one entry per round, in order")
    for kind in ("ports", "miners", "adits", "railways"):
        if sum(getattr(s, kind) for s in c.schedule) > c.piece_counts[kind]:
            raise _fail(data, f"the schedule places more {kind} than the game has")
    if any(s.pump_spaces > len(c.pump_stacks) for s in c.schedule):
        raise _fail(data, "the schedule fills more pump spaces than exist")
    if sum(c.pump_stacks) > c.piece_counts["steam_pumps"] or 0 in c.pump_stacks:
        raise _fail(data, "pump stacks must be non-empty and use at most the pump tokens")
    if len(c.investment_vp) != c.rounds or any(
        len(row) != len(c.investment_costs) for row in c.investment_vp
    ):
        raise _fail(data, "investment_vp needs one row per round and one value per cost column")
    if not c.market_sections or c.market_sections[-1][-1] != c.unlimited_value:
        raise _fail(data, "the last arsenic market space must be the unlimited one")
    values = [v for _, v in c.market_spaces]
    if values != sorted(values, reverse=True) or len(c.market_sections) != c.rounds:
        raise _fail(data, "arsenic market: one section per round, values falling")
    if sorted(c.costs) != sorted(ACTIONS):
        raise _fail(data, f"action_costs must list exactly {sorted(ACTIONS)}")


ACTIONS = (
    "build_mine",
    "mine_ore",
    "build_port",
    "hire_miner",
    "build_adit",
    "build_railway",
    "improve_steam_pumps",
    "sell_pasties",
    "pass",
    "process_arsenic",
    "sell_arsenic",
)


def load_components(data: DataSet) -> Components:
    """Builds and checks the components; raises `DataFileError` on inconsistent data."""
    try:
        areas, borders = load_map(data)
        mining, drainage, adjust = data["mining"], data["drainage"], data["price_adjustments"]
        market = data["arsenic_market"]
        players = _ints(data, "players", data["players"])
        components = Components(
            data=data,
            players=(players[0], players[-1]),
            variant_players=_ints(data, "variant_players", data["variant_players"]),
            rounds=int(data["rounds"]),
            start_money=int(data["start_money"]),
            time_points=int(data["time_points"]),
            mines_per_player=int(data["mines_per_player"]),
            cubes_per_player=int(data["investment_cubes_per_player"]),
            piece_counts={k: int(v) for k, v in data["piece_counts"].items()},
            costs={k: int(v) for k, v in data["action_costs"].items()},
            pasty_income=int(data["pasty_income"]),
            minimum_bid=int(data["minimum_opening_bid"]),
            base_capacity=int(mining["base_capacity"]),
            railway_bonus=int(mining["railway_bonus"]),
            port_bonus=int(mining["port_bonus"]),
            miner_bonus=int(mining["miner_bonus"]),
            water_after_mining=int(mining["water_added"]),
            adit_water=int(drainage["adit_each_side"]),
            railway_water=int(drainage["railway_area"]),
            railway_neighbour_water=int(drainage["railway_neighbours"]),
            new_areas_per_round=int(data["new_areas_per_round"]),
            round_adjust={int(k): int(v) for k, v in adjust["round"].items()},
            top_adjust=int(adjust["top_row"]),
            bottom_adjust=int(adjust["bottom_row"]),
            areas=areas,
            borders=borders,
            dice={k: _ints(data, f"dice.{k}", v) for k, v in data["dice"].items()},
            prices={m: _ints(data, f"{m}_prices", data[f"{m}_prices"]) for m in METALS},
            schedule=tuple(
                Schedule(
                    int(s["ports"]),
                    int(s["miners"]),
                    int(s["adits"]),
                    int(s["railways"]),
                    int(s["pump_spaces"]),
                )
                for s in data["developments"]
            ),
            pump_stacks=_ints(data, "pump_stacks", data["pump_stacks"]),
            investment_costs=_ints(data, "investment_costs", data["investment_costs"]),
            investment_vp=tuple(_ints(data, "investment_vp", r) for r in data["investment_vp"]),
            space_capacity=int(data["investment_space_capacity"]),
            market_sections=tuple(_ints(data, "arsenic_market", s) for s in market["sections"]),
            unlimited_value=int(market["unlimited_value"]),
            calciner_area=int(data["calciner_arsenic"]["area"]),
            calciner_neighbours=int(data["calciner_arsenic"]["neighbours"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, DataFileError):
            raise
        raise _fail(data, f"missing or malformed value: {exc!r}") from None
    _check_tables(data, components)
    return components


DATA = load_data_set("boardstate.engine.tinners_trail.data", "reconstructed-2008.json")
COMPONENTS = load_components(DATA)
