"""The game types of the REST API (`GET /v1/game-types`, `GET /v1/game-types/{type}`): metadata,
schemas, variants.

They never change while a process runs (they change with a deployment), and the list is about
170 KB of JSON, so each answer is encoded once per process (`encoded`) with a strong ETag (a hash
of those bytes: replicas of one deployment agree, a new deployment changes it). A client that
sends the ETag back in `If-None-Match` gets `304 Not Modified` with no body; `Cache-Control`
lets caches keep it for a minute, as GitHub's API does for public resources.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib

import msgspec
from starlette.requests import Request
from starlette.responses import Response

from boardstate.engine import registry
from boardstate.service.contract.type_facts import facts
from boardstate.service.http.rest.base import Out
from boardstate.service.http.rest.common import not_modified
from boardstate.service.http.rest.games.models import JsonObject

CACHE_CONTROL = "public, max-age=60"


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
    package: str
    package_version: str


def game_type_out(type_id: str) -> GameTypeOut:
    """The game type (as `GameType` in §5); raises `UNKNOWN_GAME_TYPE`."""
    found = facts(type_id)
    return GameTypeOut(
        id=found.id,
        name=found.name,
        min_players=found.min_players,
        max_players=found.max_players,
        rules_version=found.rules_version,
        max_game_length=found.max_game_length,
        player_counts=[PlayerCountOut(**c) for c in found.player_counts],
        variants=found.variants,
        options_schema=found.options_schema,
        move_schema=found.move_schema,
        event_types=list(found.event_types),
        service_event_types=list(found.service_event_types),
        event_schema=found.event_schema,
        state_schema=found.state_schema,
        provenance=found.provenance,
        package=found.package,
        package_version=found.package_version,
    )


@dataclasses.dataclass(frozen=True, slots=True)
class Encoded:
    """An answer's bytes and their strong ETag."""

    body: bytes
    etag: str


def _encoded(value: object) -> Encoded:
    body = msgspec.json.encode(value)
    return Encoded(body, '"gt-' + hashlib.sha256(body).hexdigest()[:32] + '"')


@functools.cache
def every_type() -> Encoded:
    """The list of every game type, encoded once per process."""
    return _encoded([game_type_out(t) for t in sorted(registry.GAMES)])


@functools.cache
def one_type(type_id: str) -> Encoded:
    """One game type, encoded once per process (`UNKNOWN_GAME_TYPE` is raised, not cached)."""
    return _encoded(game_type_out(type_id))


def cached_json(request: Request, answer: Encoded) -> Response:
    """The answer, or `304 Not Modified` when the client holds it (same ETag)."""
    headers = {"etag": answer.etag, "cache-control": CACHE_CONTROL}
    if not_modified(request, answer.etag):
        return Response(status_code=304, headers=headers)
    return Response(answer.body, headers=headers, media_type="application/json")
