"""The JSON Schemas of announcements: webhook bodies and feed messages (issue 19, architecture §5d).

An announcement (`service.log.announce`) is `{type, timestamp, data}` as a webhook receives it
(Standard Webhooks), and the same with its `id` on the feed. `data` always holds the game (`gameId`,
`gameType`, `version`, `status`, `toAct`, `seats`); `turn.changed` (sent when the seats to act
change, and in a game with a player's membership on a seat by every append that leaves seats to
act: one per decision owed) adds `owed` (`[{seat, moves}]`, the kinds of move each
seat in `toAct` may make) and `deadlines` (`[{seat, at}]`, when each seat in `toAct` runs out of
time; empty without a clock), `seat.timed_out` adds `seat`,
`game.ended` adds `winners` and `scores`, `takeback.requested` adds `seat` (who asks) and
`toVersion`. A seat's `member` (absent from announcements made before issue 37) tells a membership
from a name (`GameRecord.member_ids`). `announcement_schema(kind)` is published in the OpenAPI
document's `webhooks` section; the webhook and feed tests validate what a real receiver and a real
feed reader get against it.
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.view_schema import NAT

ANNOUNCEMENT_TYPES = (
    "game.created",
    "game.started",
    "turn.changed",
    "seat.timed_out",
    "game.ended",
    "takeback.requested",
)
SEAT = {
    "type": "object",
    "properties": {
        "seat": NAT,
        "name": {"type": ["string", "null"]},
        "playerId": {"type": ["string", "null"]},
        "member": {
            "type": "boolean",
            "description": "Whether `playerId` is the player's membership (joined with their "
            "own token, seated by the admin token or by matchmaking), not only a name its "
            "creator wrote: only a member's own stream and game list hear of the game.",
        },
    },
    "required": ["seat", "name", "playerId"],
    "additionalProperties": False,
}
COMMON: dict[str, Any] = {
    "gameId": {"type": "string"},
    "gameType": {"type": "string"},
    "version": {"type": "integer", "minimum": 1},
    "status": {"enum": ["OPEN", "ACTIVE", "FINISHED", "ABANDONED"]},
    "toAct": {"type": "array", "items": NAT},
    "seats": {"type": "array", "items": SEAT},
}
DEADLINE = {
    "type": "object",
    "properties": {"seat": NAT, "at": {"type": "string", "format": "date-time"}},
    "required": ["seat", "at"],
    "additionalProperties": False,
}
OWED = {
    "type": "object",
    "properties": {
        "seat": NAT,
        "moves": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The distinct `type`s of the seat's legal moves, sorted.",
        },
    },
    "required": ["seat", "moves"],
    "additionalProperties": False,
}
EXTRA: dict[str, dict[str, Any]] = {
    "turn.changed": {
        "owed": {"type": "array", "items": OWED},
        "deadlines": {"type": "array", "items": DEADLINE},
    },
    "takeback.requested": {"seat": NAT, "toVersion": {"type": "integer", "minimum": 0}},
    "seat.timed_out": {"seat": NAT},
    "game.ended": {
        "winners": {"type": "array", "items": NAT},
        "scores": {"type": "array", "items": {"type": "integer"}},
    },
}
DESCRIPTIONS = {
    "game.created": "A game was created (its seats may still be open).",
    "game.started": "The last seat was filled: the game is set up and under way.",
    "turn.changed": "A decision is owed at this version: sent when the seats to act change and, "
    "in a game with a player's membership on a seat, after every append that leaves seats to "
    "act (`toAct`; `owed`: the kinds of move each may make; `deadlines`: when each runs out).",
    "seat.timed_out": "A seat's clock ran out (`seat`); the game's clock option says what then.",
    "game.ended": "The game ended (`winners`, `scores`; `status` FINISHED or ABANDONED).",
    "takeback.requested": "A seat (`seat`) asks the others to take back to `toVersion`.",
}


def announcement_schema(kind: str) -> dict[str, Any]:
    """The schema of one announcement type's webhook body (an OpenAPI component; a feed
    message's data is this body plus its `id`)."""
    data = {**COMMON, **EXTRA.get(kind, {})}
    properties: dict[str, Any] = {
        "type": {"const": kind},
        "timestamp": {"type": "string", "format": "date-time"},
        "data": {
            "type": "object",
            "properties": data,
            "required": list(data),
            "additionalProperties": False,
        },
    }
    return {
        "title": kind,
        "description": DESCRIPTIONS[kind],
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
