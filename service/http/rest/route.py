"""One declaration per REST route (issue 28): `ApiRoute` says everything about a route once
(method, path, handler, parameters, body, answers, price, caching), and the Starlette route
table (`routes_of`), the points prices (`prices_of`) and the OpenAPI `paths`
(`service.http.openapi.operations`) are all generated from the same declarations.

docs/adding-a-route.md is the recipe.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from boardstate.service.http.rest.common import Handler
from boardstate.service.http.rest.prices import Price

REF = "#/components/schemas/{name}"
READ_ERRORS = (400, 404, 429, 503)
"""The problem statuses of a read (the statuses of `service.http.edge.problems.STATUS`)."""
WRITE_ERRORS = (400, 401, 404, 409, 413, 422, 429, 503)
"""The problem statuses of a write."""
AUTH: tuple[Mapping[str, list[str]], ...] = ({"bearerAuth": []}, {})
"""A seat token where the route needs one; optional elsewhere (spectators)."""
REQUIRED: tuple[Mapping[str, list[str]], ...] = ({"bearerAuth": []},)
"""Every request needs a token (the admin's, or a seat's where the route says so)."""
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
SEAT_REFUSALS = ("BAD_SEAT",)
"""A seat the document allows (0..`MAX_SEAT`) that this game does not have."""
PLAY_REFUSALS = (*SEAT_REFUSALS, "GAME_FINISHED", "GAME_NOT_STARTED")
"""A seat's action on a game that has not started or has ended."""
CURSOR_REFUSALS = ("BAD_CURSOR",)
"""A cursor of the documented shape that this server did not issue."""
_SEGMENT = re.compile(r"\{([A-Za-z_]+)(?::[a-z]+)?\}")


def ref(model: type[Any]) -> dict[str, str]:
    """A reference to a model's component schema."""
    return {"$ref": REF.format(name=model.__name__)}


@dataclasses.dataclass(frozen=True, slots=True)
class Param:
    """One parameter as the OpenAPI document names it (`route_name`: a path parameter's name
    in the Starlette path when it differs, `game_id` for `id`)."""

    name: str
    where: str
    description: str
    schema: Mapping[str, Any]
    required: bool | None = None
    route_name: str | None = None

    def openapi(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "in": self.where,
            "required": self.where == "path" if self.required is None else self.required,
            "description": self.description,
            "schema": self.schema,
        }


def json_answer(model: type[Any] | Mapping[str, Any], description: str) -> dict[str, Any]:
    """A JSON answer: a model (by reference) or an inline schema."""
    schema = dict(model) if isinstance(model, Mapping) else ref(model)
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def json_list(model: type[Any], description: str) -> dict[str, Any]:
    """A JSON array of a model."""
    return json_answer({"type": "array", "items": ref(model)}, description)


@dataclasses.dataclass(frozen=True, slots=True)
class ApiRoute:
    """A REST route: the handler and everything the document, the router and the points budget
    need to know about it."""

    method: str
    path: str
    """The Starlette path (`/v1/games/{game_id}`); the document's comes from `params`."""
    handler: Handler
    operation_id: str
    summary: str
    ok: Mapping[str, Mapping[str, Any]]
    """The successful answers by status (`json_answer`, or a whole response object)."""
    price: Price
    """What a request costs from the caller's points budget (`service.http.rest.prices`)."""
    errors: tuple[int, ...] = READ_ERRORS
    params: tuple[Param, ...] = ()
    body: type[Any] | None = None
    example: Mapping[str, Any] | None = None
    only: Mapping[int, tuple[str, ...]] | None = None
    """The problem codes per status when fewer than every code of the status."""
    security: tuple[Mapping[str, list[str]], ...] = AUTH
    etag: str | None = None
    """What the answer's ETag stands for (the route answers 304 to `If-None-Match`)."""
    description: str | None = None
    tags: tuple[str, ...] = ()
    stream_item: Mapping[str, Any] | None = None
    """A Server-Sent Events route: the schema of one message of its `text/event-stream`
    answer (`itemSchema`, as OpenAPI 3.2 names it)."""
    raw_body: Mapping[str, Any] | None = None
    """A request body that is no JSON model (an exported log as NDJSON or msgpack): the whole
    OpenAPI `requestBody` object."""
    refusals: tuple[str, ...] = ()
    """The codes with which a request valid by the document may still be refused: what its
    schemas cannot see (the game's players or log, the moves of its type, the caller's token, a
    cursor this server issued, a rule across two fields). The document names them in their
    statuses' descriptions; `schema/schemathesis.toml` lets schemathesis's positive data check
    (ST202) expect those statuses of this operation, and nothing else refused."""

    def __post_init__(self) -> None:
        in_path = set(_SEGMENT.findall(self.path))
        declared = {p.route_name or p.name for p in self.params if p.where == "path"}
        if in_path != declared:
            raise ValueError(f"{self.method} {self.path}: path parameters {sorted(declared)}")
        if self.method not in METHODS:
            raise ValueError(f"{self.method} {self.path}: not one of {METHODS}")

    @property
    def openapi_path(self) -> str:
        """The path as the document names it (`/v1/games/{id}`)."""
        names = {p.route_name or p.name: p.name for p in self.params if p.where == "path"}
        return _SEGMENT.sub(lambda m: "{" + names.get(m[1], m[1]) + "}", self.path)

    @property
    def price_template(self) -> str:
        """The path with `{}` for each parameter segment, as `rest_prices.PriceTable` matches."""
        return _SEGMENT.sub("{}", self.path)


def _dispatch(handlers: Mapping[str, Handler]) -> Handler:
    """One endpoint for the methods of one path, so a 405's `Allow` lists them all (HEAD,
    which Starlette adds beside GET, is answered by GET's handler)."""

    async def dispatch(request: Request) -> Response:
        return await handlers[request.method if request.method in handlers else "GET"](request)

    return dispatch


def routes_of(declared: Sequence[ApiRoute]) -> list[Route]:
    """The Starlette routes of `declared`: one per path, in the order of first declaration."""
    by_path: dict[str, dict[str, Handler]] = {}
    for route in declared:
        handlers = by_path.setdefault(route.path, {})
        if route.method in handlers:
            raise ValueError(f"{route.method} {route.path} is declared twice")
        handlers[route.method] = route.handler
    out = []
    for path, handlers in by_path.items():
        if len(handlers) == 1:
            ((method, handler),) = handlers.items()
            out.append(Route(path, handler, methods=[method]))
        else:
            out.append(Route(path, _dispatch(handlers), methods=list(handlers)))
    return out


def prices_of(declared: Sequence[ApiRoute]) -> dict[tuple[str, str], Price]:
    """The prices (`rest_prices.PriceTable`) of `declared`."""
    return {(route.method, route.price_template): route.price for route in declared}
