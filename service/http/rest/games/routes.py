"""The declarations of the game routes of `/v1` (architecture §5b; handlers in
`service.http.rest.games.handlers` and `service.http.streams.game_stream`): one `ApiRoute` each,
from which the route table, the prices and the OpenAPI operations are generated
(`service.http.rest.route`)."""

from __future__ import annotations

from boardstate.service.contract.work_costs import FOLD, WRITE
from boardstate.service.http.openapi import stream as sse
from boardstate.service.http.openapi.caching import NOT_MODIFIED
from boardstate.service.http.openapi.pictures import PICTURE_OK
from boardstate.service.http.rest import values as v
from boardstate.service.http.rest.games import handlers as h
from boardstate.service.http.rest.games import models as m
from boardstate.service.http.rest.games.minimal import PREFER_BYTES, MoveMinimalOut
from boardstate.service.http.rest.prices import EVENT, EVENTS, GAME, Price
from boardstate.service.http.rest.route import (
    CURSOR_REFUSALS,
    PLAY_REFUSALS,
    SEAT_REFUSALS,
    WRITE_ERRORS,
    ApiRoute,
    Param,
    json_answer,
    ref,
)
from boardstate.service.http.streams.game_stream import STREAM_PATH, event_stream

GAME_ID = Param("id", "path", "The game's id.", {"type": "string"}, route_name="game_id")
SEAT_VIEW = Param("seat", "query", "A seat (0-based); omit for spectators.", v.SEAT_SCHEMA)
VERSION = Param("version", "query", "A past version (1-based).", v.VERSION_SCHEMA)
LIMIT = Param("limit", "query", "Page size (clamped).", v.POSITION_SCHEMA)
CURSOR = Param("cursor", "query", "`nextCursor` of a page.", v.CURSOR_SCHEMA)
VIEW_REFUSALS = (*SEAT_REFUSALS, "BAD_VERSION")
"""A seat this game does not have, a version beyond its log."""
SEAT_ERRORS = (400, 401, 404, 422, 429, 503)
EXAMPLE_MOVE = {"type": "draw_from_deck"}
MOVE_ANSWER = {"oneOf": [ref(m.MoveAcceptedOut), ref(MoveMinimalOut)]}
"""The full answer, or with `Prefer: return=minimal` the minimal one (`Preference-Applied`)."""
PREFER = "`return=minimal`: answer `MoveMinimalOut` (version, events, header), not the game."

GAME_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        method="GET",
        path="/v1/games",
        handler=h.list_games,
        operation_id="listGames",
        summary="Games, newest first",
        ok={"200": json_answer(m.GamesPageOut, "A page of games")},
        price=Price(1, 128, "limit"),
        errors=(400, 429, 503),
        params=(
            Param("gameType", "query", "Only this game type.", {"type": "string"}),
            Param("status", "query", "Only this status.", {"enum": list(m.STATUSES)}),
            Param("player", "query", "A seated player's name.", {"type": "string"}),
            LIMIT,
            CURSOR,
        ),
        refusals=CURSOR_REFUSALS,
    ),
    ApiRoute(
        method="POST",
        path="/v1/games",
        handler=h.create_game,
        operation_id="createGame",
        summary="Creates a game; `seats` fills every seat and starts it",
        ok={"201": json_answer(m.GameCreatedOut, "The game and the seat tokens")},
        price=Price(WRITE + 77),
        errors=(400, 401, 404, 413, 422, 429, 503),
        # the game type's player counts and options; `seats`, `playerIds` and `bots` against
        # the player count
        refusals=("BAD_PLAYER_COUNT", "BAD_OPTIONS", "BAD_NAME"),
        body=m.CreateGameIn,
        example={"gameType": "trambahn", "players": 2, "seats": ["ann", "bob"]},
    ),
    ApiRoute(
        method="GET",
        path="/v1/games/{game_id}",
        handler=h.get_game,
        operation_id="getGame",
        summary="The game; ETag is its version (If-None-Match answers 304)",
        ok={"200": json_answer(m.GameOut, "The game"), "304": NOT_MODIFIED},
        price=Price(GAME),
        params=(GAME_ID,),
        etag='The game\'s version, `"<version>"` (as `If-Match` takes it).',
    ),
    ApiRoute(
        method="POST",
        path="/v1/games/{game_id}/seats",
        handler=h.join_game,
        operation_id="joinGame",
        summary="Takes a seat (the lowest free one without `seat`)",
        ok={"201": json_answer(m.SeatJoinedOut, "The seat and its token")},
        price=Price(WRITE + 76),
        errors=WRITE_ERRORS,
        refusals=SEAT_REFUSALS,
        params=(GAME_ID,),
        body=m.JoinIn,
        example={"name": "cy"},
    ),
    ApiRoute(
        method="GET",
        path="/v1/games/{game_id}/state",
        handler=h.get_state,
        operation_id="getState",
        summary="A seat's view (its token) or the spectator view, at any version",
        ok={"200": json_answer(m.StateOut, "The view")},
        price=Price(111, extra={"version": FOLD}),
        errors=SEAT_ERRORS,
        refusals=VIEW_REFUSALS,
        params=(GAME_ID, SEAT_VIEW, VERSION),
        etag='The version served, `"<version>"`: a view at a version never changes, so with '
        "`version` (or once the game has ended) it is cacheable for a day.",
    ),
    ApiRoute(
        method="GET",
        path="/v1/games/{game_id}/legal-moves",
        handler=h.get_legal_moves,
        operation_id="getLegalMoves",
        summary="A seat's legal moves; each can be submitted verbatim",
        ok={"200": json_answer(m.LegalMovesOut, "The moves")},
        price=Price(201),
        errors=SEAT_ERRORS,
        refusals=SEAT_REFUSALS,
        params=(
            GAME_ID,
            Param(
                "seat",
                "query",
                "A seat (0-based); its token is needed.",
                v.SEAT_SCHEMA,
                required=True,
            ),
        ),
    ),
    ApiRoute(
        method="POST",
        path="/v1/games/{game_id}/moves",
        handler=h.submit_move,
        operation_id="submitMove",
        summary="Checks (token, moveId, expectedVersion, rules) and records a move",
        ok={
            "201": json_answer(MOVE_ANSWER, "Recorded (`MoveMinimalOut` for return=minimal)"),
            "200": json_answer(MOVE_ANSWER, "A moveId retry, or a dry run"),
        },
        price=Price(WRITE + 85),
        errors=WRITE_ERRORS,
        # the game's seats, state and rules; `BAD_REQUEST`: `Idempotency-Key` and `moveId`, or
        # `If-Match` and `expectedVersion`, both given and different
        refusals=(
            *PLAY_REFUSALS,
            "MALFORMED_MOVE",
            "ILLEGAL_MOVE",
            "NOT_YOUR_TURN",
            "TIME_EXPIRED",
            "BAD_REQUEST",
        ),
        params=(
            GAME_ID,
            Param("Idempotency-Key", "header", "The moveId.", v.MOVE_ID_SCHEMA),
            Param("If-Match", "header", 'expectedVersion as "<n>".', v.ETAG_SCHEMA),
            Param("Prefer", "header", PREFER, {"type": "string", "maxLength": PREFER_BYTES}),
        ),
        body=m.MoveIn,
        example={"seat": 0, "move": EXAMPLE_MOVE, "expectedVersion": 4, "moveId": "m-1"},
    ),
    ApiRoute(
        method="GET",
        path="/v1/games/{game_id}/events",
        handler=h.get_events,
        operation_id="listEvents",
        summary="Events after `afterVersion` (exclusive), redacted for the caller",
        ok={"200": json_answer(m.EventsPageOut, "A page of events")},
        price=Price(EVENTS, EVENT, "limit"),
        errors=SEAT_ERRORS,
        refusals=VIEW_REFUSALS,
        params=(
            GAME_ID,
            Param("afterVersion", "query", "Exclusive; 0 from the start.", v.POSITION_SCHEMA),
            LIMIT,
            Param("seat", "query", "Redact for this seat (its token).", v.SEAT_SCHEMA),
        ),
    ),
    ApiRoute(
        method="GET",
        path=STREAM_PATH,
        handler=event_stream,
        operation_id="streamEvents",
        summary="Events after `afterVersion` or `Last-Event-ID` as SSE, redacted, each with the "
        "header",
        ok=sse.STREAM_OK,
        price=Price(9),
        errors=tuple(sse.STREAM_PROBLEMS),
        params=(
            GAME_ID,
            Param(
                "afterVersion",
                "query",
                "Exclusive; 0 (default) from the start.",
                sse.POSITION_SCHEMA,
            ),
            Param("Last-Event-ID", "header", sse.LAST_EVENT_ID, sse.LAST_EVENT_ID_SCHEMA),
            Param("withState", "query", sse.WITH_STATE, sse.WITH_STATE_SCHEMA),
        ),
        only=sse.STREAM_PROBLEMS,
        refusals=("BAD_VERSION",),
        stream_item=sse.MESSAGE_SCHEMA,
    ),
    ApiRoute(
        method="GET",
        path="/v1/games/{game_id}/log",
        handler=h.get_log,
        operation_id="exportLog",
        summary="The log as NDJSON (or msgpack), redacted while the game runs",
        ok={"200": {"description": "The export", "content": {"application/x-ndjson": {}}}},
        price=Price(EVENTS),
        errors=(404, 429, 503),
        params=(GAME_ID,),
        etag="Only once the game has ended (the complete log never changes): one ETag per "
        "format (`Vary: Accept`), cacheable for a day. A running game's export has none.",
    ),
    ApiRoute(
        method="GET",
        path="/v1/games/{game_id}/board.svg",
        handler=h.get_board_svg,
        operation_id="getBoardSvg",
        summary="A picture (SVG) of a seat's view (its token) or the spectator view, at any "
        "version",
        ok={**PICTURE_OK, "304": NOT_MODIFIED},
        price=Price(1050, extra={"version": FOLD}),
        errors=SEAT_ERRORS,
        refusals=VIEW_REFUSALS,
        params=(
            GAME_ID,
            SEAT_VIEW,
            VERSION,
            Param("If-None-Match", "header", "An ETag of this picture.", {"type": "string"}),
        ),
        etag="The picture's revision (version, seat, ended); a finished game's pictures are "
        "cacheable for a day. A revalidation that matches draws nothing.",
    ),
)
"""In the document's order (the route table's too)."""
