"""`create_app(settings)`: the Starlette app (GraphQL, HTTP routes, middleware, lifespan)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import uuid
from collections.abc import AsyncIterator
from typing import TypedDict

import structlog
from cross_web import HTTPException
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL

from boardstate.schema.codes import BAD_JSON, BAD_REQUEST
from boardstate.schema.context import Context, bearer_token
from boardstate.schema.root import make_schema
from boardstate.service.games.admission import Admission
from boardstate.service.games.expiry import OpenGameSweeper
from boardstate.service.games.game_service import GameService
from boardstate.service.http.graphiql import STATIC_PATH, GraphiQLStatic, page_response
from boardstate.service.http.limits import SizeLimits
from boardstate.service.http.log_import import IMPORT_PATH
from boardstate.service.http.problems import EXCEPTION_HANDLERS
from boardstate.service.http.rate_limits import RateLimitMiddleware
from boardstate.service.http.rest_api import V1_ROUTES
from boardstate.service.http.routes import ROUTES
from boardstate.service.inputs import BadJson, loads
from boardstate.service.logging import REQUEST_ID_KEY, RequestContextMiddleware, configure_logging
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import connect
from boardstate.service.store.creator_games import RedisQuotas
from boardstate.service.store.index import RedisIndex
from boardstate.service.store.pools import in_use
from boardstate.service.store.rate_limiter import RateLimiter

log = structlog.get_logger("boardstate.app")

GC_YOUNG_THRESHOLD = 5000
"""Allocations between collections of the youngest generation (Python's default: 700)."""


class State(TypedDict):
    """What the lifespan provides to every request (`request.state`)."""

    service: GameService
    metrics: Metrics
    limiter: RateLimiter | None


class RequestError(HTTPException):
    """A request GraphQL cannot run, answered with an HTTP 4xx and a GraphQL-shaped body."""

    def __init__(self, status_code: int, code: str, reason: str) -> None:
        super().__init__(status_code, reason)
        self.code = code


class GraphQLApp(GraphQL[Context, None]):
    """The strawberry ASGI app; builds a `Context` per request or websocket connection.

    Bodies, `variables`/`extensions` parameters and websocket messages are parsed strictly
    (`service.inputs.loads`): whatever is wrong with them is a 400 with a GraphQL-shaped JSON
    body (`BAD_JSON`, `BAD_REQUEST`), never a 500, and a deep body never recurses far.
    """

    def decode_json(self, data: str | bytes) -> object:
        """Websocket messages (a `BadJson` is a `JSONDecodeError`: strawberry closes 4400)."""
        return loads(data)

    def parse_json(self, data: str | bytes) -> object:
        """A request body or a `variables`/`extensions` parameter: a JSON object."""
        try:
            value = loads(data)
        except BadJson as exc:
            raise RequestError(
                400, BAD_JSON, f"the request is not acceptable JSON: {exc}"
            ) from None
        if not isinstance(value, dict | list):
            kind = "null" if value is None else type(value).__name__
            raise RequestError(400, BAD_JSON, f"expected a JSON object, got {kind}")
        return value

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        request = Request(scope=scope, receive=receive)
        try:
            response = await self.run(request)
        except HTTPException as exc:
            code = exc.code if isinstance(exc, RequestError) else BAD_REQUEST
            error = {"message": exc.reason, "extensions": {"code": code}}
            response = JSONResponse({"errors": [error]}, status_code=exc.status_code)
        await response(scope, receive, send)

    request_concurrency = 8

    async def get_context(
        self, request: Request | WebSocket, response: Response | WebSocket
    ) -> Context:
        scope = request.scope
        request_id = scope.get(REQUEST_ID_KEY) or uuid.uuid4().hex
        return Context(
            backend=scope["state"]["service"],
            request_id=str(request_id),
            header_token=bearer_token(request.headers.get("authorization")),
            address=request.client.host if request.client else None,
            reads=asyncio.Semaphore(self.request_concurrency),
        )

    async def render_graphql_ide(self, request: Request) -> Response:
        """GraphiQL from the vendored copies, not a CDN (`service.http.graphiql`)."""
        return page_response()


def create_app(settings: Settings) -> Starlette:
    """Returns the service for `settings`; Redis is connected when the lifespan starts.

    Parameters:
        settings: `settings.redis_url` must be set (`boardstate serve` starts a private Redis
            and fills it in when the environment has none).
    """
    configure_logging(settings.log_level, settings.log_format)
    metrics = Metrics()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[State]:
        if settings.redis_url is None:
            raise RuntimeError("REDIS_URL is not set (or run `boardstate serve`)")
        store = connect(
            settings.redis_url,
            settings.redis_cluster,
            prefix=settings.key_prefix,
            wait_replicas=settings.append_wait_replicas,
            wait_timeout_ms=settings.append_wait_timeout_ms,
            pool_size=settings.redis_pool_size,
            pool_wait_ms=settings.redis_pool_wait_ms,
            max_streams=settings.max_streams,
        )
        limiter: RateLimiter | None = None
        quotas: RedisQuotas | None = None
        if settings.rate_limits:
            limiter = RateLimiter(settings.redis_url, settings.redis_cluster, settings.key_prefix)
            quotas = RedisQuotas(store.client, settings.key_prefix)
        admission = Admission(store, settings, limiter, quotas)
        service = GameService(store, settings, metrics, admission)
        metrics.watch_pool(lambda: in_use(store.client), lambda: service.hub.readers)
        # What is alive now (modules, the schema, the rules' data) lives as long as the
        # process: frozen, full collections no longer traverse it. graphql-core leaves some
        # cyclic garbage per request; collecting the young generation every 5000 (not 700)
        # allocations cut the collector's time per move by about 40% in the service benchmark.
        gc.collect()
        gc.freeze()
        gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
        sweeper: asyncio.Task[None] | None = None
        if settings.open_game_ttl_seconds > 0:
            expiry = OpenGameSweeper(
                store, RedisIndex(store.client, settings.key_prefix), settings.open_game_ttl_seconds
            )
            sweeper = asyncio.create_task(expiry.run(), name="open-game-sweeper")
        log.info("started", redis=settings.redis_url_redacted, cluster=settings.redis_cluster)
        try:
            yield {"service": service, "metrics": metrics, "limiter": limiter}
        finally:
            if sweeper is not None:
                sweeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sweeper
            await service.close()
            if limiter is not None:
                await limiter.close()
            await store.close()
            log.info("stopped")

    schema = make_schema(
        settings.max_query_depth,
        settings.max_aliases,
        settings.max_tokens,
        max_fragments=settings.max_fragments,
        max_fields=settings.max_fields,
        max_cost=settings.max_cost,
        page_cap=settings.page_cap,
    )
    graphql = GraphQLApp(
        schema,
        subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
        allowed_origins=settings.cors_origins,
    )
    graphql.request_concurrency = settings.request_concurrency
    middleware = [
        Middleware(RequestContextMiddleware, metrics=metrics),
        Middleware(RateLimitMiddleware, settings=settings),
        Middleware(
            SizeLimits,
            max_body=settings.max_body_bytes,
            max_ws_message=settings.max_ws_message_bytes,
            per_path={IMPORT_PATH: None},
        ),
    ]
    if settings.cors_origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(settings.cors_origins),
                allow_methods=["GET", "POST", "OPTIONS"],
                allow_headers=[
                    "authorization",
                    "content-type",
                    "x-request-id",
                    "idempotency-key",
                    "if-match",
                    "if-none-match",
                ],
                expose_headers=["x-request-id", "x-game-version", "etag", "location"],
            )
        )
    routes = [
        *ROUTES,
        *V1_ROUTES,
        Route("/graphql", graphql, methods=["GET", "POST"]),
        WebSocketRoute("/graphql", graphql),
        Mount(STATIC_PATH, app=GraphiQLStatic(), name="graphiql-static"),
    ]
    return Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers=EXCEPTION_HANDLERS,
    )
