"""The declarations of a player's own stream and games (architecture §5e; handlers in
`service.http.streams.player_stream` and `service.http.rest.players.my_games`); both need a player
token."""

from __future__ import annotations

from typing import Any

from boardstate.service.http.rest.games import models as m
from boardstate.service.http.rest.players.my_games import my_games
from boardstate.service.http.rest.prices import Price
from boardstate.service.http.rest.route import (
    CURSOR_REFUSALS,
    REQUIRED,
    ApiRoute,
    Param,
    json_answer,
)
from boardstate.service.http.rest.values import CURSOR_SCHEMA, POSITION_SCHEMA
from boardstate.service.http.streams.player_stream import player_stream

STREAM_FORMAT = (
    "Server-Sent Events: per event `id: <stream id>`, `event: <kind>` (turn, game.started, "
    "game.ended, takeback.requested; challenge, challenge.accepted, challenge.declined, "
    "seek.matched, rematch.offered, rematch.created, rating.changed), `data: {id, kind, at, "
    "data}` (docs/players.md); `: keep-alive` comments while idle; `event: shutdown` when the "
    "server stops. Once the token stops being valid (revoked, retired by a refresh, expired) "
    "the stream ends within 15 s with the comment `: closed: PLAYER_TOKEN_INVALID (<reason>)`."
)
STREAM: dict[str, Any] = {
    "200": {
        "description": STREAM_FORMAT,
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    }
}
TOKEN_401 = ("PLAYER_TOKEN_REQUIRED", "PLAYER_TOKEN_INVALID")

PLAYER_STREAM_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        method="GET",
        path="/v1/players/me/stream",
        handler=player_stream,
        operation_id="streamMyEvents",
        summary="The player's own events as Server-Sent Events (your turn, game started and "
        "ended, takeback asked, challenge, seek matched, rating changed), resumable with "
        "Last-Event-ID",
        ok=STREAM,
        price=Price(6),
        errors=(400, 401, 429, 503),
        params=(
            Param(
                "after",
                "query",
                "Start after this event id (0: the oldest kept; default: from now on). An id "
                "after the newest event and in the future is 400 BAD_FEED_FILTER.",
                {"type": "string", "maxLength": 40},
            ),
            Param("Last-Event-ID", "header", "Resume after this event id.", {"type": "string"}),
        ),
        only={
            400: ("BAD_FEED_FILTER",),
            401: TOKEN_401,
            429: ("TOO_MANY_STREAMS", "RATE_LIMITED"),
            503: ("TOO_MANY_STREAMS", "STORE_UNAVAILABLE"),
        },
        security=REQUIRED,
    ),
    ApiRoute(
        method="GET",
        path="/v1/players/me/games",
        handler=my_games,
        operation_id="listMyGames",
        summary="The player's own games, newest first",
        ok={"200": json_answer(m.GamesPageOut, "A page of the player's games")},
        price=Price(1, 128, "limit"),
        errors=(400, 401, 429, 503),
        params=(
            Param("status", "query", "Only this status.", {"enum": list(m.STATUSES)}),
            Param("gameType", "query", "Only this game type.", {"type": "string"}),
            Param("limit", "query", "Page size (clamped).", POSITION_SCHEMA),
            Param("cursor", "query", "`nextCursor` of a page.", CURSOR_SCHEMA),
        ),
        refusals=CURSOR_REFUSALS,
        only={
            400: ("BAD_REQUEST", "BAD_CURSOR", "BAD_INPUT"),
            401: TOKEN_401,
            429: ("RATE_LIMITED",),
            503: ("STORE_UNAVAILABLE",),
        },
        security=REQUIRED,
    ),
)
