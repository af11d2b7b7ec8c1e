"""The JSON Schemas of the service's own events, beside each game's engine events (issue 19).

A game's log holds the engine events of its game type and the service's own events: creation
and seats (`GameCreated`, `SeatJoined`, `GameEnded`, architecture §4) and the table's lifecycle
(`Resigned`, `TimedOut`, `StandInSeated`, `MoveTimed`, `TakebackRequested`,
`TakebackAnswered`, `TakenBack`, `SeatLeft`, `SeatTokenReissued`; docs/lifecycle.md). Every
door delivers both alike, as `{type, data, ...}`. `delivered_event_schema(rules)` is the schema
of any of them for one game type (`eventSchema` on both doors): the engine's
(`engine.core.payloads`) and these. The service writes these events (`service.log`); tests
validate every service event of the golden logs, of the lifecycle conformance games and of live
games on both doors against them.
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.payloads import DIALECT, engine_event_pairs
from boardstate.engine.core.rules import GameRules
from boardstate.engine.core.view_schema import BOOL, INT, NAT, STR
from boardstate.engine.core.wire import value_schema

TIME: dict[str, Any] = {"type": "string", "format": "date-time"}
NOTHING: dict[str, Any] = {}


def _obj(required: dict[str, Any], optional: dict[str, Any] = NOTHING) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {**required, **optional},
        "required": list(required),
        "additionalProperties": False,
    }


TABLE = _obj(
    {},
    {
        "clock": {
            "type": "object",
            "description": "perMoveSeconds or initialSeconds + "
            "incrementSeconds, with onTimeout (docs/lifecycle.md)",
        },
        "standIn": STR,
        "hints": BOOL,
        "bots": {"type": "array", "items": _obj({"seat": NAT, "policy": STR, "budgetMs": NAT})},
        "idleTimeouts": {
            "type": "integer",
            "minimum": 1,
            "description": "timeouts in a row after which a table nobody sits at ends "
            "(docs/lifecycle.md)",
        },
    },
)
FORKED_FROM = _obj(
    {
        "gameId": STR,
        "version": NAT,
        "seeds": {"type": "array", "items": _obj({"seed": STR, "before": NAT})},
        "exact": BOOL,
    }
)
PLAYER_ID: dict[str, Any] = {
    "anyOf": [{"type": "string", "minLength": 1, "maxLength": 64}, {"type": "null"}]
}
MEMBERS = (
    "Per seat: whether its playerId is a membership (put there by that player's own token, the "
    "admin token or matchmaking) rather than a name its creator wrote (docs/players.md)."
)
MEMBER = "Whether `playerId` is a membership (the joiner's own token or the admin token's)."


def _created(rules: GameRules[Any, Any, Any]) -> dict[str, Any]:
    return _obj(
        {
            "gameType": {"const": rules.info.id},
            "rulesVersion": STR,
            "options": value_schema(rules.options_type),
            "players": NAT,
            "dataSet": STR,
            "dataHash": STR,
            "seedCommitment": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
            "seededByClient": BOOL,
            "createdAt": TIME,
        },
        {
            "table": TABLE,
            "playerIds": {"type": "array", "items": PLAYER_ID},
            "members": {"type": "array", "items": BOOL, "description": MEMBERS},
            "forkedFrom": FORKED_FROM,
            "rated": BOOL,
            "ratedGamesPerPair": NAT,
            "rematchOf": STR,
        },
    )


ENDED = _obj(
    {
        "seed": STR,
        "scores": {"type": "array", "items": INT},
        "winners": {"type": "array", "items": NAT},
        "details": {"type": "object", "description": "the game's result details"},
    },
    {"status": {"const": "ABANDONED"}},
)
LIFECYCLE: dict[str, dict[str, Any]] = {
    "Resigned": _obj({}),
    "TimedOut": _obj({"onTimeout": {"enum": ["stand-in", "forfeit"]}}, {"deadline": TIME}),
    "StandInSeated": _obj({"policy": STR}),
    "MoveTimed": _obj(
        {
            "usedMs": NAT,
            "remainingMs": {"anyOf": [{"type": "array", "items": NAT}, {"type": "null"}]},
        }
    ),
    "TakebackRequested": _obj({"toVersion": NAT}),
    "TakebackAnswered": _obj({"accept": BOOL}),
    "TakenBack": _obj({"toVersion": NAT}),
    "SeatLeft": _obj({}),
    "SeatTokenReissued": _obj({}),
}


def service_event_data(rules: GameRules[Any, Any, Any]) -> dict[str, dict[str, Any]]:
    """The schema of each service event's `data`, by type."""
    return {
        "GameCreated": _created(rules),
        "SeatJoined": _obj(
            {"name": STR}, {"playerId": PLAYER_ID, "member": {**BOOL, "description": MEMBER}}
        ),
        "GameEnded": ENDED,
        **LIFECYCLE,
    }


SERVICE_EVENT_TYPES: tuple[str, ...] = ("GameCreated", "SeatJoined", "GameEnded", *LIFECYCLE)


def delivered_event_schema(rules: GameRules[Any, Any, Any]) -> dict[str, Any]:
    """The JSON Schema (2020-12) of any event of a game of this type as delivered, `{type,
    data}` (other envelope members allowed): its engine events and the service's own."""
    service = [
        {
            "type": "object",
            "properties": {"type": {"const": kind}, "data": data},
            "required": ["type", "data"],
            "description": f"The service's {kind} event",
        }
        for kind, data in service_event_data(rules).items()
    ]
    return {
        "$schema": DIALECT,
        "title": f"{rules.info.id} event",
        "oneOf": engine_event_pairs(rules) + service,
    }
