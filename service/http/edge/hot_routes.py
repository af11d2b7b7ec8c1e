"""`hot_first`: the routes every move takes, matched first; `Lanes`: and called directly.

Starlette tries routes in order, one regular expression each, until one matches: `/graphql` sat
behind 42 others, the move route behind 15. `hot_first` moves the routes of `HOT` (path, method)
to the front, each only when no route before it in the declared order matches the same path and
method (otherwise the order decides and is kept), so which route answers a request never
changes; only the number of routes tried on the way does.

`Lanes` goes one step further for those routes (`service.http.edge.edge` calls it): a request one of
them answers is handed to that route at once, past Starlette's exception middleware and router
(layers wrapping `send` and the routes tried one by one). The route gets the scope the
router would have given it (its `path_params`, `endpoint` and `route`) and the exception handlers
the exception middleware would have set (`starlette.exception_handlers`: HTTP errors and a
client gone answer as before; any other exception goes up to the server-error middleware, as
before). A request with an `Origin` header takes the usual way (CORS answers it); so does one
that matches a hot route's path but not its method (the router answers 405).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from starlette._exception_handler import wrap_app_handling_exceptions
from starlette.requests import Request
from starlette.routing import BaseRoute, Match, Route
from starlette.types import Receive, Scope, Send

HOT: tuple[tuple[str, str, str], ...] = (
    ("/graphql", "/graphql", "POST"),
    ("/v1/games/{game_id}/moves", "/v1/games/g/moves", "POST"),
    ("/v1/games/{game_id}/events/stream", "/v1/games/g/events/stream", "GET"),
)
"""(route path, a path it serves, the method of the move or the push)."""


def _full(route: BaseRoute, path: str, method: str) -> bool:
    scope = {"type": "http", "path": path, "method": method, "root_path": ""}
    return route.matches(scope)[0] == Match.FULL


def hot_routes(routes: Sequence[BaseRoute]) -> list[Route]:
    """The `HOT` routes of `routes` that no earlier route shadows (see the module docstring)."""
    hot: list[Route] = []
    for declared, sample, method in HOT:
        for index, route in enumerate(routes):
            if isinstance(route, Route) and route.path == declared:
                shadowed = any(_full(earlier, sample, method) for earlier in routes[:index])
                if not shadowed and _full(route, sample, method):
                    hot.append(route)
                break
    return hot


def hot_first(routes: Sequence[BaseRoute]) -> list[BaseRoute]:
    """`routes` with the `HOT` ones first (see the module docstring)."""
    hot = hot_routes(routes)
    return [*hot, *(route for route in routes if route not in hot)]


class Lanes:
    """The hot routes, called without the router (see the module docstring)."""

    def __init__(self, routes: Sequence[Route], handlers: Mapping[Any, Any]) -> None:
        self.routes = tuple(routes)
        self.handlers: tuple[dict[Any, Any], dict[int, Any]] = (dict(handlers), {})
        """What `ExceptionMiddleware` puts on the scope: (by exception class, by status)."""

    async def answer(self, scope: Scope, receive: Receive, send: Send) -> bool:
        """Hands the request to the hot route that answers it; False when none does."""
        if any(name == b"origin" for name, _ in scope["headers"]):
            return False
        for route in self.routes:
            match, child = route.matches(scope)
            if match is Match.FULL:
                scope.update(child)
                scope["route"] = route
                scope["starlette.exception_handlers"] = self.handlers
                # What `ExceptionMiddleware` does (a route that is an ASGI app, like `/graphql`,
                # has no handling of its own).
                handled = wrap_app_handling_exceptions(route.handle, Request(scope))
                await handled(scope, receive, send)
                return True
        return False
