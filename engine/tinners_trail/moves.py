"""Tinners' Trail moves: one per action of B §1.9 and §1.15, plus the answers of sub-phases.

Action phase (the seat the time track names): `build_mine`, `mine_ore`, `build_port`,
`hire_miner`, `build_adit`, `build_railway`, `improve_steam_pumps`, `sell_pasties`, `pass`, and
with Arsenic `process_arsenic`, `sell_arsenic`. A mine auction is a sub-phase (B §1.10): the
opener states the opening bid with `bid`, then each bidder clockwise answers `bid` or `pass_bid`.
The winner may then `build_calciner` or `skip_calciner` (Arsenic). A steam-pump stack is used at
once (Part A Q9): one `pump_water` per token, or `stop_pumping` to let the rest go. Then
`invest` / `pass_investment` (B §1.12) and `open_area` (B §1.13). Areas are ids 1..19.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar

from boardstate.engine.core.wire import ADDED_LATER, Bounds, WireCodec
from boardstate.engine.tinners_trail.components import COMPONENTS

AREAS = len(COMPONENTS.areas)
COLUMNS = len(COMPONENTS.investment_costs)
AreaId = Annotated[int, Bounds(1, AREAS)]
Face = Annotated[int, Bounds(0, max(max(faces) for faces in COMPONENTS.dice.values()))]
Amount = Annotated[int, Bounds(0, 1_000_000)]
Count = Annotated[int, Bounds(0, 1_000)]


@dataclasses.dataclass(frozen=True, slots=True)
class BuildMine:
    """A1: start an auction for a mine in an area without one; you then make the opening bid."""

    TYPE: ClassVar[str] = "build_mine"
    area: AreaId


@dataclasses.dataclass(frozen=True, slots=True)
class Bid:
    """Auction: the opening bid (at least £1) or a strictly higher raise, at most your money."""

    TYPE: ClassVar[str] = "bid"
    amount: Amount


@dataclasses.dataclass(frozen=True, slots=True)
class PassBid:
    """Auction: drop out for good."""

    TYPE: ClassVar[str] = "pass_bid"


@dataclasses.dataclass(frozen=True, slots=True)
class BuildCalciner:
    """Arsenic: build your calciner with the mine you just won (once per game)."""

    TYPE: ClassVar[str] = "build_calciner"


@dataclasses.dataclass(frozen=True, slots=True)
class SkipCalciner:
    """Arsenic: do not build your calciner with this mine."""

    TYPE: ClassVar[str] = "skip_calciner"


@dataclasses.dataclass(frozen=True, slots=True)
class MineOre:
    """A2: take tin and copper from one of your mines (at least 1 cube, at most its capacity)."""

    TYPE: ClassVar[str] = "mine_ore"
    area: AreaId
    tin: Count
    copper: Count


@dataclasses.dataclass(frozen=True, slots=True)
class BuildPort:
    """A3: a port from the display into a coastal area without one."""

    TYPE: ClassVar[str] = "build_port"
    area: AreaId


@dataclasses.dataclass(frozen=True, slots=True)
class HireMiner:
    """A4: a miner from the display into any area."""

    TYPE: ClassVar[str] = "hire_miner"
    area: AreaId


@dataclasses.dataclass(frozen=True, slots=True)
class BuildAdit:
    """A5: an adit on the border between two adjacent areas (lower id first)."""

    TYPE: ClassVar[str] = "build_adit"
    areas: tuple[AreaId, AreaId]


@dataclasses.dataclass(frozen=True, slots=True)
class BuildRailway:
    """A6: a railway into an area without one."""

    TYPE: ClassVar[str] = "build_railway"
    area: AreaId


@dataclasses.dataclass(frozen=True, slots=True)
class ImproveSteamPumps:
    """A7: take a pump stack of `stack` tokens from the display and use it at once."""

    TYPE: ClassVar[str] = "improve_steam_pumps"
    stack: Annotated[int, Bounds(1, 100)]


@dataclasses.dataclass(frozen=True, slots=True)
class PumpWater:
    """Steam pumps: one token removes one water cube from an area."""

    TYPE: ClassVar[str] = "pump_water"
    area: AreaId


@dataclasses.dataclass(frozen=True, slots=True)
class StopPumping:
    """Steam pumps: the remaining tokens go unused (they are lost for the round)."""

    TYPE: ClassVar[str] = "stop_pumping"


@dataclasses.dataclass(frozen=True, slots=True)
class SellPasties:
    """A8: £1 for 1 time point."""

    TYPE: ClassVar[str] = "sell_pasties"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass:
    """A9: leave the time track for the next free place in the Order of Play."""

    TYPE: ClassVar[str] = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class ProcessArsenic:
    """Arsenic: take 1 arsenic cube from one of your mines; your limiter moves one column left."""

    TYPE: ClassVar[str] = "process_arsenic"
    area: AreaId


@dataclasses.dataclass(frozen=True, slots=True)
class SellArsenic:
    """Arsenic: sell all your arsenic on the market (1 time point)."""

    TYPE: ClassVar[str] = "sell_arsenic"


@dataclasses.dataclass(frozen=True, slots=True)
class Invest:
    """External investments: a cube onto column `column` (1 = cheapest) of this round's row."""

    TYPE: ClassVar[str] = "invest"
    column: Annotated[int, Bounds(1, COLUMNS)]


@dataclasses.dataclass(frozen=True, slots=True)
class PassInvestment:
    """External investments: invest nothing this turn."""

    TYPE: ClassVar[str] = "pass_investment"


@dataclasses.dataclass(frozen=True, slots=True)
class OpenArea:
    """Round end: knowing the faces just rolled, choose an unseeded area for their cubes."""

    TYPE: ClassVar[str] = "open_area"
    area: AreaId
    dice: tuple[Face, Face, Face] | None = dataclasses.field(default=None, metadata=ADDED_LATER)
    """The water, copper and tin faces rolled for this choice (B §1.13), as the legal moves
    list them; optional (they are already known), and if given they must be the faces rolled.
    Rules 1.0.0 rolled after the choice and have none."""


Move = (
    BuildMine
    | Bid
    | PassBid
    | BuildCalciner
    | SkipCalciner
    | MineOre
    | BuildPort
    | HireMiner
    | BuildAdit
    | BuildRailway
    | ImproveSteamPumps
    | PumpWater
    | StopPumping
    | SellPasties
    | Pass
    | ProcessArsenic
    | SellArsenic
    | Invest
    | PassInvestment
    | OpenArea
)

MOVES: WireCodec[Move] = WireCodec(
    [
        BuildMine,
        Bid,
        PassBid,
        BuildCalciner,
        SkipCalciner,
        MineOre,
        BuildPort,
        HireMiner,
        BuildAdit,
        BuildRailway,
        ImproveSteamPumps,
        PumpWater,
        StopPumping,
        SellPasties,
        Pass,
        ProcessArsenic,
        SellArsenic,
        Invest,
        PassInvestment,
        OpenArea,
    ]
)
