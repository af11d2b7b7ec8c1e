"""The checks a game declaration passes before it is served (`engine.registration`).

They are the facts the service relies on and cannot check later without a game in play: an id
usable in URLs, a sane player range and length bound, options that parse with their defaults,
and wire names that follow the convention (architecture §5: moves are snake_case actions,
events PascalCase facts named like their class) without taking a name the service writes
itself. Each problem is a sentence; an empty list means the declaration may be served.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.rules import GameRules

GAME_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
MAX_ID = 40
MOVE_NAME = re.compile(r"[a-z]+(_[a-z0-9]+)*")
EVENT_NAME = re.compile(r"[A-Z][A-Za-z0-9]*")
SERVICE_EVENTS = frozenset(
    {
        "GameCreated",
        "SeatJoined",
        "GameEnded",
        "Resigned",
        "TimedOut",
        "StandInSeated",
        "MoveTimed",
        "TakebackRequested",
        "TakebackAnswered",
        "TakenBack",
        "SeatLeft",
        "SeatTokenReissued",
    }
)
"""Event types the service appends to every game's log (`service.contract.service_events`)."""


def check_declaration(rules: Any, name: str) -> list[str]:
    """The problems of the object an entry point named `name` loaded (`id` or `id@version`)."""
    if not isinstance(rules, GameRules):
        return [f"expected a GameRules declaration, got {type(rules).__name__}"]
    info = rules.info
    problems: list[str] = []
    wanted = f"{info.id}@{info.rules_version}" if "@" in name else info.id
    if name != wanted:
        problems.append(f"the entry point is named {name!r} but declares {wanted!r}")
    if not GAME_ID.fullmatch(info.id) or len(info.id) > MAX_ID:
        problems.append(
            f"game id {info.id!r} must be lowercase words joined by '-', at most {MAX_ID} chars"
        )
    if not info.name.strip():
        problems.append("the game needs a name")
    if not info.rules_version.strip():
        problems.append("the rules version is empty")
    if not 1 <= info.min_players <= info.max_players:
        problems.append(f"players {info.min_players}–{info.max_players} is not a range from 1")
    if info.max_game_length < 1:
        problems.append("max_game_length must be at least 1 (a bound on accepted moves)")
    problems += _wire_names(rules)
    if not dataclasses.is_dataclass(rules.options_type):
        problems.append("options_type must be a dataclass")
    else:
        try:
            rules.parse_options({})
        except MoveError as exc:
            problems.append(f"the default options are refused: {exc}")
    return problems


def _wire_names(rules: GameRules[Any, Any, Any]) -> list[str]:
    problems = []
    if not rules.moves.by_type:
        problems.append("the game declares no move type")
    if not rules.events.by_type:
        problems.append("the game declares no event type")
    for move in rules.moves.by_type:
        if not MOVE_NAME.fullmatch(move):
            problems.append(f"move type {move!r} is not snake_case")
    for event, cls in rules.events.by_type.items():
        if not EVENT_NAME.fullmatch(event) or event != cls.__name__:
            problems.append(f"event type {event!r} must be PascalCase and its class's name")
        if event in SERVICE_EVENTS:
            problems.append(f"event type {event!r} is one the service writes itself")
    return problems
