"""The game types of the REST API (`GET /v1/game-types`): metadata, schemas, variants."""

from __future__ import annotations

from boardstate.engine import registry
from boardstate.engine.core.payloads import event_types
from boardstate.schema.service_events import SERVICE_EVENT_TYPES, delivered_event_schema
from boardstate.service.http.rest_base import Out
from boardstate.service.http.rest_models import JsonObject


class PlayerCountOut(Out):
    players: int
    printed: bool
    rule: str
    source: str


class GameTypeOut(Out):
    id: str
    name: str
    min_players: int
    max_players: int
    rules_version: str
    max_game_length: int | None
    player_counts: list[PlayerCountOut]
    variants: list[JsonObject]
    options_schema: JsonObject
    move_schema: JsonObject
    event_types: list[str]
    service_event_types: list[str]
    event_schema: JsonObject
    state_schema: JsonObject
    provenance: JsonObject


def game_type_out(type_id: str) -> GameTypeOut:
    """The game type (as `GameType` in §5); raises `UNKNOWN_GAME_TYPE`."""
    rules = registry.get(type_id)
    info = rules.info
    return GameTypeOut(
        id=info.id,
        name=info.name,
        min_players=info.min_players,
        max_players=info.max_players,
        rules_version=info.rules_version,
        max_game_length=rules.max_length(),
        player_counts=[
            PlayerCountOut(**c)
            for c in rules.variants.player_counts(info.min_players, info.max_players)
        ],
        variants=rules.variants.metadata(),
        options_schema=rules.options_schema(),
        move_schema=rules.moves.json_schema(f"{info.id} move"),
        event_types=event_types(rules),
        service_event_types=list(SERVICE_EVENT_TYPES),
        event_schema=delivered_event_schema(rules),
        state_schema=rules.state_schema(),
        provenance=rules.data.metadata(),
    )
