"""`RateLimitMiddleware`: request rate limits per client address and per bearer token.

Every HTTP request and websocket connection except the probes (`/healthz`, `/readyz`,
`/metrics`) counts one hit against its address's windows (`BOARDSTATE_RATE_LIMIT_ADDRESS`) and,
when it carries `Authorization: Bearer <token>`, its token's (`BOARDSTATE_RATE_LIMIT_TOKEN`).
Over a limit: HTTP 429 with `Retry-After`; on `/graphql` the body is a GraphQL error with
`extensions: {code: "RATE_LIMITED", retryAfter}`, elsewhere `{"error": {code, message,
details: {retryAfter}}}`; a websocket gets the same 429 as its handshake's answer, and each
operation it sends later (a `subscribe` message: a query, a move, a subscription) counts one more
hit (`OPERATION_HIT_KEY`), refused with an `error` message for that operation.

Work is counted too, in points (`service.http.edge.charges`): a request the request limits let
through is charged its route's price (`service.http.rest.prices`) against the caller's points
budget before it runs, except on `/graphql`, whose operations are charged their cost by the
GraphQL door with the `Charge` put on the scope (`POINTS_KEY`); the response tells the budget
(`X-RateLimit-*`).

The middleware also sets the request's `Caller` (`service.runtime.callers`) and applies what the
game service noted on it: a `Retry-After` header for a refusal inside a GraphQL result
(`createGame` rate-limited), and status 503 when a write met a full Redis (`STORE_FULL`).

The client address is the socket peer, or, when the peer is one of `BOARDSTATE_TRUSTED_PROXIES`,
the right-most `X-Forwarded-For` entry that is not itself a trusted proxy. This is the only place
the header is read: `boardstate serve` turns uvicorn's own `--proxy-headers` off (on by default,
it trusts the header from 127.0.0.1 and would hand the app a peer the client chose), and plain
uvicorn must be run with `--no-proxy-headers` (`service.asgi`).
"""

from __future__ import annotations

import functools
import ipaddress
import json
from collections.abc import Sequence

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardstate.service.contract.codes import RATE_LIMITED
from boardstate.service.contract.points import Budget
from boardstate.service.contract.tokens import bearer_token
from boardstate.service.http.edge.charges import (
    POINTS_KEY,
    Charge,
    budget_headers,
    decorated,
    message,
)
from boardstate.service.http.edge.limits import GRAPHQL_PATH
from boardstate.service.http.edge.protocol.connection_caps import plain_ip
from boardstate.service.http.rest.prices import PriceTable
from boardstate.service.runtime.callers import CALLER, Caller
from boardstate.service.settings import Settings
from boardstate.service.store.limits.points_budget import PointsBudget
from boardstate.service.store.limits.rate_limiter import RateLimiter, parse_limits

EXEMPT = frozenset({"/healthz", "/readyz", "/metrics"})
OPERATION_HIT_KEY = "boardstate.operation_hit"
"""On a websocket's scope: `await hit(token)` counts one operation sent on the socket against
the same windows as a request (the token is the one the socket acts with); it returns None, or
the seconds to wait when a window is exhausted (`service.http.graphql.ws`)."""
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def client_address(scope: Scope, trusted: Sequence[Network]) -> str:
    """Returns the client's address: the peer, or behind trusted proxies the first address
    of `X-Forwarded-For`, read from the right, that is not a trusted proxy. An IPv4-mapped
    IPv6 address (`::ffff:a.b.c.d`, a dual-stack listener's IPv4 peer) counts as its IPv4
    address, as the connection caps count it (`connection_limits.plain_ip`)."""
    client = scope.get("client")
    peer = str(client[0]) if client else "unknown"
    ip = plain_ip(peer)
    if ip is None:
        return peer
    address = str(ip)
    if not any(ip in network for network in trusted):
        return address
    hops = [
        hop.strip()
        for name, value in scope.get("headers", [])
        if name == b"x-forwarded-for"
        for hop in value.decode("latin-1").split(",")
    ]
    for hop in reversed(hops):
        hop_ip = plain_ip(hop)
        if hop_ip is None:
            return address
        if not any(hop_ip in network for network in trusted):
            return str(hop_ip)
    return address


def refusal(
    scope: Scope, wait: int, budget: Budget | None = None
) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Returns the status, headers and body of a rate-limited request (`budget`: refused by
    the points budget)."""
    text = f"rate limit exceeded; retry in {wait} s" if budget is None else message(budget)
    details: dict[str, object] = {"retryAfter": wait} if budget is None else budget.extensions()
    if scope.get("path") == GRAPHQL_PATH:
        extensions = {"code": RATE_LIMITED, **details}
        payload: object = {"data": None, "errors": [{"message": text, "extensions": extensions}]}
        media = b"application/json"
    elif str(scope.get("path", "")).startswith("/v1/"):
        payload = {
            "type": "about:blank",
            "title": "Rate limited",
            "status": 429,
            "detail": text,
            "code": RATE_LIMITED,
            "details": details,
        }
        media = b"application/problem+json"
    else:
        payload = {"error": {"code": RATE_LIMITED, "message": text, "details": details}}
        media = b"application/json"
    body = json.dumps(payload).encode()
    headers = [
        (b"content-type", media),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(wait).encode()),
    ]
    return 429, headers, body


def refusal_response(scope: Scope, wait: int, budget: Budget | None = None) -> Response:
    """`refusal` as a response."""
    status, headers, body = refusal(scope, wait, budget)
    return Response(body, status, {name.decode(): value.decode() for name, value in headers})


async def charge_more(request: Request, points: int) -> Response | None:
    """Charges the running request `points` more, when a route knows its full price only once
    it has started (a log's length); returns the refusal to answer with, else None."""
    charge: Charge | None = request.scope.get(POINTS_KEY)
    if charge is None or points <= 0:
        return None
    budget = await charge(points, None)
    if budget is None or budget.retry_after is None:
        return None
    return refusal_response(request.scope, budget.retry_after, budget)


class RateLimitMiddleware:
    """Counts requests per address and token; sets the request's `Caller`."""

    def __init__(self, app: ASGIApp, settings: Settings, prices: PriceTable) -> None:
        self.app = app
        self.prices = prices
        self.trusted = [ipaddress.ip_network(n, strict=False) for n in settings.trusted_proxies]
        self.address_limits = parse_limits(settings.rate_limit_address)
        self.token_limits = parse_limits(settings.rate_limit_token)
        self.page_cap = settings.page_cap
        self.max_cost = settings.max_cost

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or scope["path"] in EXEMPT:
            await self.app(scope, receive, send)
            return
        caller = self.caller_of(scope)
        reset = CALLER.set(caller)
        try:
            refused = await self.admit(scope, caller)
            if refused is not None:
                await self.refuse(scope, send, *refused)
                return
            await self.app(scope, receive, self._sender(caller, send))
        finally:
            CALLER.reset(reset)

    def caller_of(self, scope: Scope) -> Caller:
        """The request's caller: its client address and bearer token."""
        caller = Caller(client_address(scope, self.trusted))
        caller.token = bearer_token(Headers(scope=scope).get("authorization"))
        return caller

    async def admit(self, scope: Scope, caller: Caller) -> tuple[int, Budget | None] | None:
        """Counts the request against the caller's windows and charges a REST route its price;
        returns the seconds to wait (and the budget left) when it is refused, else None. Puts
        the websocket's operation hit and the GraphQL door's charge on the scope."""
        limiter: RateLimiter | None = scope.get("state", {}).get("limiter")
        wait = None if limiter is None else await self._hit(limiter, caller)
        if wait is not None:
            return wait, None
        if limiter is not None and scope["type"] == "websocket":
            scope[OPERATION_HIT_KEY] = functools.partial(self._operation, limiter, caller)
        budget: PointsBudget | None = scope.get("state", {}).get("budget")
        if budget is not None:
            scope[POINTS_KEY] = functools.partial(self._charge, budget, caller)
            if scope["type"] == "http" and scope["path"] != GRAPHQL_PATH:
                spent = await self._charge(
                    budget, caller, self.prices.rest_points(scope, self.page_cap, self.max_cost)
                )
                if spent is not None and spent.retry_after is not None:
                    return spent.retry_after, spent
        return None

    @staticmethod
    async def _charge(
        budget: PointsBudget, caller: Caller, points: int, token: str | None = None
    ) -> Budget | None:
        """Charges `points` to the caller (acting with `token` on a websocket); the budget it
        leaves is kept on the caller for the response's headers."""
        who = caller if token is None else Caller(caller.address, token)
        spent = await budget.charge(who.identities(), points)
        if spent is not None:
            caller.budget = spent
        return spent

    async def _operation(
        self, limiter: RateLimiter, caller: Caller, token: str | None
    ) -> int | None:
        return await self._hit(limiter, Caller(caller.address, token or caller.token))

    async def _hit(self, limiter: RateLimiter, caller: Caller) -> int | None:
        identities = caller.identities()
        wait = await limiter.hit(self.address_limits, identities[0])
        if wait is None and len(identities) > 1:
            wait = await limiter.hit(self.token_limits, identities[1])
        return wait

    @staticmethod
    async def refuse(scope: Scope, send: Send, wait: int, budget: Budget | None = None) -> None:
        status, headers, body = refusal(scope, wait, budget)
        if budget is not None:
            headers += budget_headers(budget)
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        elif "websocket.http.response" in scope.get("extensions", {}):
            start = {"type": "websocket.http.response.start", "status": status}
            await send({**start, "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1013, "reason": "rate limited"})

    @staticmethod
    def _sender(caller: Caller, send: Send) -> Send:
        async def sender(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = decorated(caller, message)
            await send(message)

        return sender
