"""The `GameType` object: a registered game type with its rules metadata and JSON Schemas."""

from __future__ import annotations

from typing import Any

import strawberry
from strawberry.scalars import JSON

from boardstate.engine import registry
from boardstate.engine.core.bots.policies import POLICIES
from boardstate.engine.core.payloads import event_types
from boardstate.engine.core.rules import GameRules
from boardstate.schema import decorators as described
from boardstate.schema.service_events import SERVICE_EVENT_TYPES, delivered_event_schema


@strawberry.type
class PlayerCount:
    """One allowed player count: printed in the rules, or a variant."""

    players: int
    printed: bool
    rule: str = strawberry.field(description="`printed`, or the rule text of the variant.")
    source: str


@strawberry.type
class GameType:
    """A registered game type and its published schemas."""

    rules: strawberry.Private[GameRules[Any, Any, Any]]

    @strawberry.field
    def id(self) -> strawberry.ID:
        return strawberry.ID(self.rules.info.id)

    @strawberry.field
    def name(self) -> str:
        return self.rules.info.name

    @strawberry.field
    def min_players(self) -> int:
        return self.rules.info.min_players

    @strawberry.field
    def max_players(self) -> int:
        return self.rules.info.max_players

    @strawberry.field
    def rules_version(self) -> str:
        return self.rules.info.rules_version

    @described.field(
        "An upper bound on the number of accepted moves in any game of this type; null when "
        "some options let a game go on for ever (see `variants`, `unbounded`; "
        "`Game.maxGameLength` gives one game's bound)."
    )
    def max_game_length(self) -> int | None:
        return self.rules.max_length()

    @described.field(
        "Per allowed player count: printed in the rules or a variant, with the rule text that "
        "defines it and its source."
    )
    def player_counts(self) -> list[PlayerCount]:
        info = self.rules.info
        return [
            PlayerCount(**c)
            for c in self.rules.variants.player_counts(info.min_players, info.max_players)
        ]

    @described.field(
        "Every departure from the printed rules a game may be created with: player counts and "
        "option values (id, kind, players or option, printed values, rule, source, unbounded)."
    )
    def variants(self) -> JSON:
        return JSON(self.rules.variants.metadata())

    @described.field(
        "The bot policies a seat may be given (createGame bots, replaceSeat, options.standIn)."
    )
    def bot_policies(self) -> list[str]:
        return sorted(POLICIES)

    @described.field("JSON Schema of createGame options.")
    def options_schema(self) -> JSON:
        return JSON(self.rules.options_schema())

    @described.field("JSON Schema of one move.")
    def move_schema(self) -> JSON:
        return JSON(self.rules.moves.json_schema(f"{self.rules.info.id} move"))

    @described.field("The game's engine event types (the `type` of its events), sorted.")
    def event_types(self) -> list[str]:
        return event_types(self.rules)

    @described.field(
        "The service's own event types (creation, seats, the end, the table's lifecycle), "
        "which a game's log holds beside its engine events."
    )
    def service_event_types(self) -> list[str]:
        return list(SERVICE_EVENT_TYPES)

    @described.field(
        "JSON Schema (2020-12) of one event as delivered, `{type, data}`, for any viewer: the "
        "game's engine events and the service's own."
    )
    def event_schema(self) -> JSON:
        return JSON(delivered_event_schema(self.rules))

    @described.field(
        "JSON Schema (2020-12) of the state view (`Game.state`, getState) for any viewer."
    )
    def state_schema(self) -> JSON:
        return JSON(self.rules.state_schema())

    @described.field("Which component data are printed facts, which reconstructed.")
    def provenance(self) -> JSON:
        return JSON(self.rules.data.metadata())


def game_type_of(game_type: str) -> GameType:
    """Returns the GraphQL type of a registered game type id."""
    return GameType(rules=registry.get(game_type))
