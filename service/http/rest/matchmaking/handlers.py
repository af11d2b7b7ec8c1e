"""Matchmaking as REST routes (architecture §5e; declared in
`service.http.rest.matchmaking.routes`).

* `POST /v1/seeks` -> 201 the seek (`matched` with `gameId`, `seat` when it found its game);
  `GET /v1/seeks` the caller's open seeks; `GET` / `DELETE /v1/seeks/{id}` one, or cancel it.
* `POST /v1/challenges` -> 201; `GET /v1/challenges?limit=&cursor=` (a page of the caller's
  open ones, made or received, oldest first: `{items, nextCursor, totalCount}`); `GET
  /v1/challenges/{id}`; `POST /v1/challenges/{id}/accept|decline|cancel`.
* `POST /v1/games/{id}/rematch` -> the rematch (`open` or `created`).

Seeks and challenges need a player token (`PLAYER_TOKEN_REQUIRED`); a rematch takes a player
token or a seat token of the finished game.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.contract.paging import clamp_first
from boardstate.service.contract.players.match_ports import ChallengeView, RematchView, SeekView
from boardstate.service.http.rest.base import out_of
from boardstate.service.http.rest.common import (
    Handler,
    endpoint,
    json_response,
    query_int,
    read_body,
    service_of,
    token_of,
)
from boardstate.service.http.rest.matchmaking.models import (
    ChallengeIn,
    ChallengeOut,
    ChallengesPageOut,
    RematchOut,
    SeekIn,
    SeekOut,
)

NO_STORE = {"cache-control": "no-store"}


def _seek(view: SeekView, status: int = 200) -> Response:
    return json_response(out_of(view, SeekOut), status, NO_STORE)


def _challenge(view: ChallengeView, status: int = 200) -> Response:
    return json_response(out_of(view, ChallengeOut), status, NO_STORE)


def _rematch(view: RematchView) -> Response:
    return json_response(out_of(view, RematchOut), 200, NO_STORE)


@endpoint
async def create_seek(request: Request) -> Response:
    body = await read_body(request, SeekIn)
    view = await service_of(request).seeks.create_seek(
        token_of(request),
        body.game_type,
        body.players,
        body.options,
        body.rated,
        body.bots,
        body.bot_policy,
        body.rating_min,
        body.rating_max,
        body.ttl_seconds,
        body.name,
        request.headers.get("idempotency-key"),
    )
    return _seek(view, 201)


@endpoint
async def list_seeks(request: Request) -> Response:
    views = await service_of(request).seeks.seeks(token_of(request))
    return json_response([out_of(v, SeekOut) for v in views], 200, NO_STORE)


@endpoint
async def get_seek(request: Request) -> Response:
    seeks = service_of(request).seeks
    return _seek(await seeks.seek(token_of(request), request.path_params["id"]))


@endpoint
async def cancel_seek(request: Request) -> Response:
    seeks = service_of(request).seeks
    return _seek(await seeks.cancel_seek(token_of(request), request.path_params["id"]))


@endpoint
async def create_challenge(request: Request) -> Response:
    body = await read_body(request, ChallengeIn)
    view = await service_of(request).challenges.create_challenge(
        token_of(request),
        list(body.invite),
        body.game_type,
        body.players,
        body.options,
        body.rated,
        body.bots,
        body.bot_policy,
    )
    return _challenge(view, 201)


@endpoint
async def list_challenges(request: Request) -> Response:
    service = service_of(request)
    limit = clamp_first(query_int(request, "limit", 0), service.games.page_cap, "limit")
    page = await service.challenges.challenges(
        token_of(request), limit, request.query_params.get("cursor") or None
    )
    items = [out_of(view, ChallengeOut) for _, view in page.items]
    after = page.items[-1][0] if page.has_next and page.items else None
    return json_response(ChallengesPageOut(items, after, page.total), 200, NO_STORE)


@endpoint
async def get_challenge(request: Request) -> Response:
    challenges = service_of(request).challenges
    return _challenge(await challenges.challenge(token_of(request), request.path_params["id"]))


def _answer(answer: str) -> Handler:
    @endpoint
    async def handler(request: Request) -> Response:
        challenges = service_of(request).challenges
        challenge_id = request.path_params["id"]
        return _challenge(
            await challenges.answer_challenge(token_of(request), challenge_id, answer)
        )

    handler.__name__ = f"{answer}_challenge"
    return handler


accept_challenge = _answer("accept")
decline_challenge = _answer("decline")
cancel_challenge = _answer("cancel")


@endpoint
async def rematch(request: Request) -> Response:
    rematches = service_of(request).rematches
    return _rematch(await rematches.ask(request.path_params["game_id"], token_of(request)))
