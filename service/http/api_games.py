"""The declarations of the game routes of `/v1` (DESIGN §5b; handlers in `service.http.rest_api`
and `service.http.sse`): one `ApiRoute` each, from which the route table, the prices and the
OpenAPI operations are generated (`service.http.api_route`)."""

from __future__ import annotations

from boardstate.schema.field_costs import FOLD, WRITE
from boardstate.service.http import openapi_stream as sse
from boardstate.service.http import openapi_values as v
from boardstate.service.http import rest_api as h
from boardstate.service.http import rest_models as m
from boardstate.service.http.api_route import (
    WRITE_ERRORS,
    ApiRoute,
    Param,
    json_answer,
    ref,
)
from boardstate.service.http.openapi_caching import NOT_MODIFIED
from boardstate.service.http.openapi_pictures import PICTURE_OK
from boardstate.service.http.rest_game_types import GameTypeOut
from boardstate.service.http.rest_prices import EVENT, EVENTS, GAME, Price
from boardstate.service.http.sse import STREAM_PATH, event_stream

GAME_ID = Param("id", "path", "The game's id.", {"type": "string"}, route_name="game_id")
SEAT_VIEW = Param("seat", "query", "A seat (0-based); omit for spectators.", v.SEAT_SCHEMA)
VERSION = Param("version", "query", "A past version (1-based).", v.VERSION_SCHEMA)
LIMIT = Param("limit", "query", "Page size (clamped).", v.POSITION_SCHEMA)
SEAT_ERRORS = (400, 401, 404, 422, 429, 503)
TYPES_TAG = "A hash of the answer's bytes: it changes only with a deployment. Cacheable for 60 s."
EXAMPLE_MOVE = {"type": "draw_from_deck"}

GAME_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        "GET", "/v1/game-types", h.list_game_types, "listGameTypes", "Game types",
        {"200": json_answer({"type": "array", "items": ref(GameTypeOut)}, "Game types")},
        Price(345), (429,), etag=TYPES_TAG,
    ),
    ApiRoute(
        "GET", "/v1/game-types/{type_id}", h.get_game_type, "getGameType", "One game type",
        {"200": json_answer(GameTypeOut, "The game type")}, Price(87), (404, 429),
        (Param("type", "path", "A game type id.", {"type": "string"}, route_name="type_id"),),
        etag=TYPES_TAG,
    ),
    ApiRoute(
        "GET", "/v1/games", h.list_games, "listGames", "Games, newest first",
        {"200": json_answer(m.GamesPageOut, "A page of games")}, Price(1, 128, "limit"),
        (400, 429, 503),
        (
            Param("gameType", "query", "Only this game type.", {"type": "string"}),
            Param("status", "query", "Only this status.", {"enum": list(m.STATUSES)}),
            Param("player", "query", "A seated player's name.", {"type": "string"}),
            LIMIT,
            Param("cursor", "query", "`nextCursor` of a page.", {"type": "string"}),
        ),
    ),
    ApiRoute(
        "POST", "/v1/games", h.create_game, "createGame",
        "Creates a game; `seats` fills every seat and starts it",
        {"201": json_answer(m.GameCreatedOut, "The game and the seat tokens")},
        Price(WRITE + 77), (400, 404, 413, 422, 429, 503),
        body=m.CreateGameIn,
        example={"gameType": "trambahn", "players": 2, "seats": ["ann", "bob"]},
    ),
    ApiRoute(
        "GET", "/v1/games/{game_id}", h.get_game, "getGame",
        "The game; ETag is its version (If-None-Match answers 304)",
        {"200": json_answer(m.GameOut, "The game"), "304": NOT_MODIFIED}, Price(GAME),
        params=(GAME_ID,), etag='The game\'s version, `"<version>"` (as `If-Match` takes it).',
    ),
    ApiRoute(
        "POST", "/v1/games/{game_id}/seats", h.join_game, "joinGame",
        "Takes a seat (the lowest free one without `seat`)",
        {"201": json_answer(m.SeatJoinedOut, "The seat and its token")}, Price(WRITE + 76),
        WRITE_ERRORS, (GAME_ID,), m.JoinIn, {"name": "cy"},
    ),
    ApiRoute(
        "GET", "/v1/games/{game_id}/state", h.get_state, "getState",
        "A seat's view (its token) or the spectator view, at any version",
        {"200": json_answer(m.StateOut, "The view")}, Price(111, extra={"version": FOLD}),
        SEAT_ERRORS, (GAME_ID, SEAT_VIEW, VERSION),
        etag='The version served, `"<version>"`: a view at a version never changes, so with '
        "`version` (or once the game has ended) it is cacheable for a day.",
    ),
    ApiRoute(
        "GET", "/v1/games/{game_id}/legal-moves", h.get_legal_moves, "getLegalMoves",
        "A seat's legal moves; each can be submitted verbatim",
        {"200": json_answer(m.LegalMovesOut, "The moves")}, Price(201), SEAT_ERRORS,
        (GAME_ID, Param("seat", "query", "A seat (0-based); its token is needed.",
                        v.SEAT_SCHEMA, required=True)),
    ),
    ApiRoute(
        "POST", "/v1/games/{game_id}/moves", h.submit_move, "submitMove",
        "Checks (token, moveId, expectedVersion, rules) and records a move",
        {
            "201": json_answer(m.MoveAcceptedOut, "Recorded"),
            "200": json_answer(m.MoveAcceptedOut, "A moveId retry, or a dry run"),
        },
        Price(WRITE + 85), WRITE_ERRORS,
        (
            GAME_ID,
            Param("Idempotency-Key", "header", "The moveId.", v.MOVE_ID_SCHEMA),
            Param("If-Match", "header", 'expectedVersion as "<n>".', v.ETAG_SCHEMA),
        ),
        m.MoveIn, {"seat": 0, "move": EXAMPLE_MOVE, "expectedVersion": 4, "moveId": "m-1"},
    ),
    ApiRoute(
        "GET", "/v1/games/{game_id}/events", h.get_events, "listEvents",
        "Events after `afterVersion` (exclusive), redacted for the caller",
        {"200": json_answer(m.EventsPageOut, "A page of events")},
        Price(EVENTS, EVENT, "limit"), SEAT_ERRORS,
        (
            GAME_ID,
            Param("afterVersion", "query", "Exclusive; 0 from the start.", v.POSITION_SCHEMA),
            LIMIT,
            Param("seat", "query", "Redact for this seat (its token).", v.SEAT_SCHEMA),
        ),
    ),
    ApiRoute(
        "GET", STREAM_PATH, event_stream, "streamEvents",
        "Events as Server-Sent Events after `afterVersion` or `Last-Event-ID`, redacted for "
        "the caller, until the game ends",
        sse.STREAM_OK, Price(9), tuple(sse.STREAM_PROBLEMS),
        (
            GAME_ID,
            Param("afterVersion", "query", "Exclusive; 0 (default) from the start.",
                  v.POSITION_SCHEMA),
            Param("Last-Event-ID", "header", sse.LAST_EVENT_ID, sse.LAST_EVENT_ID_SCHEMA),
        ),
        only=sse.STREAM_PROBLEMS, stream_item=sse.MESSAGE_SCHEMA,
    ),
    ApiRoute(
        "GET", "/v1/games/{game_id}/log", h.get_log, "exportLog",
        "The log as NDJSON (or msgpack), redacted while the game runs",
        {"200": {"description": "The export", "content": {"application/x-ndjson": {}}}},
        Price(EVENTS), (404, 429, 503), (GAME_ID,),
        etag="Only once the game has ended (the complete log never changes): one ETag per "
        "format (`Vary: Accept`), cacheable for a day. A running game's export has none.",
    ),
    ApiRoute(
        "GET", "/v1/games/{game_id}/board.svg", h.get_board_svg, "getBoardSvg",
        "A picture (SVG) of a seat's view (its token) or the spectator view, at any version",
        {**PICTURE_OK, "304": NOT_MODIFIED}, Price(1050, extra={"version": FOLD}), SEAT_ERRORS,
        (
            GAME_ID, SEAT_VIEW, VERSION,
            Param("If-None-Match", "header", "An ETag of this picture.", {"type": "string"}),
        ),
        etag="The picture's revision (version, seat, ended); a finished game's pictures are "
        "cacheable for a day. A revalidation that matches draws nothing.",
    ),
)  # fmt: skip
"""In the document's order (the route table's too)."""
