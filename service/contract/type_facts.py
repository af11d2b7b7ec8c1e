"""What is published about a registered game type (its rules metadata and JSON Schemas),
computed once per process (`facts`); both doors read it."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from boardstate.engine import registry
from boardstate.engine.bots.policies import POLICIES
from boardstate.engine.core.payloads import event_types
from boardstate.engine.table.options_schema import published_options_schema
from boardstate.service.contract.service_events import SERVICE_EVENT_TYPES, delivered_event_schema


@dataclasses.dataclass(frozen=True, slots=True)
class TypeFacts:
    """Everything published about one game type, computed once per process (`facts`): the
    schemas take milliseconds to build and never change while the process runs. Both doors
    (`schema.game_types.GameType`, `GET /v1/game-types`) read them from here. Never mutate the
    values."""

    id: str
    name: str
    min_players: int
    max_players: int
    rules_version: str
    max_game_length: int | None
    player_counts: tuple[dict[str, Any], ...]
    variants: list[dict[str, Any]]
    bot_policies: tuple[str, ...]
    options_schema: dict[str, Any]
    move_schema: dict[str, Any]
    event_types: tuple[str, ...]
    service_event_types: tuple[str, ...]
    event_schema: dict[str, Any]
    state_schema: dict[str, Any]
    provenance: dict[str, Any]
    package: str
    """The distribution that registered the game type (`engine.registry.SOURCES`)."""
    package_version: str


@functools.cache
def facts(type_id: str) -> TypeFacts:
    """Returns the facts of a registered game type (`registry.get`: `UNKNOWN_GAME_TYPE`)."""
    rules = registry.get(type_id)
    info = rules.info
    return TypeFacts(
        id=info.id,
        name=info.name,
        min_players=info.min_players,
        max_players=info.max_players,
        rules_version=info.rules_version,
        max_game_length=rules.max_length(),
        player_counts=tuple(rules.variants.player_counts(info.min_players, info.max_players)),
        variants=rules.variants.metadata(),
        bot_policies=tuple(sorted(POLICIES)),
        options_schema=published_options_schema(rules),
        move_schema=rules.moves.json_schema(f"{info.id} move"),
        event_types=tuple(event_types(rules)),
        service_event_types=tuple(SERVICE_EVENT_TYPES),
        event_schema=delivered_event_schema(rules),
        state_schema=rules.state_schema(),
        provenance=rules.data.metadata(),
        package=registry.SOURCES[type_id].package,
        package_version=registry.SOURCES[type_id].version,
    )
