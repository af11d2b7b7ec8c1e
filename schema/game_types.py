"""The `GameType` object: a registered game type with its rules metadata and JSON Schemas,
read from the facts computed once per process (`service.contract.type_facts`)."""

from __future__ import annotations

import functools

import strawberry
from strawberry.scalars import JSON

from boardstate.engine import registry
from boardstate.schema import decorators as described
from boardstate.service.contract.type_facts import TypeFacts, facts


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

    @described.field(
        "The installed package (distribution) that registers this game type "
        "(entry-point group `boardstate.games`)."
    )
    def package(self) -> str:
        return self.facts.package

    @described.field("The version of that package.")
    def package_version(self) -> str:
        return self.facts.package_version


@functools.cache
def game_type_of(game_type: str) -> GameType:
    """Returns the GraphQL type of a registered game type id (one object per process)."""
    return GameType(facts=facts(game_type))


def all_game_types() -> list[GameType]:
    """Every registered game type, sorted by id."""
    return [game_type_of(t) for t in sorted(registry.GAMES)]
