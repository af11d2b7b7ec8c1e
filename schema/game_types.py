"""The `GameType` object: a registered game type with its rules metadata and JSON Schemas,
computed once per process (`facts`)."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import strawberry
from strawberry.scalars import JSON

from boardstate.engine import registry
from boardstate.engine.bots.policies import POLICIES
from boardstate.engine.core.payloads import event_types
from boardstate.engine.table.options_schema import published_options_schema
from boardstate.schema import decorators as described
from boardstate.schema.service_events import SERVICE_EVENT_TYPES, delivered_event_schema


@strawberry.type
class PlayerCount:
    """One allowed player count: printed in the rules, or a variant."""

    players: int
    printed: bool
    rule: str = strawberry.field(description="`printed`, or the rule text of the variant.")
    source: str


@dataclasses.dataclass(frozen=True, slots=True)
class TypeFacts:
    """Everything published about one game type, computed once per process (`facts`): the
    schemas take milliseconds to build and never change while the process runs. Both doors
    (`GameType` here, `GET /v1/game-types`) read them from here. Never mutate the values."""

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
    )


@strawberry.type
class GameType:
    """A registered game type and its published schemas."""

    facts: strawberry.Private[TypeFacts]

    @strawberry.field
    def id(self) -> strawberry.ID:
        return strawberry.ID(self.facts.id)

    @strawberry.field
    def name(self) -> str:
        return self.facts.name

    @strawberry.field
    def min_players(self) -> int:
        return self.facts.min_players

    @strawberry.field
    def max_players(self) -> int:
        return self.facts.max_players

    @strawberry.field
    def rules_version(self) -> str:
        return self.facts.rules_version

    @described.field(
        "An upper bound on the number of accepted moves in any game of this type; null when "
        "some options let a game go on for ever (see `variants`, `unbounded`; "
        "`Game.maxGameLength` gives one game's bound)."
    )
    def max_game_length(self) -> int | None:
        return self.facts.max_game_length

    @described.field(
        "Per allowed player count: printed in the rules or a variant, with the rule text that "
        "defines it and its source."
    )
    def player_counts(self) -> list[PlayerCount]:
        return [PlayerCount(**c) for c in self.facts.player_counts]

    @described.field(
        "Every departure from the printed rules a game may be created with: player counts and "
        "option values (id, kind, players or option, printed values, rule, source, unbounded)."
    )
    def variants(self) -> JSON:
        return JSON(self.facts.variants)

    @described.field(
        "The bot policies a seat may be given (createGame bots, replaceSeat, options.standIn)."
    )
    def bot_policies(self) -> list[str]:
        return list(self.facts.bot_policies)

    @described.field("JSON Schema of createGame options.")
    def options_schema(self) -> JSON:
        return JSON(self.facts.options_schema)

    @described.field("JSON Schema of one move.")
    def move_schema(self) -> JSON:
        return JSON(self.facts.move_schema)

    @described.field("The game's engine event types (the `type` of its events), sorted.")
    def event_types(self) -> list[str]:
        return list(self.facts.event_types)

    @described.field(
        "The service's own event types (creation, seats, the end, the table's lifecycle), "
        "which a game's log holds beside its engine events."
    )
    def service_event_types(self) -> list[str]:
        return list(self.facts.service_event_types)

    @described.field(
        "JSON Schema (2020-12) of one event as delivered, `{type, data}`, for any viewer: the "
        "game's engine events and the service's own."
    )
    def event_schema(self) -> JSON:
        return JSON(self.facts.event_schema)

    @described.field(
        "JSON Schema (2020-12) of the state view (`Game.state`, getState) for any viewer."
    )
    def state_schema(self) -> JSON:
        return JSON(self.facts.state_schema)

    @described.field("Which component data are printed facts, which reconstructed.")
    def provenance(self) -> JSON:
        return JSON(self.facts.provenance)


@functools.cache
def game_type_of(game_type: str) -> GameType:
    """Returns the GraphQL type of a registered game type id (one object per process)."""
    return GameType(facts=facts(game_type))


def all_game_types() -> list[GameType]:
    """Every registered game type, sorted by id."""
    return [game_type_of(t) for t in sorted(registry.GAMES)]
