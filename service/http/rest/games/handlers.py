"""The REST door under `/v1` (architecture §5b): every handler calls the same feature method
the GraphQL resolver calls, so every check (tokens, the order of `submitMove`'s checks, move
ids, redaction) has one implementation; the two doors differ only in encoding.

Each handler is declared (path, parameters, answers, price) in `service.http.rest.games.routes`;
`service.http.rest.v1.V1_ROUTES` is the route table generated from the declarations.
`service.http.edge.problems.EXCEPTION_HANDLERS` answer unknown paths, wrong methods and bugs under
`/v1` with problem+json too (`INTERNAL` for a bug, never a page).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.contract import cursors
from boardstate.service.contract.arguments import text_argument
from boardstate.service.contract.codes import BAD_REQUEST, GAME_TYPE_NOT_INSTALLED, ApiError
from boardstate.service.contract.paging import clamp_first, window
from boardstate.service.features.views.board_pictures import is_finished
from boardstate.service.http.edge.problems import Problem
from boardstate.service.http.rest.common import (
    endpoint,
    etag,
    etag_version,
    game_of,
    json_response,
    not_modified,
    query_int,
    read_body,
    service_of,
    token_of,
    view_cache,
)
from boardstate.service.http.rest.games.game_types import cached_json, every_type, one_type
from boardstate.service.http.rest.games.minimal import MINIMAL, minimal_out, prefers_minimal
from boardstate.service.http.rest.games.models import (
    STATUSES,
    CreateGameIn,
    EventsPageOut,
    GameCreatedOut,
    GamesPageOut,
    JoinIn,
    LegalMovesOut,
    MoveAcceptedOut,
    MoveIn,
    SeatJoinedOut,
    SeatTokenOut,
    StateOut,
    event_out,
    game_out,
)
from boardstate.service.http.routes import game_log


@endpoint
async def list_game_types(request: Request) -> Response:
    return cached_json(request, every_type())


@endpoint
async def get_game_type(request: Request) -> Response:
    return cached_json(request, one_type(request.path_params["type_id"]))


@endpoint
async def create_game(request: Request) -> Response:
    body = await read_body(request, CreateGameIn)
    bots = None if body.bots is None else [b.to_dict() for b in body.bots]
    created = await service_of(request).lobby.create_game(
        body.game_type,
        body.players,
        body.options,
        body.seed,
        body.seats,
        bots,
        body.player_ids,
        body.rated,
        token=token_of(request),
    )
    out = GameCreatedOut(game_out(created.game), [SeatTokenOut(s, t) for s, t in created.tokens])
    headers = {"location": f"/v1/games/{created.game.id}", "etag": etag(created.game.version)}
    return json_response(out, 201, headers)


@endpoint
async def list_games(request: Request) -> Response:
    service = service_of(request)
    params = request.query_params
    status = params.get("status")
    if status is not None and status not in STATUSES:
        raise Problem(BAD_REQUEST, f"status must be one of {', '.join(STATUSES)}")
    cursor = params.get("cursor") or None
    page = await service.games.games(
        cursors.game_after(cursor),
        clamp_first(query_int(request, "limit", 0), service.games.page_cap),
        text_argument("gameType", params.get("gameType") or None),
        status,
        text_argument("player", params.get("player") or None),
    )
    items = [game_out(view) for _, view in page.games]
    next_cursor = cursors.game_cursor(page.games[-1][0]) if page.has_next and page.games else None
    return json_response(GamesPageOut(items, next_cursor, page.total))


@endpoint
async def get_game(request: Request) -> Response:
    view = await game_of(request)
    tag = etag(view.version)
    headers = {"etag": tag, "cache-control": "no-cache"}
    if not_modified(request, tag):
        return Response(status_code=304, headers=headers)
    return json_response(game_out(view), headers=headers)


@endpoint
async def join_game(request: Request) -> Response:
    body = await read_body(request, JoinIn)
    service = service_of(request)
    player_id = await service.players.acting_player(token_of(request), body.player_id)
    joined = await service.lobby.join_game(
        request.path_params["game_id"], body.name, body.seat, player_id, token_of(request)
    )
    out = SeatJoinedOut(joined.seat, joined.token, game_out(joined.game))
    return json_response(out, 201, {"etag": etag(joined.game.version)})


@endpoint
async def get_state(request: Request) -> Response:
    view = await game_of(request)
    seat = query_int(request, "seat")
    version = query_int(request, "version")
    service = service_of(request)
    at = await service.games.check_view(view, seat, version, token_of(request))
    tag = etag(at)
    fixed = version is not None or is_finished(view)
    headers = {"etag": tag, "cache-control": view_cache(seat, fixed)}
    if not_modified(request, tag):
        return Response(status_code=304, headers=headers)
    state = await service.games.state(view, seat, version, token_of(request))
    return json_response(StateOut(at, state), headers=headers)


SVG_HEADERS = {
    "content-security-policy": "default-src 'none'; sandbox",
    "x-content-type-options": "nosniff",
}
"""An SVG opened on its own may run no script and load nothing (the pictures need neither)."""


@endpoint
async def get_board_svg(request: Request) -> Response:
    view = await game_of(request)
    seat = query_int(request, "seat")
    version = query_int(request, "version")
    service = service_of(request)
    # The checks first, without drawing: a client revalidating its copy costs no drawing.
    tag = await service.pictures.picture_tag(view, seat, version, token_of(request))
    headers = {**SVG_HEADERS, "etag": tag, "cache-control": view_cache(seat, is_finished(view))}
    if not_modified(request, tag):
        return Response(status_code=304, headers=headers)
    picture = await service.pictures.board_picture(view, seat, version, token_of(request))
    return Response(picture.svg, headers=headers, media_type="image/svg+xml")


@endpoint
async def get_legal_moves(request: Request) -> Response:
    view = await game_of(request)
    seat = query_int(request, "seat")
    if seat is None:
        raise Problem(BAD_REQUEST, "the seat query parameter is required")
    described = await service_of(request).games.described_moves(view, seat, token_of(request))
    moves, words = [m for m, _ in described], [d for _, d in described]
    return json_response(
        LegalMovesOut(view.version, moves, words), headers={"etag": etag(view.version)}
    )


@endpoint
async def get_events(request: Request) -> Response:
    service = service_of(request)
    view = await game_of(request)
    after = query_int(request, "afterVersion", 0) or 0
    limit = query_int(request, "limit", 0)
    seat = query_int(request, "seat")
    page = window(view.version, service.games.page_cap, first=limit, after_version=after)
    views = await service.games.events(view, page.after, page.count, seat, token_of(request))
    last = views[-1].version if views else page.after
    out = EventsPageOut([event_out(v) for v in views], last, last < view.version)
    return json_response(out, headers={"x-game-version": str(view.version)})


def _one(header: str, name: str, from_header: object, from_body: object) -> None:
    if from_header is not None and from_body is not None and from_header != from_body:
        raise Problem(
            BAD_REQUEST, f"the {header} header and the body's {name} differ", {"field": name}
        )


@endpoint
async def submit_move(request: Request) -> Response:
    body = await read_body(request, MoveIn)
    key = request.headers.get("idempotency-key")
    expected = etag_version(request.headers.get("if-match"), "If-Match")
    _one("Idempotency-Key", "moveId", key, body.move_id)
    _one("If-Match", "expectedVersion", expected, body.expected_version)
    accepted = await service_of(request).moves.submit_move(
        request.path_params["game_id"],
        body.seat,
        body.move,
        token_of(request),
        body.expected_version if expected is None else expected,
        body.move_id if key is None else key,
        body.dry_run,
    )
    status = 200 if accepted.replayed or accepted.dry_run else 201
    headers = {"etag": etag(accepted.game.version), "vary": "Prefer"}
    if prefers_minimal(request.headers.getlist("prefer")):
        headers["preference-applied"] = MINIMAL
        return json_response(minimal_out(accepted, body.seat), status, headers)
    events = [event_out(e) for e in accepted.events]
    out = MoveAcceptedOut(accepted.version, events, game_out(accepted.game), accepted.dry_run)
    return json_response(out, status, headers)


@endpoint
async def get_log(request: Request) -> Response:
    try:
        await game_of(request)
    except ApiError as exc:  # an ended game's raw log stays exportable (`http.raw_log`)
        if exc.code != GAME_TYPE_NOT_INSTALLED:
            raise
    return await game_log(request)
