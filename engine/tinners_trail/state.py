"""Tinners' Trail state (rules/tinners_trail.md B §1.4–§1.15): frozen, changed only by `evolve`.

Cubes are unlimited in the supply (B §1.2), so the state counts the cubes taken out of it
(`supply_out`); conservation means that board, players and the arsenic market together hold
exactly that many. Nothing is hidden (Part A A.6).
"""

from __future__ import annotations

import dataclasses
import enum

from boardstate.engine.core.records import replace
from boardstate.engine.core.wire import ADDED_LATER
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.options import Options


class Phase(enum.Enum):
    """Where the round is (B §1.5); prices, display, ore sales and housekeeping need no moves."""

    SETUP = "setup"
    ACTIONS = "actions"
    INVESTMENTS = "investments"
    OPENING = "opening"
    OVER = "over"


@dataclasses.dataclass(frozen=True, slots=True)
class Cubes:
    """Counts of the four kinds of cube."""

    water: int = 0
    tin: int = 0
    copper: int = 0
    arsenic: int = 0

    def plus(self, other: Cubes) -> Cubes:
        """Returns the kind-by-kind sum."""
        return Cubes(
            self.water + other.water,
            self.tin + other.tin,
            self.copper + other.copper,
            self.arsenic + other.arsenic,
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Area:
    """One area of the map: its cubes and what was built in it."""

    water: int = 0
    tin: int = 0
    copper: int = 0
    arsenic: int = 0
    seeded: bool = False
    """Cubes were placed here (set-up, auction or opening); stays true when mined out (B §1.13)."""
    mine: int | None = None
    """The seat owning the mine here."""
    port: bool = False
    railway: bool = False
    miners: int = 0
    calciner: int | None = None
    """The seat whose calciner stands here (Arsenic)."""

    def cubes(self) -> Cubes:
        """The cubes in the area."""
        return Cubes(self.water, self.tin, self.copper, self.arsenic)

    def plus(self, cubes: Cubes) -> Area:
        """The area with `cubes` added (negative counts remove cubes)."""
        total = self.cubes().plus(cubes)
        return replace(
            self, water=total.water, tin=total.tin, copper=total.copper, arsenic=total.arsenic
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Player:
    """One player's money, cubes, pieces and time-track token."""

    money: int = 0
    tin: int = 0
    """Tin extracted this round, sold at the round's end (B §1.11)."""
    copper: int = 0
    arsenic: int = 0
    """Processed arsenic held; only `sell_arsenic` sells it (B §1.15)."""
    mines_left: int = COMPONENTS.mines_per_player
    cubes_left: int = COMPONENTS.cubes_per_player
    """Investment cubes not yet placed."""
    calciner: int | None = None
    """The area of this player's calciner."""
    limiter: int | None = None
    """The column above which the work-track limiter sits; `None` before the first process."""
    column: int = 0
    """Time spent this round; 0 = still on the Order of Play column."""
    row: int = 0
    """The token's row in its column; a smaller row is higher up and acts first."""
    passed: bool = False

    @property
    def final_column(self) -> int:
        """10, or the column left of the limiter (B §1.15)."""
        return COMPONENTS.time_points if self.limiter is None else self.limiter - 1


@dataclasses.dataclass(frozen=True, slots=True)
class Display:
    """The developments display (B §1.7)."""

    ports: int = 0
    miners: int = 0
    adits: int = 0
    railways: int = 0
    pumps: tuple[int, ...] = ()
    """Tokens in each pump space, left to right (0 = empty)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Auction:
    """A mine auction in progress (B §1.10): the sub-phase in which the bidding seat acts."""

    area: int
    opener: int
    bid: int = 0
    """The current high bid; 0 until the opener has made the opening bid."""
    leader: int | None = None
    last: int | None = None
    """The seat that bid or passed last; bidding goes on clockwise from it."""
    out: tuple[int, ...] = ()
    """Seats that passed (out for good)."""


@dataclasses.dataclass(frozen=True, slots=True)
class CalcinerOffer:
    """Arsenic: the seat that just won a mine auction may build its calciner in that area."""

    seat: int
    area: int


@dataclasses.dataclass(frozen=True, slots=True)
class Pumping:
    """A stack of steam pumps being used at once (Part A Q9)."""

    seat: int
    tokens: int
    removed: tuple[tuple[int, int], ...] = ()
    """(area, count) removals so far, by area."""


@dataclasses.dataclass(frozen=True, slots=True)
class Investing:
    """The external-investments phase (B §1.12): whose turn, and the run of passes."""

    turn: int = 0
    """Index into the order of play of the seat to invest next (modulo the player count)."""
    passes: int = 0
    """Consecutive passes (Q8 `circuit`)."""
    out: tuple[int, ...] = ()
    """Seats that passed for good (Q8 `final`)."""


@dataclasses.dataclass(frozen=True, slots=True)
class State:
    """The whole table."""

    options: Options
    players: tuple[Player, ...]
    areas: tuple[Area, ...] = tuple(Area() for _ in COMPONENTS.areas)
    adits: tuple[tuple[int, int], ...] = ()
    """Borders holding an adit, as sorted area pairs."""
    round: int = 0
    phase: Phase = Phase.SETUP
    order: tuple[int, ...] = ()
    """The Order of Play: this round's starting order; from the end of the action phase on, the
    pass order (the next round's order, B §1.8)."""
    pass_order: tuple[int, ...] = ()
    """Seats that passed this round, first first."""
    tin_row: int | None = None
    copper_row: int | None = None
    display: Display = Display()
    market: tuple[int, ...] = tuple(0 for _ in COMPONENTS.market_spaces)
    """Arsenic cubes on each market space (`COMPONENTS.market_spaces`)."""
    investments: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
        tuple(() for _ in COMPONENTS.investment_costs) for _ in range(COMPONENTS.rounds)
    )
    """Owners of the cubes on each space, by round row and cost column."""
    auction: Auction | None = None
    pumping: Pumping | None = None
    calciner_offer: CalcinerOffer | None = None
    investing: Investing | None = None
    openers: tuple[int, ...] = ()
    """Seats still to open a new area this round, first first (B §1.13)."""
    opening_dice: tuple[int, int, int] | None = dataclasses.field(
        default=None, metadata=ADDED_LATER
    )
    """The water, copper and tin faces rolled for the first of `openers`, who chooses the area
    knowing them (B §1.13, rules 2.0.0); None otherwise, and always under rules 1.0.0."""
    supply_out: Cubes = Cubes()
    winners: tuple[int, ...] = ()
    data_set: str = ""
    content_hash: str = ""

    @property
    def finished(self) -> bool:
        """The game is over."""
        return self.phase is Phase.OVER

    def area(self, area_id: int) -> Area:
        """Returns the area with id `area_id`."""
        return self.areas[area_id - 1]

    def price(self, metal: str) -> int:
        """This round's price of `metal` (0 before the first roll)."""
        row = self.tin_row if metal == "tin" else self.copper_row
        return 0 if row is None else COMPONENTS.prices[metal][row]
