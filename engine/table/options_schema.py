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
    "title": "Clock",
    "description": "A clock per move, or a budget with an increment (architecture §5c).",
    "x-translations": {
        "de": {
            "title": "Bedenkzeit",
            "description": "Eine Uhr je Zug oder ein Zeitguthaben mit Zuschlag.",
        }
    },
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
            "title": "Stand-in for a seat that left",
            "description": "Who plays a resigned or timed-out seat: the game's stand-in or a bot.",
            "x-translations": {
                "de": {
                    "title": "Ersatz für einen verlassenen Platz",
                    "description": "Wer für einen Platz spielt, der aufgegeben oder die Zeit "
                    "überschritten hat: der Ersatz des Spiels oder ein Bot.",
                }
            },
            "enum": [STAND_IN, *sorted(POLICIES)],
            "default": STAND_IN,
        },
        "hints": {
            "title": "Hints",
            "description": "Seats may ask for a suggested move (suggestMove).",
            "x-translations": {
                "de": {
                    "title": "Tipps",
                    "description": "Die Plätze dürfen um einen Zugvorschlag bitten.",
                }
            },
            "type": "boolean",
            "default": False,
        },
    }
    return out


def published_options_schema(rules: GameRules[Any, Any, Any]) -> dict[str, Any]:
    """The options schema a game type publishes: its own options and the table's."""
    return with_table_schema(rules.options_schema())
