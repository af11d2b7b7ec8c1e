"""The table's REST routes (architecture §5c): resign, leave, takeback, and the admin's operations.

Each calls the same feature (`service.tables`, `service.bots`) as its GraphQL mutation; seat
tokens and the admin token travel as `Authorization: Bearer`. Declared (path, answers, price) in
`service.http.rest.table.routes`.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.contract.codes import BAD_REQUEST
from boardstate.service.contract.ports import GameView
from boardstate.service.http.edge.problems import Problem
from boardstate.service.http.rest.common import (
    endpoint,
    etag,
    game_of,
    json_response,
    query_int,
    read_body,
    service_of,
    token_of,
)
from boardstate.service.http.rest.games.models import SeatJoinedOut, TableUpdatedOut, game_out
from boardstate.service.http.rest.table.models import AnswerIn, StandInIn


def _updated(view: GameView) -> Response:
    out = TableUpdatedOut(view.version, game_out(view))
    return json_response(out, headers={"etag": etag(view.version)})


def _ids(request: Request) -> tuple[str, int]:
    return request.path_params["game_id"], int(request.path_params["seat"])


@endpoint
async def resign(request: Request) -> Response:
    game_id, seat = _ids(request)
    return _updated(await service_of(request).tables.resign(game_id, seat, token_of(request)))


@endpoint
async def leave(request: Request) -> Response:
    game_id, seat = _ids(request)
    return _updated(await service_of(request).tables.leave_game(game_id, seat, token_of(request)))


@endpoint
async def request_takeback(request: Request) -> Response:
    game_id, seat = _ids(request)
    service = service_of(request)
    return _updated(await service.tables.request_takeback(game_id, seat, token_of(request)))


@endpoint
async def answer_takeback(request: Request) -> Response:
    game_id, seat = _ids(request)
    body = await read_body(request, AnswerIn)
    service = service_of(request)
    return _updated(
        await service.tables.answer_takeback(game_id, seat, token_of(request), body.accept)
    )


@endpoint
async def abort(request: Request) -> Response:
    game_id = request.path_params["game_id"]
    return _updated(await service_of(request).tables.abort_game(game_id, token_of(request)))


@endpoint
async def reissue_token(request: Request) -> Response:
    game_id, seat = _ids(request)
    joined = await service_of(request).tables.reissue_seat_token(game_id, seat, token_of(request))
    out = SeatJoinedOut(joined.seat, joined.token, game_out(joined.game))
    return json_response(out, 201, {"etag": etag(joined.game.version)})


@endpoint
async def stand_in(request: Request) -> Response:
    game_id, seat = _ids(request)
    body = await read_body(request, StandInIn)
    service = service_of(request)
    return _updated(
        await service.tables.replace_seat(game_id, seat, token_of(request), body.policy)
    )


@endpoint
async def suggested_move(request: Request) -> Response:
    view = await game_of(request)
    seat = query_int(request, "seat")
    if seat is None:
        raise Problem(BAD_REQUEST, "the seat query parameter is required")
    move = await service_of(request).bots.suggest_move(view, seat, token_of(request))
    return json_response({"version": view.version, "move": move})


@endpoint
async def analysis(request: Request) -> Response:
    view = await game_of(request)
    return json_response(await service_of(request).bots.analysis(view))
