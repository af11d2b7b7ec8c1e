"""Table options: what every game type accepts beside its own options (DESIGN §5c).

`createGame` options are one JSON object. The game's own options are its fields; the table's
options sit beside them under reserved names, the same for every game type:

* `clock`: `{"perMoveSeconds": s}` (1 s to 30 days per move) or `{"initialSeconds": s,
  "incrementSeconds": i}` (a budget of 1 s to 30 days, plus 0 s to 1 day after each move), each
  with `"onTimeout": "stand-in" | "forfeit"` (default `stand-in`).

`split_options` takes them out before the game's options are decoded, so a game never sees them,
and the engine state (and so every stateHash) is the same with or without a clock. The clock is
kept in the log's `GameCreated` event (`data.table`), and `table_schema` is merged into every
game type's published options schema.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from boardstate.engine.core.echo import echo
from boardstate.engine.core.errors import BadOptions

MAX_SECONDS = 30 * 24 * 3600
"""The longest per-move time or initial budget: 30 days."""
MAX_INCREMENT = 24 * 3600
"""The largest increment: 1 day."""
ON_TIMEOUT = ("stand-in", "forfeit")
TABLE_KEYS = ("clock",)
"""The option names reserved for the table."""


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
class TableOptions:
    """The table's options of one game."""

    clock: Clock | None = None

    def to_wire(self) -> dict[str, Any]:
        """The JSON form (empty when nothing is set)."""
        return {} if self.clock is None else {"clock": self.clock.to_wire()}


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


def split_options(raw: Any) -> tuple[Any, TableOptions]:
    """Returns the game's own options (raw, to decode) and the table's, parsed."""
    if not isinstance(raw, Mapping) or not any(k in raw for k in TABLE_KEYS):
        return raw, TableOptions()
    game = {k: v for k, v in raw.items() if k not in TABLE_KEYS}
    return game, TableOptions(clock=parse_clock(raw.get("clock")))


def table_from_wire(raw: Any) -> TableOptions:
    """The table options stored in `GameCreated.data.table` (absent: none)."""
    if not isinstance(raw, Mapping):
        return TableOptions()
    return TableOptions(clock=parse_clock(raw.get("clock")))


_TIMEOUT = {"enum": list(ON_TIMEOUT), "default": "stand-in"}

CLOCK_SCHEMA: dict[str, Any] = {
    "description": "A clock per move, or a budget with an increment (DESIGN §5c).",
    "oneOf": [
        {
            "type": "object",
            "properties": {
                "perMoveSeconds": {"type": "number", "minimum": 1, "maximum": MAX_SECONDS},
                "onTimeout": _TIMEOUT,
            },
            "required": ["perMoveSeconds"],
            "additionalProperties": False,
        },
        {
            "type": "object",
            "properties": {
                "initialSeconds": {"type": "number", "minimum": 1, "maximum": MAX_SECONDS},
                "incrementSeconds": {"type": "number", "minimum": 0, "maximum": MAX_INCREMENT},
                "onTimeout": _TIMEOUT,
            },
            "required": ["initialSeconds"],
            "additionalProperties": False,
        },
    ],
}


def with_table_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A game's options schema with the table's options added."""
    out = dict(schema)
    out["properties"] = {**schema.get("properties", {}), "clock": CLOCK_SCHEMA}
    return out
