"""The OpenAPI 3.1 document of `/v1`, generated from the code: schemas from the msgspec Structs
of `service.http.rest_models`, problem codes from `service.http.problems.STATUS`, paths from the
route declarations (`service.http.api_routes.DECLARED`, `service.http.openapi_operations`).

Committed as `schema/openapi.json` (`scripts/export_openapi.py`; a test keeps it in sync) and
served at `GET /v1/openapi.json`.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.contract.codes import ALL_CODES
from boardstate.service.http import rest_models as m
from boardstate.service.http import rest_table_models
from boardstate.service.http.api_history import HISTORY_MODELS
from boardstate.service.http.api_matchmaking import MODELS as MATCH_MODELS
from boardstate.service.http.api_players import PLAYER_MODELS
from boardstate.service.http.api_ratings import RATING_MODELS
from boardstate.service.http.api_route import REF
from boardstate.service.http.api_routes import DECLARED
from boardstate.service.http.openapi_operations import paths_of
from boardstate.service.http.openapi_webhooks import MODELS as webhook_models
from boardstate.service.http.openapi_webhooks import announcement_components, outgoing_webhooks
from boardstate.service.http.problems import INTERNAL
from boardstate.service.http.rest_game_types import GameTypeOut
from boardstate.service.http.rest_stream_models import StreamEventOut

MODELS: tuple[type[Any], ...] = (
    m.CreateGameIn,
    m.JoinIn,
    m.MoveIn,
    GameTypeOut,
    m.GameOut,
    m.GameCreatedOut,
    m.GamesPageOut,
    m.SeatJoinedOut,
    m.StateOut,
    m.LegalMovesOut,
    m.EventsPageOut,
    StreamEventOut,
    m.MoveAcceptedOut,
    m.TableUpdatedOut,
    rest_table_models.AnswerIn,
    rest_table_models.StandInIn,
    m.ProblemOut,
    *webhook_models,
    *HISTORY_MODELS,
    *PLAYER_MODELS,
    *MATCH_MODELS,
    *RATING_MODELS,
)


@functools.cache
def document() -> dict[str, Any]:
    """Returns the OpenAPI document."""
    (_, components) = msgspec.json.schema_components(MODELS, ref_template=REF)
    codes = [*ALL_CODES, INTERNAL]
    components["ProblemOut"]["properties"]["code"] = {"enum": codes}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Boardstate REST API",
            "version": "1",
            "description": "DESIGN §5b: the GraphQL API's operations as resources; same "
            "tokens, codes and conventions. Errors are application/problem+json.",
        },
        "servers": [{"url": "/"}],
        "paths": paths_of(DECLARED),
        "webhooks": outgoing_webhooks(),
        "components": {
            "schemas": {**components, **announcement_components()},
            "securitySchemes": {
                "bearerAuth": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat token from createGame (seats) or joinGame.",
                }
            },
        },
    }


@functools.cache
def text() -> str:
    """The document as committed (indented, with a final newline)."""
    return msgspec.json.format(msgspec.json.encode(document()), indent=2).decode() + "\n"


async def serve(request: Request) -> Response:
    """`GET /v1/openapi.json`."""
    return Response(text(), media_type="application/json")
