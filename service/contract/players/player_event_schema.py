"""The JSON Schema of a player's stream events (issue 30, architecture §5e).

Both doors send an event as `{id, kind, at, data}` (`GET /v1/players/me/stream` as the SSE
`data`, GraphQL `playerEvents`). `PLAYER_EVENT_SCHEMA` closes the envelope and, for the kinds
the service derives from game announcements (`turn`, `game.started`, `game.ended`,
`takeback.requested`), their `data` too; the kinds matchmaking and ratings publish
(`challenge`, `challenge.accepted`, `challenge.declined`, `seek.matched`, `rematch.offered`,
`rematch.created`, `rating.changed`) carry objects documented with them (open here). The
stream tests validate every event they receive against it.
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.view_schema import NAT

GAME: dict[str, Any] = {
    "gameId": {"type": "string"},
    "gameType": {"type": "string"},
    "version": {"type": "integer", "minimum": 1},
}
SEATS = {"type": "array", "items": NAT, "minItems": 1}
DATA: dict[str, dict[str, Any]] = {
    "turn": {
        **GAME,
        "toAct": SEATS,
        "owed": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "seat": NAT,
                    "moves": {"type": "array", "items": {"type": "string"}},
                },
                "required": ["seat", "moves"],
                "additionalProperties": False,
            },
        },
        "deadline": {"type": ["string", "null"], "format": "date-time"},
    },
    "game.started": {**GAME, "seats": SEATS},
    "game.ended": {
        **GAME,
        "seats": SEATS,
        "status": {"enum": ["FINISHED", "ABANDONED"]},
        "winners": {"type": "array", "items": NAT},
        "scores": {"type": "array", "items": {"type": "integer"}},
    },
    "takeback.requested": {
        **GAME,
        "seats": SEATS,
        "seat": NAT,
        "toVersion": {"type": "integer", "minimum": 0},
    },
}
OPEN_KINDS = (
    "challenge",
    "challenge.accepted",
    "challenge.declined",
    "seek.matched",
    "rematch.offered",
    "rematch.created",
    "rating.changed",
)


def _variant(kind: str) -> dict[str, Any]:
    fields = DATA.get(kind)
    data: dict[str, Any] = (
        {"type": "object"}
        if fields is None
        else {
            "type": "object",
            "properties": fields,
            "required": list(fields),
            "additionalProperties": False,
        }
    )
    properties = {
        "id": {"type": "string", "pattern": "^[0-9]+-[0-9]+$"},
        "kind": {"const": kind},
        "at": {"type": "string", "format": "date-time"},
        "data": data,
    }
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


PLAYER_EVENT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "PlayerEvent",
    "description": "One event of a player's own stream.",
    "oneOf": [_variant(kind) for kind in (*DATA, *OPEN_KINDS)],
}
