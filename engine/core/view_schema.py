"""Building blocks of the published JSON Schema of a game's state view (issue 19).

A game's `view(state, viewer)` returns plain JSON; each game declares the schema of that JSON
next to its view (`<game>/view_schema.py`) with these helpers, and publishes it as
`GameRules.state_schema` (`stateSchema` on both doors). Objects are closed
(`additionalProperties: false`) and every key is required, so a key added to or dropped from a
view without its schema fails the tests that validate every state of the golden playthroughs
and of seeded random games, for every viewer, with a real JSON Schema validator. Parts of a
view that are the wire form of a state dataclass (`encode_value`) take their schema from the
same annotations (`wire`).
"""

from __future__ import annotations

import enum
import typing
from typing import Any

from boardstate.engine.core.payloads import DIALECT
from boardstate.engine.core.wire import value_schema

INT: dict[str, Any] = {"type": "integer"}
NAT: dict[str, Any] = {"type": "integer", "minimum": 0}
STR: dict[str, Any] = {"type": "string"}
BOOL: dict[str, Any] = {"type": "boolean"}
SEAT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 4}


def obj(description: str = "", **properties: dict[str, Any]) -> dict[str, Any]:
    """A closed object whose every property is required."""
    out: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
    if description:
        out["description"] = description
    return out


def arr(items: dict[str, Any], size: int | None = None) -> dict[str, Any]:
    """An array of `items` (of exactly `size` items when given)."""
    out: dict[str, Any] = {"type": "array", "items": items}
    if size is not None:
        out |= {"minItems": size, "maxItems": size}
    return out


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` or null (a value hidden from this viewer, or not there yet)."""
    return {"anyOf": [schema, {"type": "null"}]}


def values_of(kind: type[enum.Enum]) -> dict[str, Any]:
    """One of a string enum's values."""
    return {"enum": [member.value for member in kind]}


def mapping(values: dict[str, Any], keys: list[str] | None = None) -> dict[str, Any]:
    """An object of `values` keyed by strings (exactly `keys`, when given)."""
    out: dict[str, Any] = {"type": "object", "additionalProperties": values}
    if keys is not None:
        out |= {"propertyNames": {"enum": keys}, "required": keys}
    return out


def wire(tp: Any) -> dict[str, Any]:
    """The wire form of an annotated state value (`engine.core.wire.encode_value`)."""
    return value_schema(tp)


def field(cls: type, name: str) -> dict[str, Any]:
    """The wire form of one annotated field of a state dataclass."""
    return value_schema(typing.get_type_hints(cls)[name])


def state_schema(game_id: str, view: dict[str, Any]) -> dict[str, Any]:
    """The published schema: `view` (an `obj`) with its dialect and title."""
    return {"$schema": DIALECT, "title": f"{game_id} state view", **view}
