"""The JSON Schema of the table's options (`engine.table.options`), merged into every game
type's published options schema beside the game's own (`GameRules.options_schema`). Both doors
publish a game type's options through `published_options_schema` (`service.contract.type_facts`)."""

from __future__ import annotations

from typing import Any

from boardstate.engine.bots.policies import POLICIES
from boardstate.engine.core.rules import GameRules
from boardstate.engine.table.options import MAX_INCREMENT, MAX_SECONDS, ON_TIMEOUT, STAND_IN

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
    out["properties"] = {
        **schema.get("properties", {}),
        "clock": CLOCK_SCHEMA,
        "standIn": {
            "description": "Who plays a resigned or timed-out seat: the game's stand-in or a bot.",
            "enum": [STAND_IN, *sorted(POLICIES)],
            "default": STAND_IN,
        },
        "hints": {
            "description": "Seats may ask for a suggested move (suggestMove).",
            "type": "boolean",
            "default": False,
        },
    }
    return out


def published_options_schema(rules: GameRules[Any, Any, Any]) -> dict[str, Any]:
    """The options schema a game type publishes: its own options and the table's."""
    return with_table_schema(rules.options_schema())
