"""The line of a dump (`GET /v1/dumps/{gameType}`, `boardstate dump`): one JSON object per ended
game, NDJSON (issue 31, item 5). Its JSON Schema is `DUMP_LINE_SCHEMA`, published as
`schema/dump-line.schema.json` (`make schema`); a field is only ever added, as with the API."""

from __future__ import annotations

from typing import Any

DUMP_FORMAT = 1
"""`format` of every line; a change that is not an addition would make it 2."""

_NAT: dict[str, Any] = {"type": "integer", "minimum": 0}
_TIME: dict[str, Any] = {"type": "string", "format": "date-time"}
_NULLABLE_TEXT: dict[str, Any] = {"type": ["string", "null"]}

DUMP_LINE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://boardstate.dev/schema/dump-line.schema.json",
    "title": "A line of a Boardstate dump: one ended game",
    "type": "object",
    "properties": {
        "format": {"const": DUMP_FORMAT},
        "gameId": {"type": "string"},
        "gameType": {"type": "string"},
        "rulesVersion": {"type": "string"},
        "dataSet": {"type": "string"},
        "players": {"type": "integer", "minimum": 1, "description": "The number of seats."},
        "seats": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "seat": _NAT,
                    "name": _NULLABLE_TEXT,
                    "playerId": _NULLABLE_TEXT,
                    "bot": {"type": "boolean"},
                },
                "required": ["seat", "name", "playerId", "bot"],
                "additionalProperties": False,
            },
        },
        "status": {"enum": ["FINISHED", "ABANDONED"]},
        "endedBy": {
            "type": ["string", "null"],
            "description": "How it ended (`GameEnded.data.endedBy`): null for the rules' end.",
        },
        "winners": {"type": "array", "items": _NAT},
        "scores": {"type": "array", "items": {"type": "number"}},
        "createdAt": _TIME,
        "endedAt": _TIME,
        "versions": {"type": "integer", "minimum": 1, "description": "Events in its log."},
        "imported": {"type": "boolean"},
        "log": {
            "type": "array",
            "description": "The complete log, each event as `GET /v1/games/{id}/log` exports it.",
            "items": {
                "type": "object",
                "properties": {
                    "version": {"type": "integer", "minimum": 1},
                    "type": {"type": "string"},
                    "v": {"type": "integer"},
                    "seat": {"type": ["integer", "null"]},
                    "moveId": _NULLABLE_TEXT,
                    "data": {"type": "object"},
                    "at": _TIME,
                    "stateHash": {"type": "string"},
                    "move": {"type": "object"},
                },
                "required": ["version", "type", "v", "seat", "moveId", "data", "at", "stateHash"],
            },
        },
    },
    "required": [
        "format",
        "gameId",
        "gameType",
        "rulesVersion",
        "dataSet",
        "players",
        "seats",
        "status",
        "endedBy",
        "winners",
        "scores",
        "createdAt",
        "endedAt",
        "versions",
        "imported",
        "log",
    ],
    "additionalProperties": False,
}
