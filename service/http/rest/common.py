"""What every REST handler shares: the error boundary, strict bodies, parameters and headers.

`endpoint` turns a handler's typed failures (`MoveError`, `ApiError`, `Problem`) into
problem+json answers (`service.http.edge.problems`). Bodies are parsed by `service.inputs.loads`
(the strict parser GraphQL uses: UTF-8, bounded depth and integers, no lone surrogates), then
validated against a msgspec Struct (`service.http.rest.games.models`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import Response

from boardstate.engine.core.errors import MoveError
from boardstate.service.composition import Service
from boardstate.service.contract.codes import BAD_JSON, BAD_REQUEST, ApiError
from boardstate.service.contract.ports import GameView
from boardstate.service.contract.tokens import bearer_token
from boardstate.service.failures import GameNotFound
from boardstate.service.http.edge.problems import Problem, problem_of
from boardstate.service.http.rest.values import MAX_QUERY_INT
from boardstate.service.inputs import BadJson, echo, loads

T = TypeVar("T")
Handler = Callable[[Request], Awaitable[Response]]
_DIGITS = re.compile(r"0|-?[1-9][0-9]{0,12}", re.ASCII)
_ETAG = re.compile(r'(?:W/)?"(0|[1-9][0-9]{0,12})"', re.ASCII)
JSON_TYPE = "application/json"


def endpoint(handler: Handler) -> Handler:
    """Wraps a handler: expected failures become problem+json answers."""

    @functools.wraps(handler)
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except (MoveError, ApiError, Problem) as exc:
            return problem_of(exc)

    return wrapped


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """Encodes a response Struct (or plain JSON value) with msgspec."""
    return Response(msgspec.json.encode(body), status, headers, media_type=JSON_TYPE)


def service_of(request: Request) -> Service:
    service: Service = request.state.service
    return service


def token_of(request: Request) -> str | None:
    """The bearer token of the request (a seat token), if any."""
    return bearer_token(request.headers.get("authorization"))


async def read_body(request: Request, kind: type[T]) -> T:
    """Parses the body strictly and validates it as `kind`; a 400 otherwise."""
    raw = await request.body()
    try:
        value = loads(raw)
    except BadJson as exc:
        raise Problem(BAD_JSON, f"the request is not acceptable JSON: {exc}") from None
    if not isinstance(value, dict):
        kind_name = "null" if value is None else type(value).__name__
        raise Problem(BAD_JSON, f"expected a JSON object, got {kind_name}")
    try:
        return msgspec.convert(integral(value), kind, strict=True)
    except msgspec.ValidationError as exc:
        raise Problem(BAD_REQUEST, f"invalid request body: {echo(str(exc))}") from None


FREE_FORM = frozenset({"move", "options"})
"""Fields whose JSON the rules read as it came (a move, a game's options)."""


def integral(value: Any) -> Any:
    """`value` with every integral number written as a float (`5.0`, `1e3`) made an integer:
    JSON Schema counts `5.0` as the integer 5, so the document's `integer` fields take it.
    The free-form fields (`FREE_FORM`) are left as they are, for their game's rules."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [integral(item) for item in value]
    if isinstance(value, dict):
        return {k: v if k in FREE_FORM else integral(v) for k, v in value.items()}
    return value


def query_int(request: Request, name: str, minimum: int | None = None) -> int | None:
    """Returns an integer query parameter (ASCII digits only, at most `MAX_QUERY_INT`), None
    when absent; else a 400 (never a wrapped or clamped huge value: a position past 2^63 or
    2^64 is refused like any other out-of-range one)."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    if _DIGITS.fullmatch(raw) is None:
        raise Problem(BAD_REQUEST, f"{name} must be an integer, not {echo(raw)}")
    value = int(raw)
    if minimum is not None and value < minimum:
        raise Problem(BAD_REQUEST, f"{name} must be at least {minimum}, not {value}")
    if value > MAX_QUERY_INT:
        raise Problem(BAD_REQUEST, f"{name} must be at most {MAX_QUERY_INT}, not {value}")
    return value


def etag_version(value: str | None, header: str) -> int | None:
    """Returns the version of an `If-Match: "<version>"` value; a 400 when malformed."""
    if value is None:
        return None
    match = _ETAG.fullmatch(value.strip())
    if match is None:
        raise Problem(BAD_REQUEST, f'{header} must be "<version>", not {echo(value)}')
    return int(match.group(1))


def etag(version: int) -> str:
    return f'"{version}"'


def not_modified(request: Request, tag: str) -> bool:
    """Tells whether the request's If-None-Match names `tag` (weak comparison, RFC 9110) or
    is `*`."""
    header = request.headers.get("if-none-match")
    if header is None:
        return False
    given = {m.strip().removeprefix("W/") for m in header.split(",")}
    return tag in given or "*" in given


def view_cache(seat: int | None, fixed: bool) -> str:
    """`Cache-Control` of a view (state or picture): a seat's is private; one that can never
    change (a past version asked for, or a finished game) may be kept a day, else it must be
    revalidated (its ETag is the version: 304 until the next move)."""
    scope = "public" if seat is None else "private"
    return f"{scope}, max-age=86400, immutable" if fixed else f"{scope}, no-cache"


async def game_of(request: Request) -> GameView:
    """The game of the path's `game_id` at its current version; `GAME_NOT_FOUND` otherwise."""
    game_id = request.path_params["game_id"]
    view = await service_of(request).games.game(game_id)
    if view is None:
        raise GameNotFound(f"no game {echo(game_id)}")
    return view
