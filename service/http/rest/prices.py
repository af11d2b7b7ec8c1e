"""What each REST route is charged from its caller's points budget (docs/security.md, "Rate
limits and quotas", has the table).

A route costs what the GraphQL query asking for the same data costs (`schema.complexity`, in
plain field reads; `tests/service/test_rest_prices.py` measures those queries and compares), so
both doors charge the same points (`service.contract.points`: cost / 100 rounded up, at least 1)
for the same work. A page costs its items: `limit` (or `first`) clamped as the route clamps it, its
largest when absent; `version` adds a past state's fold, as `state(version:)` does. A log
costs by its size: an export as the pages of `events` that read it (charged once the game is
loaded and its length known, `export_cost`), an import (and a verification, which is an
import's work without its write) per KiB of its `Content-Length` (its verification's measured
work), at most the largest query's cost. A fork costs what `forkGame` does. Every other path (pages,
documents, static files) costs 1; `/graphql` is charged by its operation
(`service.http.graphql.app`), the probes nothing.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping

from starlette.datastructures import QueryParams
from starlette.types import Scope

from boardstate.service.contract.points import points
from boardstate.service.contract.work_costs import GAME_LOAD, STORE_READ, WRITE
from boardstate.service.http.edge.limits import declared_length

GAME = 123
"""`game(id:)` with every field a REST game has (`GameOut`): its load and 73 fields."""
EVENTS = GAME_LOAD + STORE_READ + 1
"""`game(id:) { version events(...) }` without its events: the game's load and a log read."""
EVENT = 13
"""One event of a page (`edges { node { ... } }` with the 9 fields of `EventOut`)."""
IMPORT_KIB = 100
"""An import per KiB of log: its verification measured 74-147 plain reads per KiB (18-35 per
event) on the four golden logs (`tests/golden/logs`)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Price:
    """A route's cost in plain field reads (`service.contract.work_costs`)."""

    cost: int
    per_item: int = 0
    """Added per item of the page (`items`)."""
    items: str | None = None
    """The query parameter that sets the page's length."""
    most: int | None = None
    """The page's largest length (None: `BOARDSTATE_PAGE_CAP`)."""
    default: int | None = None
    """The page's length when the parameter is absent or 0 (None: `most` when absent)."""
    extra: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """Added when the named query parameter is given."""
    per_kib: int = 0
    """Added per KiB of the body (`Content-Length`; without it, as the largest)."""

    def cost_of(self, query: QueryParams, page_cap: int) -> int:
        """The cost of one request with these query parameters."""
        cost = self.cost + sum(w for name, w in self.extra.items() if name in query)
        if self.items is None:
            return cost
        most = page_cap if self.most is None else self.most
        raw = query.get(self.items, "")
        count = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else None
        if count is None or (count == 0 and self.default is not None):
            count = most if self.default is None else self.default
        return cost + self.per_item * min(count, most)


TABLE = Price(WRITE + 75)
"""A table mutation (`resign`, `leaveGame`, ...) with `TableUpdated { version game }`."""

PLAIN_PRICES: Mapping[tuple[str, str], Price] = {
    ("GET", "/games/{}/log"): Price(EVENTS),
    ("POST", "/games/import"): Price(WRITE, per_kib=IMPORT_KIB),
}
"""The plain routes outside `/v1` (`service.http.routes`); every `/v1` route declares its price
(`service.http.rest.route.ApiRoute.price`)."""


class PriceTable:
    """Prices by method and route template (`{}`: one path segment)."""

    def __init__(self, prices: Mapping[tuple[str, str], Price]) -> None:
        self.prices = dict(prices)
        self._by_shape: dict[tuple[str, int], list[tuple[tuple[str, ...], Price]]] = {}
        for (method, template), price in self.prices.items():
            parts = tuple(template.split("/"))
            self._by_shape.setdefault((method, len(parts)), []).append((parts, price))

    def price_of(self, method: str, path: str) -> Price | None:
        """The price of a route (None: not in the table, 1 point)."""
        parts = path.split("/")
        for template, price in self._by_shape.get((method, len(parts)), ()):
            if all(t == "{}" or t == p for t, p in zip(template, parts, strict=True)):
                return price
        return None

    def points_of(
        self,
        method: str,
        path: str,
        page_cap: int,
        max_cost: int,
        query: bytes = b"",
        length: Callable[[], int | None] = lambda: 0,
    ) -> int:
        """The points a request of `method` on `path` is charged before it runs: the one
        conversion of a route's price (`service.contract.points.points`) for REST
        (`rest_points`) and the command socket, whose messages are charged their REST twin's
        (`service.http.socket.endpoint`). `query`: the query string; `length()`: the body's
        declared length (None: unknown, priced as the largest); `max_cost`: what a body priced
        by its size costs at most."""
        price = self.price_of(method, path)
        if price is None:
            return 1
        cost = price.cost
        if price.items or price.extra:
            cost = price.cost_of(QueryParams(query), page_cap)
        if price.per_kib:
            size = length()
            kib = max_cost if size is None else -(-size // 1024)
            cost = min(cost + price.per_kib * kib, max_cost)
        return points(cost)

    def rest_points(self, scope: Scope, page_cap: int, max_cost: int) -> int:
        """The points an HTTP request (not `/graphql`) is charged before it runs."""
        method, path, query = scope["method"], scope["path"], scope.get("query_string", b"")
        length = functools.partial(declared_length, scope)
        return self.points_of(method, path, page_cap, max_cost, query, length)


def export_points(version: int, page_cap: int) -> int:
    """The points exporting a log of `version` events costs beyond the price charged before
    the game was loaded: the `events` pages (of `page_cap` events) that read it, each with the
    game's load and a log read."""
    pages = -(-version // max(1, page_cap))
    return points(pages * EVENTS + version * EVENT) - points(EVENTS)
