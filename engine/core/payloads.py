"""Published JSON Schemas of a game type's events (issue 19, typed payloads).

The API delivers an engine event as `{type, data, ...}` (GraphQL `Event`, REST log pages, SSE),
`data` being the event's wire form without `type` (architecture §4). `event_schema(rules)` is the
JSON
Schema (2020-12) of that pair for every event type of the game, built from the same annotations
that encode the events (`engine.core.wire`), so it cannot drift from what is stored. It holds for
every viewer: a redacted field (a card a viewer may not see) is declared nullable where the event
declares it so. The envelope's other members (`version`, `seat`, `at`, ...) are the API's own and
are allowed. The service's own events (`GameCreated`, `SeatJoined`, `GameEnded` and the table's
lifecycle events) are added by `service.contract.service_events.delivered_event_schema`, which
is what both doors publish as `eventSchema`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardstate.engine.core.rules import GameRules

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def event_types(rules: GameRules[Any, Any, Any]) -> list[str]:
    """The game's engine event types (their wire names), sorted."""
    return sorted(rules.events.by_type)


def _pair(entry: dict[str, Any]) -> dict[str, Any]:
    properties = dict(entry["properties"])
    kind = properties.pop("type")
    data = {
        **entry,
        "properties": properties,
        "required": [name for name in entry.get("required", []) if name != "type"],
    }
    return {
        "type": "object",
        "properties": {"type": kind, "data": data},
        "required": ["type", "data"],
        "description": entry.get("description", ""),
    }


def engine_event_pairs(rules: GameRules[Any, Any, Any]) -> list[dict[str, Any]]:
    """The schema of each engine event type as delivered: `{type, data}`."""
    wire = rules.events.json_schema(f"{rules.info.id} event")
    return [_pair(entry) for entry in wire["oneOf"]]


def event_schema(rules: GameRules[Any, Any, Any]) -> dict[str, Any]:
    """The JSON Schema of one engine event as the API delivers it: `{type, data}`."""
    return {
        "$schema": DIALECT,
        "title": f"{rules.info.id} engine event",
        "oneOf": engine_event_pairs(rules),
    }
