"""Table options: what every game type accepts beside its own options (architecture §5c).

`createGame` options are one JSON object. The game's own options are its fields; the table's
options sit beside them under reserved names, the same for every game type:

* `clock`: `{"perMoveSeconds": s}` (1 s to 30 days per move) or `{"initialSeconds": s,
  "incrementSeconds": i}` (a budget of 1 s to 30 days, plus 0 s to 1 day after each move), each
  with `"onTimeout": "stand-in" | "forfeit"` (default `stand-in`).
* `standIn`: who plays a resigned or timed-out seat: `"stand-in"` (the game's rule-based
  stand-in, `engine.core.stand_in`; the default) or a bot policy id (`engine.bots`).
* `hints`: `true` lets each seat ask for a suggested move (`suggestMove`); off by default.

Bot seats (`createGame(bots: [...])`) are kept beside them (`BotSeat`), in the same place.

`split_options` takes them out before the game's options are decoded, so a game never sees them,
and the engine state (and so every stateHash) is the same with or without a clock. The clock is
kept in the log's `GameCreated` event (`data.table`), and their schema is merged into every
game type's published options schema (`engine.table.options_schema`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from boardstate.engine.bots.policies import POLICIES
from boardstate.engine.core.echo import echo
from boardstate.engine.core.errors import BadOptions

MAX_SECONDS = 30 * 24 * 3600
"""The longest per-move time or initial budget: 30 days."""
MAX_INCREMENT = 24 * 3600
"""The largest increment: 1 day."""
ON_TIMEOUT = ("stand-in", "forfeit")
TABLE_KEYS = ("clock", "standIn", "hints")
"""The option names reserved for the table."""
STAND_IN = "stand-in"
"""The game's own rule-based stand-in (as a `standIn` value and a seat policy)."""
MIN_BUDGET_MS, MAX_BUDGET_MS = 1, 10_000
"""The thinking budget a bot seat may be given, in milliseconds."""


@dataclasses.dataclass(frozen=True, slots=True)
class Clock:
    """A game's clock: per move (`per_move_ms`) or a budget with an increment."""

    on_timeout: str = "stand-in"
    per_move_ms: int | None = None
    initial_ms: int | None = None
    increment_ms: int = 0

    def to_wire(self) -> dict[str, Any]:
        """The JSON form, as `createGame` takes it."""
        out: dict[str, Any] = {"onTimeout": self.on_timeout}
        if self.per_move_ms is not None:
            out["perMoveSeconds"] = self.per_move_ms / 1000
        else:
            assert self.initial_ms is not None
            out["initialSeconds"] = self.initial_ms / 1000
            out["incrementSeconds"] = self.increment_ms / 1000
        return out


@dataclasses.dataclass(frozen=True, slots=True)
class BotSeat:
    """A seat played by a bot: its policy and thinking budget."""

    seat: int
    policy: str
    budget_ms: int = 1000

    def to_wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "policy": self.policy, "budgetMs": self.budget_ms}


@dataclasses.dataclass(frozen=True, slots=True)
class TableOptions:
    """The table's options of one game."""

    clock: Clock | None = None
    stand_in: str = STAND_IN
    hints: bool = False
    bots: tuple[BotSeat, ...] = ()

    def to_wire(self) -> dict[str, Any]:
        """The JSON form (empty when nothing is set)."""
        out: dict[str, Any] = {}
        if self.clock is not None:
            out["clock"] = self.clock.to_wire()
        if self.stand_in != STAND_IN:
            out["standIn"] = self.stand_in
        if self.hints:
            out["hints"] = True
        if self.bots:
            out["bots"] = [b.to_wire() for b in self.bots]
        return out

    def bot(self, seat: int) -> BotSeat | None:
        """The bot in `seat`, if any."""
        return next((b for b in self.bots if b.seat == seat), None)


def _seconds(raw: Mapping[str, Any], key: str, lo: float, hi: int) -> int:
    """Milliseconds of a number of seconds in [lo, hi]; raises `BadOptions`."""
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise BadOptions(f"options.clock.{key} must be a number of seconds, not {echo(value)}")
    if not lo <= value <= hi:
        raise BadOptions(
            f"options.clock.{key} must be between {lo:g} and {hi} seconds, not {echo(value)}",
            {"field": f"clock.{key}", "min": lo, "max": hi},
        )
    return round(value * 1000)


def parse_clock(raw: Any) -> Clock | None:
    """The clock of `raw` (None: no clock); raises `BadOptions`."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise BadOptions(f"options.clock must be an object, not {echo(raw)}")
    keys = set(raw)
    on_timeout = raw.get("onTimeout", "stand-in")
    if on_timeout not in ON_TIMEOUT:
        raise BadOptions(f"options.clock.onTimeout must be one of {list(ON_TIMEOUT)}")
    if keys <= {"perMoveSeconds", "onTimeout"} and "perMoveSeconds" in keys:
        return Clock(on_timeout, per_move_ms=_seconds(raw, "perMoveSeconds", 1, MAX_SECONDS))
    if keys <= {"initialSeconds", "incrementSeconds", "onTimeout"} and "initialSeconds" in keys:
        initial = _seconds(raw, "initialSeconds", 1, MAX_SECONDS)
        increment = 0
        if "incrementSeconds" in raw:
            increment = _seconds(raw, "incrementSeconds", 0, MAX_INCREMENT)
        return Clock(on_timeout, initial_ms=initial, increment_ms=increment)
    raise BadOptions(
        "options.clock takes {perMoveSeconds, onTimeout?} or "
        f"{{initialSeconds, incrementSeconds?, onTimeout?}}, not the keys {sorted(keys)}",
        {"field": "clock"},
    )


def parse_policy(raw: Any, what: str, allow_stand_in: bool) -> str:
    """A policy id (`engine.bots.policies.POLICIES`, or `stand-in`); raises `BadOptions`."""
    known = sorted(POLICIES) + ([STAND_IN] if allow_stand_in else [])
    if raw not in known:
        raise BadOptions(f"{what} must be one of {known}, not {echo(raw)}", {"known": known})
    return str(raw)


def parse_bots(raw: Any, players: int) -> tuple[BotSeat, ...]:
    """The bot seats of `createGame(bots:)`; raises `BadOptions`."""
    if raw is None:
        return ()
    if not isinstance(raw, list | tuple) or len(raw) > players:
        raise BadOptions(f"bots must be a list of at most {players} seats")
    bots: list[BotSeat] = []
    for item in raw:
        if not isinstance(item, Mapping) or not set(item) <= {"seat", "policy", "budgetMs"}:
            raise BadOptions("each bot is {seat, policy, budgetMs?}")
        seat, budget = item.get("seat"), item.get("budgetMs", 1000)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise BadOptions(f"a bot's seat must be 0..{players - 1}, not {echo(seat)}")
        if any(b.seat == seat for b in bots):
            raise BadOptions(f"seat {seat} has two bots")
        if isinstance(budget, bool) or not isinstance(budget, int):
            raise BadOptions(f"budgetMs must be an integer, not {echo(budget)}")
        if not MIN_BUDGET_MS <= budget <= MAX_BUDGET_MS:
            raise BadOptions(f"budgetMs must be {MIN_BUDGET_MS}..{MAX_BUDGET_MS}, not {budget}")
        bots.append(
            BotSeat(seat, parse_policy(item.get("policy"), "a bot's policy", False), budget)
        )
    return tuple(sorted(bots, key=lambda b: b.seat))


def _table(raw: Mapping[str, Any], bots: tuple[BotSeat, ...]) -> TableOptions:
    hints = raw.get("hints", False)
    if not isinstance(hints, bool):
        raise BadOptions(f"options.hints must be true or false, not {echo(hints)}")
    stand_in = parse_policy(raw.get("standIn", STAND_IN), "options.standIn", True)
    return TableOptions(parse_clock(raw.get("clock")), stand_in, hints, bots)


def split_options(raw: Any, bots: tuple[BotSeat, ...] = ()) -> tuple[Any, TableOptions]:
    """Returns the game's own options (raw, to decode) and the table's, parsed."""
    if not isinstance(raw, Mapping) or not any(k in raw for k in TABLE_KEYS):
        return raw, TableOptions(bots=bots)
    game = {k: v for k, v in raw.items() if k not in TABLE_KEYS}
    return game, _table(raw, bots)


def table_from_wire(raw: Any) -> TableOptions:
    """The table options stored in `GameCreated.data.table` (absent: none)."""
    if not isinstance(raw, Mapping):
        return TableOptions()
    bots = tuple(
        BotSeat(int(b["seat"]), str(b["policy"]), int(b.get("budgetMs", 1000)))
        for b in raw.get("bots") or ()
    )
    return _table(raw, bots)
