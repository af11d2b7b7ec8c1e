"""The OpenAPI 3.1 document of `/v1`, generated from the code: schemas from the msgspec Structs
of `service.http.rest.games.models`, problem codes from `service.http.edge.problems.STATUS`, paths
from the route declarations (`service.http.rest.declared.DECLARED`,
`service.http.openapi.operations`).

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
from boardstate.service.http.edge.problems import INTERNAL
from boardstate.service.http.openapi.operations import paths_of
from boardstate.service.http.openapi.webhooks import MODELS as webhook_models
from boardstate.service.http.openapi.webhooks import announcement_components, outgoing_webhooks
from boardstate.service.http.rest.declared import DECLARED
from boardstate.service.http.rest.games import models as m
from boardstate.service.http.rest.games.game_types import GameTypeOut
from boardstate.service.http.rest.games.minimal import MoveMinimalOut
from boardstate.service.http.rest.history.routes import HISTORY_MODELS
from boardstate.service.http.rest.matchmaking.routes import MODELS as MATCH_MODELS
from boardstate.service.http.rest.players.rating_routes import RATING_MODELS
from boardstate.service.http.rest.players.routes import PLAYER_MODELS
from boardstate.service.http.rest.route import REF
from boardstate.service.http.rest.table import models as rest_table_models
from boardstate.service.http.streams.stream_models import StreamEventOut

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
    MoveMinimalOut,
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
            "description": "architecture §5b: the GraphQL API's operations as resources; same "
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
