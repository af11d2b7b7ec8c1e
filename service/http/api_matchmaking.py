"""The declarations of the matchmaking routes of `/v1` (DESIGN §5e; handlers in
`service.http.rest_matchmaking`): seeks, challenges, rematches."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.work_costs import STORE_READ, WRITE
from boardstate.service.http import rest_matchmaking as h
from boardstate.service.http.api_games import GAME_ID
from boardstate.service.http.api_route import REQUIRED, ApiRoute, Param, json_answer, json_list
from boardstate.service.http.rest_match_models import (
    MATCH_MODELS,
    ChallengeIn,
    ChallengeOut,
    RematchOut,
    SeekIn,
    SeekOut,
)
from boardstate.service.http.rest_prices import Price

MODELS: tuple[type[Any], ...] = MATCH_MODELS
SEEK_FIELDS, CHALLENGE_FIELDS, REMATCH_FIELDS = 14, 15, 7
"""Plain fields of a `Seek`, `Challenge`, `Rematch`: a route costs what the GraphQL operation
with every field of its result costs (tests/service/test_rest_prices.py)."""
SEEK_ID = Param("id", "path", "The seek's id.", {"type": "string"})
CHALLENGE_ID = Param("id", "path", "The challenge's id.", {"type": "string"})
TOKEN = ("PLAYER_TOKEN_REQUIRED", "PLAYER_TOKEN_INVALID")
BUSY = {
    429: ("RATE_LIMITED", "QUOTA_EXCEEDED"),
    503: ("STORE_UNAVAILABLE", "APPEND_UNCERTAIN", "STORE_FULL"),
}
SPEC = ("BAD_MATCH_REQUEST", "BAD_OPTIONS", "BAD_PLAYER_COUNT", "UNKNOWN_POLICY")
IDEMPOTENCY = Param(
    "Idempotency-Key",
    "header",
    "The same key from the same player again answers the same seek.",
    {"type": "string", "minLength": 1, "maxLength": 128},
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
            400: ("BAD_JSON", "BAD_REQUEST"),
            401: TOKEN,
            404: ("UNKNOWN_GAME_TYPE",),
            409: ("TOO_MANY_SEEKS",),
            422: SPEC,
            **BUSY,
        },
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
        price=Price(STORE_READ + SEEK_FIELDS),
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
        errors=(400, 401, 404, 422, 429, 503),
        only={
            400: ("BAD_JSON", "BAD_REQUEST"),
            401: TOKEN,
            404: ("UNKNOWN_GAME_TYPE",),
            422: (*SPEC, "BAD_NAME"),
            **BUSY,
        },
        body=ChallengeIn,
        example={"invite": ["p_other"], "gameType": "trambahn", "players": 2},
        security=REQUIRED,
    ),
    ApiRoute(
        method="GET",
        path="/v1/challenges",
        handler=h.list_challenges,
        operation_id="challenges",
        summary="The open challenges the caller made or was invited to (challenges)",
        ok={"200": json_list(ChallengeOut, "Open challenges, oldest first")},
        price=Price(STORE_READ + CHALLENGE_FIELDS),
        errors=(401, 429, 503),
        only={401: TOKEN, **BUSY},
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
