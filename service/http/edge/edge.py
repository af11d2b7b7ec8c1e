"""`Edge`: the cross-cutting concerns of an HTTP request in one pure-ASGI layer.

What used to be four middlewares, each wrapping `receive` and `send` in turn, runs here once per
request with one wrapper each, in the same order and with the same answers:

1. the request id and log context, the request's log line and its count by route and status
   (`service.logging`);
2. the caller and the rate limits and points (`service.http.edge.rate_limits`, except the probes
   `EXEMPT`), whose refusal is a 429;
3. a player token that does not verify is refused with 401 (`service.http.edge.player_gate`);
4. the request body's size (`service.http.edge.limits`): 413 on a declared or a counted excess,
   after which the app's own answer is dropped;
5. the language of the words for people (`service.contract.languages`), from `Accept-Language`,
   for the request (a socket: its whole life); an API answer (`/v1`, `/graphql`) says it in
   `Content-Language`, with `Accept-Language` added to its `Vary`.

A refusal of a later step carries the headers of the earlier ones (`X-Request-ID`, the budget's,
`Retry-After`), as it did through the stack. A request for one of the hot routes (a move, its
push, GraphQL) then goes to that route directly (`service.http.edge.hot_routes.Lanes`). Websockets
(long-lived: per-message work is the sockets', not the request's) still go through the four
middlewares, unchanged.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.languages import LANGUAGE, asked
from boardstate.service.contract.tokens import bearer_token
from boardstate.service.http.edge.charges import decorated
from boardstate.service.http.edge.hot_routes import Lanes
from boardstate.service.http.edge.limits import SizeLimits, declared_length
from boardstate.service.http.edge.player_gate import PlayerTokenGate, refused
from boardstate.service.http.edge.rate_limits import EXEMPT, RateLimitMiddleware
from boardstate.service.http.rest.prices import PriceTable
from boardstate.service.logging import RequestContextMiddleware, begin_request, end_request
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.callers import CALLER, Caller
from boardstate.service.runtime.player_tokens import is_player_token
from boardstate.service.settings import Settings


class Edge:
    """Request id, logging, rate limits and points, the player-token gate and body size limits
    for HTTP requests in one layer (websockets: the four middlewares)."""

    def __init__(
        self,
        app: ASGIApp,
        metrics: Metrics,
        settings: Settings,
        prices: PriceTable,
        per_path: Mapping[str, int | None],
        lanes: Lanes | None = None,
    ) -> None:
        self.app = app
        self.lanes = lanes
        self.metrics = metrics
        sizes = SizeLimits(app, settings.max_body_bytes, settings.max_ws_message_bytes, per_path)
        self.sizes = sizes
        self.rates = RateLimitMiddleware(PlayerTokenGate(sizes), settings, prices)
        self.sockets = RequestContextMiddleware(self.rates, metrics)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        language = asked(scope.get("headers", ()))
        said = LANGUAGE.set(language)
        try:
            if scope["type"] == "websocket":
                await self.sockets(scope, receive, send)
            else:
                await self._http(scope, receive, send, language)
        finally:
            LANGUAGE.reset(said)

    async def _http(self, scope: Scope, receive: Receive, send: Send, language: str) -> None:
        request_id = begin_request(scope).encode("ascii")
        worded = api_path(scope["path"])
        started = time.perf_counter()
        status = 0
        caller: Caller | None = None
        cut = False
        reset = None

        async def answer(message: Message) -> None:
            """The response start gets the caller's and the request id's headers."""
            nonlocal status
            if message["type"] == "http.response.start":
                if caller is not None:
                    message = decorated(caller, message)
                status = int(message["status"])
                headers = [*message.get("headers", ()), (b"x-request-id", request_id)]
                if worded:
                    headers = said_in(headers, language)
                message = {**message, "headers": headers}
            await send(message)

        async def app_send(message: Message) -> None:
            if cut:
                return  # the 413 went out; the app's answer to a cut body is dropped
            await answer(message)

        try:
            if scope["path"] not in EXEMPT:
                caller = self.rates.caller_of(scope)
                reset = CALLER.set(caller)
                refusal = await self.rates.admit(scope, caller)
                if refusal is not None:
                    await self.rates.refuse(scope, answer, *refusal)
                    return
            token = caller.token if caller is not None else None
            if caller is None:
                token = bearer_token(Headers(scope=scope).get("authorization"))
            service = scope.get("state", {}).get("service")
            if service is not None and is_player_token(token):
                assert token is not None
                try:
                    await service.players.me(token)
                except MoveError as exc:
                    await refused(scope, exc)(scope, receive, answer)
                    return
            limit = self.sizes.per_path.get(scope["path"], self.sizes.max_body)
            if limit is None:
                await self._route(scope, receive, answer)
                return
            declared = declared_length(scope)
            if declared is not None and declared > limit:
                await self.sizes.refuse(scope, answer, limit)
                return
            received = 0

            async def limited_receive() -> Message:
                nonlocal received, cut
                if cut:
                    return {"type": "http.disconnect"}
                message = await receive()
                if message["type"] == "http.request":
                    received += len(message.get("body", b""))
                    if received > limit:
                        cut = True
                        if status == 0:
                            await self.sizes.refuse(scope, answer, limit)
                        return {"type": "http.disconnect"}
                return message

            try:
                await self._route(scope, limited_receive, app_send)
            except Exception:
                if not cut:
                    raise  # a body cut off makes the app fail reading it: that is answered
        except Exception:
            status = 500
            raise
        finally:
            if reset is not None:
                CALLER.reset(reset)
            end_request(self.metrics, scope, status, started)

    async def _route(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.lanes is None or not await self.lanes.answer(scope, receive, send):
            await self.app(scope, receive, send)


def api_path(path: str) -> bool:
    """Whether `path` is the API's (`/v1/…`, `/graphql`): its answers name their language."""
    return path.startswith("/v1/") or path == "/graphql"


def said_in(headers: list[tuple[bytes, bytes]], language: str) -> list[tuple[bytes, bytes]]:
    """`headers` with `Content-Language: language` and `Accept-Language` in `Vary`."""
    out = [(k, v) for k, v in headers if k.lower() not in (b"vary", b"content-language")]
    varies = [v.decode("latin-1") for k, v in headers if k.lower() == b"vary"]
    vary = ", ".join([*varies, "Accept-Language"])
    return [*out, (b"content-language", language.encode("ascii")), (b"vary", vary.encode())]
