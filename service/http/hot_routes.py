"""`hot_first`: the routes every move takes, matched first.

Starlette tries routes in order, one regular expression each, until one matches: `/graphql` sat
behind 42 others, the move route behind 15. `hot_first` moves the routes of `HOT` (path, method)
to the front, each only when no route before it in the declared order matches the same path and
method (otherwise the order decides and is kept), so which route answers a request never
changes; only the number of routes tried on the way does.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.routing import BaseRoute, Match, Route

HOT: tuple[tuple[str, str, str], ...] = (
    ("/graphql", "/graphql", "POST"),
    ("/v1/games/{game_id}/moves", "/v1/games/g/moves", "POST"),
    ("/v1/games/{game_id}/events/stream", "/v1/games/g/events/stream", "GET"),
)
"""(route path, a path it serves, the method of the move or the push)."""


def _full(route: BaseRoute, path: str, method: str) -> bool:
    scope = {"type": "http", "path": path, "method": method, "root_path": ""}
    return route.matches(scope)[0] == Match.FULL


def hot_first(routes: Sequence[BaseRoute]) -> list[BaseRoute]:
    """`routes` with the `HOT` ones first (see the module docstring)."""
    hot: list[BaseRoute] = []
    for declared, sample, method in HOT:
        for index, route in enumerate(routes):
            if isinstance(route, Route) and route.path == declared:
                shadowed = any(_full(earlier, sample, method) for earlier in routes[:index])
                if not shadowed and _full(route, sample, method):
                    hot.append(route)
                break
    return [*hot, *(route for route in routes if route not in hot)]
