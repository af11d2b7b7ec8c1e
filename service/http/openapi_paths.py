"""The paths of `/v1`'s OpenAPI document (`service.http.openapi_doc`): one operation per route of
`service.http.rest_api.V1_ROUTES`, with every status and its codes (`problems.STATUS`)."""

from __future__ import annotations

from typing import Any

from boardstate.service.http import openapi_stream as sse
from boardstate.service.http import openapi_values as v
from boardstate.service.http import rest_models as m
from boardstate.service.http.openapi_examples import EXAMPLE_CODES, EXAMPLE_DETAILS, EXAMPLE_EXTRA
from boardstate.service.http.problems import PROBLEM_TYPE, STATUS
from boardstate.service.http.rest_game_types import GameTypeOut

REF = "#/components/schemas/{name}"
EXAMPLE_MOVE = {"type": "draw_from_deck"}
READ_ERRORS = (400, 404, 429, 503)
AUTH: list[dict[str, list[str]]] = [{"bearerAuth": []}, {}]
"""A seat token where the route needs one; optional elsewhere (spectators)."""


def _ref(model: type[Any]) -> dict[str, str]:
    return {"$ref": REF.format(name=model.__name__)}


def _param(name: str, where: str, description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": name,
        "in": where,
        "required": where == "path",
        "description": description,
        "schema": schema,
    }


GAME_ID = _param("id", "path", "The game's id.", {"type": "string"})
SEAT = _param("seat", "query", "A seat (0-based); its token is needed.", v.SEAT_SCHEMA)
NON_NEG = v.POSITION_SCHEMA


def _json(model: type[Any] | dict[str, Any], description: str) -> dict[str, Any]:
    schema = model if isinstance(model, dict) else _ref(model)
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _problems(
    statuses: tuple[int, ...], only: dict[int, tuple[str, ...]] | None = None
) -> dict[str, Any]:
    """The problem responses of `statuses`: every code of the status table, or `only`'s."""
    out: dict[str, Any] = {}
    for status in statuses:
        codes = sorted(c for c, (s, _) in STATUS.items() if s == status)
        if only and status in only:
            codes = sorted(only[status])
        code = EXAMPLE_CODES.get(status, codes[0])
        code = code if code in codes else codes[0]
        example = {
            "type": "about:blank",
            "title": STATUS[code][1],
            "status": status,
            "detail": EXAMPLE_DETAILS.get(code, "see code"),
            "code": code,
            "details": EXAMPLE_EXTRA.get(code),
        }
        media = {"schema": _ref(m.ProblemOut), "example": example}
        response: dict[str, Any] = {
            "description": "Problem: " + ", ".join(codes),
            "content": {PROBLEM_TYPE: media},
        }
        if status in (429, 503):
            response["headers"] = {
                "Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}
            }
        out[str(status)] = response
    return out


def _op(
    op_id: str,
    summary: str,
    ok: dict[str, Any],
    errors: tuple[int, ...] = READ_ERRORS,
    params: tuple[dict[str, Any], ...] = (),
    body: type[Any] | None = None,
    example: dict[str, Any] | None = None,
    only: dict[int, tuple[str, ...]] | None = None,
) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": op_id,
        "summary": summary,
        "security": AUTH,
        "parameters": list(params),
        "responses": {**ok, **_problems(errors, only)},
    }
    if body is not None:
        media: dict[str, Any] = {"schema": _ref(body)}
        if example is not None:
            media["example"] = example
        operation["requestBody"] = {"required": True, "content": {"application/json": media}}
    return operation


def _stream() -> dict[str, Any]:
    return _op(
        "streamEvents",
        "Events after `afterVersion` or `Last-Event-ID` as SSE, redacted, each with the header",
        sse.STREAM_OK,
        tuple(sse.STREAM_PROBLEMS),
        (
            GAME_ID,
            _param("afterVersion", "query", "Exclusive; 0 (default) from the start.", NON_NEG),
            _param("Last-Event-ID", "header", sse.LAST_EVENT_ID, sse.LAST_EVENT_ID_SCHEMA),
            _param("withState", "query", sse.WITH_STATE, sse.WITH_STATE_SCHEMA),
        ),
        only=sse.STREAM_PROBLEMS,
    )


def paths() -> dict[str, Any]:
    write = (400, 401, 404, 409, 413, 422, 429, 503)
    return {
        "/v1/game-types": {
            "get": _op(
                "listGameTypes",
                "Game types",
                {"200": _json({"type": "array", "items": _ref(GameTypeOut)}, "Game types")},
                (429,),
            )
        },
        "/v1/game-types/{type}": {
            "get": _op(
                "getGameType",
                "One game type",
                {"200": _json(GameTypeOut, "The game type")},
                (404, 429),
                (_param("type", "path", "A game type id.", {"type": "string"}),),
            )
        },
        "/v1/games": {
            "get": _op(
                "listGames",
                "Games, newest first",
                {"200": _json(m.GamesPageOut, "A page of games")},
                (400, 429, 503),
                (
                    _param("gameType", "query", "Only this game type.", {"type": "string"}),
                    _param("status", "query", "Only this status.", {"enum": list(m.STATUSES)}),
                    _param("player", "query", "A seated player's name.", {"type": "string"}),
                    _param("limit", "query", "Page size (clamped).", NON_NEG),
                    _param("cursor", "query", "`nextCursor` of a page.", {"type": "string"}),
                ),
            ),
            "post": _op(
                "createGame",
                "Creates a game; `seats` fills every seat and starts it",
                {"201": _json(m.GameCreatedOut, "The game and the seat tokens")},
                (400, 404, 413, 422, 429, 503),
                body=m.CreateGameIn,
                example={"gameType": "trambahn", "players": 2, "seats": ["ann", "bob"]},
            ),
        },
        "/v1/games/{id}": {
            "get": _op(
                "getGame",
                "The game; ETag is its version (If-None-Match answers 304)",
                {
                    "200": _json(m.GameOut, "The game"),
                    "304": {"description": "Not modified (If-None-Match)"},
                },
                params=(GAME_ID,),
            )
        },
        "/v1/games/{id}/seats": {
            "post": _op(
                "joinGame",
                "Takes a seat (the lowest free one without `seat`)",
                {"201": _json(m.SeatJoinedOut, "The seat and its token")},
                write,
                (GAME_ID,),
                m.JoinIn,
                {"name": "cy"},
            )
        },
        "/v1/games/{id}/state": {
            "get": _op(
                "getState",
                "A seat's view (its token) or the spectator view, at any version",
                {"200": _json(m.StateOut, "The view")},
                (400, 401, 404, 422, 429, 503),
                (
                    GAME_ID,
                    _param(
                        "seat", "query", "A seat (0-based); omit for spectators.", v.SEAT_SCHEMA
                    ),
                    _param("version", "query", "A past version (1-based).", v.VERSION_SCHEMA),
                ),
            )
        },
        "/v1/games/{id}/legal-moves": {
            "get": _op(
                "getLegalMoves",
                "A seat's legal moves; each can be submitted verbatim",
                {"200": _json(m.LegalMovesOut, "The moves")},
                (400, 401, 404, 422, 429, 503),
                (GAME_ID, {**SEAT, "required": True}),
            )
        },
        "/v1/games/{id}/moves": {
            "post": _op(
                "submitMove",
                "Checks (token, moveId, expectedVersion, rules) and records a move",
                {
                    "201": _json(m.MoveAcceptedOut, "Recorded"),
                    "200": _json(m.MoveAcceptedOut, "A moveId retry, or a dry run"),
                },
                write,
                (
                    GAME_ID,
                    _param("Idempotency-Key", "header", "The moveId.", v.MOVE_ID_SCHEMA),
                    _param("If-Match", "header", 'expectedVersion as "<n>".', v.ETAG_SCHEMA),
                ),
                m.MoveIn,
                {"seat": 0, "move": EXAMPLE_MOVE, "expectedVersion": 4, "moveId": "m-1"},
            )
        },
        "/v1/games/{id}/events": {
            "get": _op(
                "listEvents",
                "Events after `afterVersion` (exclusive), redacted for the caller",
                {"200": _json(m.EventsPageOut, "A page of events")},
                (400, 401, 404, 422, 429, 503),
                (
                    GAME_ID,
                    _param("afterVersion", "query", "Exclusive; 0 from the start.", NON_NEG),
                    _param("limit", "query", "Page size (clamped).", NON_NEG),
                    _param("seat", "query", "Redact for this seat (its token).", v.SEAT_SCHEMA),
                ),
            )
        },
        "/v1/games/{id}/events/stream": {"get": _stream()},
        "/v1/games/{id}/log": {
            "get": _op(
                "exportLog",
                "The log as NDJSON (or msgpack), redacted while the game runs",
                {"200": {"description": "The export", "content": {"application/x-ndjson": {}}}},
                (404, 429, 503),
                (GAME_ID,),
            )
        },
    }
