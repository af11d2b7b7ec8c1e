"""The declarations of the matchmaking routes of `/v1` (architecture §5e; handlers in
`service.http.rest.matchmaking.handlers`): seeks, challenges, rematches."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.work_costs import MAX_OPEN_SEEKS, STORE_READ, WRITE
from boardstate.service.features.matchmaking.seek_requests import MAX_KEY_LENGTH
from boardstate.service.http.rest.games.routes import GAME_ID
from boardstate.service.http.rest.matchmaking import handlers as h
from boardstate.service.http.rest.matchmaking.models import (
    MATCH_MODELS,
    ChallengeIn,
    ChallengeOut,
    ChallengesPageOut,
    RematchOut,
    SeekIn,
    SeekOut,
)
from boardstate.service.http.rest.prices import Price
from boardstate.service.http.rest.route import REQUIRED, ApiRoute, Param, json_answer, json_list
from boardstate.service.http.rest.values import POSITION_SCHEMA

MODELS: tuple[type[Any], ...] = MATCH_MODELS
SEEK_FIELDS, CHALLENGE_FIELDS, REMATCH_FIELDS = 14, 15, 7
"""Plain fields of a `Seek`, `Challenge`, `Rematch`: a route costs what the GraphQL operation
with every field of its result costs (tests/service/test_rest_prices.py)."""
CHALLENGE_ITEM = CHALLENGE_FIELDS + 6
"""A challenge of a page: its fields, and its share of the connection (`edges`, `node`,
`pageInfo { endCursor hasNextPage }`, `totalCount`), as the GraphQL cost counts each item of a
connection's page (`schema.field_costs`)."""
SEEK_ID = Param("id", "path", "The seek's id.", {"type": "string"})
CHALLENGE_ID = Param("id", "path", "The challenge's id.", {"type": "string"})
TOKEN = ("PLAYER_TOKEN_REQUIRED", "PLAYER_TOKEN_INVALID")
BUSY = {
    429: ("RATE_LIMITED", "QUOTA_EXCEEDED"),
    503: ("STORE_UNAVAILABLE", "APPEND_UNCERTAIN", "STORE_FULL"),
}
SPEC = ("BAD_MATCH_REQUEST", "BAD_OPTIONS", "BAD_PLAYER_COUNT", "UNKNOWN_POLICY")
MATCH_REFUSALS = ("BAD_MATCH_REQUEST", "BAD_OPTIONS", "BAD_PLAYER_COUNT")
"""The game type's player counts and options, `ratingMin` above `ratingMax`, oneself invited."""
IDEMPOTENCY = Param(
    "Idempotency-Key",
    "header",
    "The same key from the same player again answers the same seek; with other parameters "
    "it is IDEMPOTENCY_KEY_REUSED. 1 to 128 printable characters (BAD_INPUT otherwise).",
    {"type": "string", "minLength": 1, "maxLength": MAX_KEY_LENGTH},
)


def _challenge_answer(answer: str, summary: str) -> ApiRoute:
    return ApiRoute(
        method="POST",
        path=f"/v1/challenges/{{id}}/{answer}",
        handler=getattr(h, f"{answer}_challenge"),
        operation_id=f"{answer}Challenge",
        summary=summary,
        ok={"200": json_answer(ChallengeOut, "The challenge after the answer")},
        price=Price(WRITE + CHALLENGE_FIELDS),
        errors=(401, 403, 404, 409, 429, 503),
        only={
            401: TOKEN,
            403: ("NOT_CHALLENGED",),
            404: ("CHALLENGE_NOT_FOUND",),
            409: ("CHALLENGE_CLOSED",),
            **BUSY,
        },
        params=(CHALLENGE_ID,),
        security=REQUIRED,
    )


MATCH_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        method="POST",
        path="/v1/seeks",
        handler=h.create_seek,
        operation_id="createSeek",
        summary="Seeks a game: paired with compatible seeks at once, or waits (createSeek)",
        description="Seeks of the same game type, player count, options, rated flag and bots "
        "are paired when each seeker's rating is inside every other's range; the game is "
        "created before the answer (`status: matched`, `gameId`, `seat`), and the player "
        "token acts for its seat. docs/players.md (Matchmaking).",
        ok={"201": json_answer(SeekOut, "The seek, open or matched")},
        price=Price(WRITE + SEEK_FIELDS),
        errors=(400, 401, 404, 409, 422, 429, 503),
        only={
            400: ("BAD_JSON", "BAD_REQUEST", "BAD_INPUT"),
            401: TOKEN,
            404: ("UNKNOWN_GAME_TYPE",),
            409: ("TOO_MANY_SEEKS", "IDEMPOTENCY_KEY_REUSED"),
            422: SPEC,
            **BUSY,
        },
        refusals=MATCH_REFUSALS,
        params=(IDEMPOTENCY,),
        body=SeekIn,
        example={"gameType": "trambahn", "players": 2},
        security=REQUIRED,
    ),
    ApiRoute(
        method="GET",
        path="/v1/seeks",
        handler=h.list_seeks,
        operation_id="seeks",
        summary="The caller's open seeks (seeks)",
        ok={"200": json_list(SeekOut, "Open seeks, oldest first")},
        price=Price(STORE_READ + MAX_OPEN_SEEKS * SEEK_FIELDS),
        errors=(401, 429, 503),
        only={401: TOKEN, **BUSY},
        security=REQUIRED,
    ),
    ApiRoute(
        method="GET",
        path="/v1/seeks/{id}",
        handler=h.get_seek,
        operation_id="seek",
        summary="One of the caller's seeks, open or settled (seek)",
        ok={"200": json_answer(SeekOut, "The seek")},
        price=Price(STORE_READ + SEEK_FIELDS),
        errors=(401, 404, 429, 503),
        only={401: TOKEN, 404: ("SEEK_NOT_FOUND",), **BUSY},
        params=(SEEK_ID,),
        security=REQUIRED,
    ),
    ApiRoute(
        method="DELETE",
        path="/v1/seeks/{id}",
        handler=h.cancel_seek,
        operation_id="cancelSeek",
        summary="Cancels an open seek; a settled one is answered as it is (cancelSeek)",
        ok={"200": json_answer(SeekOut, "The seek")},
        price=Price(WRITE + SEEK_FIELDS),
        errors=(401, 404, 429, 503),
        only={401: TOKEN, 404: ("SEEK_NOT_FOUND",), **BUSY},
        params=(SEEK_ID,),
        security=REQUIRED,
    ),
    ApiRoute(
        method="POST",
        path="/v1/challenges",
        handler=h.create_challenge,
        operation_id="createChallenge",
        summary="Challenges named players to a game (createChallenge)",
        ok={"201": json_answer(ChallengeOut, "The open challenge")},
        price=Price(WRITE + CHALLENGE_FIELDS),
        description="Every invited playerId must be known to the service (issued a token by it, "
        "or seen with a token the integrator signed, in the last 30 days): PLAYER_NOT_FOUND "
        "otherwise. docs/players.md (Challenges).",
        errors=(400, 401, 404, 409, 422, 429, 503),
        only={
            400: ("BAD_JSON", "BAD_REQUEST"),
            401: TOKEN,
            404: ("UNKNOWN_GAME_TYPE", "PLAYER_NOT_FOUND"),
            409: ("TOO_MANY_CHALLENGES",),
            422: (*SPEC, "BAD_NAME"),
            **BUSY,
        },
        refusals=(*MATCH_REFUSALS, "BAD_NAME"),
        body=ChallengeIn,
        example={"invite": ["p_other"], "gameType": "trambahn", "players": 2},
        security=REQUIRED,
    ),
    ApiRoute(
        method="GET",
        path="/v1/challenges",
        handler=h.list_challenges,
        operation_id="challenges",
        summary="A page of the open challenges the caller made or was invited to (challenges)",
        ok={"200": json_answer(ChallengesPageOut, "A page of open challenges, oldest first")},
        price=Price(STORE_READ, CHALLENGE_ITEM, "limit"),
        errors=(400, 401, 429, 503),
        only={400: ("BAD_REQUEST", "BAD_CURSOR", "BAD_INPUT"), 401: TOKEN, **BUSY},
        params=(
            Param("limit", "query", "Page size (clamped; default the page cap).", POSITION_SCHEMA),
            Param("cursor", "query", "`nextCursor` of a page.", {"type": "string"}),
        ),
        security=REQUIRED,
    ),
    ApiRoute(
        method="GET",
        path="/v1/challenges/{id}",
        handler=h.get_challenge,
        operation_id="challenge",
        summary="A challenge the caller made or was invited to (challenge)",
        ok={"200": json_answer(ChallengeOut, "The challenge")},
        price=Price(STORE_READ + CHALLENGE_FIELDS),
        errors=(401, 404, 429, 503),
        only={401: TOKEN, 404: ("CHALLENGE_NOT_FOUND",), **BUSY},
        params=(CHALLENGE_ID,),
        security=REQUIRED,
    ),
    _challenge_answer("accept", "Accepts a challenge; the last acceptance starts the game"),
    _challenge_answer("decline", "Declines a challenge (it closes)"),
    _challenge_answer("cancel", "The challenger withdraws the challenge"),
    ApiRoute(
        method="POST",
        path="/v1/games/{game_id}/rematch",
        handler=h.rematch,
        operation_id="rematch",
        summary="Asks for a rematch of a finished game, seats rotated (rematch)",
        description="With a player token or a seat token of the finished game. When every "
        "human seat has asked, the new game is created; asking again answers the same one.",
        ok={"200": json_answer(RematchOut, "The rematch, open or created")},
        price=Price(WRITE + REMATCH_FIELDS),
        errors=(401, 404, 409, 429, 503),
        only={
            401: ("UNAUTHORIZED", "PLAYER_TOKEN_INVALID"),
            404: ("GAME_NOT_FOUND",),
            409: ("GAME_NOT_FINISHED",),
            **BUSY,
        },
        params=(GAME_ID,),
        security=REQUIRED,
    ),
)
