"""`create_app(settings)`: the Starlette app (GraphQL, HTTP routes, middleware, lifespan)."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import AsyncIterator
from typing import TypedDict

import structlog
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.routing import Mount, Route, WebSocketRoute
from strawberry.subscriptions import GRAPHQL_SSE_PROTOCOL, GRAPHQL_TRANSPORT_WS_PROTOCOL

from boardstate.schema.root import make_schema
from boardstate.service.composition import Service, build_service, open_store
from boardstate.service.features.archive.archive_loop import PLACE_SETTLE_S
from boardstate.service.features.lobby.admission import Admission
from boardstate.service.http.background import background_loops
from boardstate.service.http.edge.charges import HEADER_NAMES
from boardstate.service.http.edge.edge import Edge
from boardstate.service.http.edge.hot_routes import Lanes, hot_first, hot_routes
from boardstate.service.http.edge.problems import EXCEPTION_HANDLERS
from boardstate.service.http.graphql.app import GraphQLApp
from boardstate.service.http.graphql.sse import sse_transport
from boardstate.service.http.graphql.ws import MAX_OPERATIONS
from boardstate.service.http.pages.graphiql import STATIC_PATH, GraphiQLStatic
from boardstate.service.http.pages.pages import PAGE_ROUTES
from boardstate.service.http.rest.declared import PRICES
from boardstate.service.http.rest.history.log_import import LOG_BODY_PATHS
from boardstate.service.http.rest.v1 import V1_ROUTES
from boardstate.service.http.routes import ROUTES
from boardstate.service.log import time_source
from boardstate.service.logging import configure_logging
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.loops import Loops
from boardstate.service.runtime.offload import use_short_switch_interval
from boardstate.service.settings import Settings
from boardstate.service.store.limits.creator_games import RedisQuotas
from boardstate.service.store.limits.points_budget import PointsBudget
from boardstate.service.store.limits.rate_limiter import RateLimiter
from boardstate.service.store.pools import in_use

log = structlog.get_logger("boardstate.app")

GC_YOUNG_THRESHOLD = 5000
"""Allocations between collections of the youngest generation (Python's default: 700)."""


class State(TypedDict):
    """What the lifespan provides to every request (`request.state`)."""

    service: Service
    metrics: Metrics
    limiter: RateLimiter | None
    budget: PointsBudget | None
    loops: Loops


def create_app(settings: Settings) -> Starlette:
    """Returns the service for `settings`; Redis is connected when the lifespan starts.

    Parameters:
        settings: `settings.redis_url` must be set (`boardstate serve` starts a private Redis
            and fills it in when the environment has none).
    """
    configure_logging(settings.log_level, settings.log_format)
    time_source.configure(settings.time_source)
    metrics = Metrics()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[State]:
        if settings.redis_url is None:
            raise RuntimeError("REDIS_URL is not set (or run `boardstate serve`)")
        store = open_store(settings)
        limiter: RateLimiter | None = None
        budget: PointsBudget | None = None
        quotas: RedisQuotas | None = None
        if settings.rate_limits:
            limiter = RateLimiter(settings.redis_url, settings.redis_cluster, settings.key_prefix)
            budget = PointsBudget(
                store.client,
                settings.key_prefix,
                settings.rate_limit_points_address,
                settings.rate_limit_points_token,
            )
            quotas = RedisQuotas(store.client, settings.key_prefix)
        admission = Admission(store, settings, limiter, quotas)
        service = build_service(store, settings, metrics, admission)
        if service.archive_store is not None:  # records the archive's place, or checks it
            await service.archive_store.place.settle(PLACE_SETTLE_S)
        metrics.watch_pool(lambda: in_use(store.client), lambda: service.live.hub.readers)
        # What is alive now (modules, the schema, the rules' data) lives as long as the
        # process: frozen, full collections no longer traverse it. graphql-core leaves some
        # cyclic garbage per request; collecting the young generation every 5000 (not 700)
        # allocations cut the collector's time per move by about 40% in the service benchmark.
        gc.collect()
        gc.freeze()
        gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
        use_short_switch_interval()
        loops = Loops(background_loops(service, store, settings, metrics), metrics)
        loops.start()
        log.info("started", redis=settings.redis_url_redacted, cluster=settings.redis_cluster)
        try:
            yield {
                "service": service,
                "metrics": metrics,
                "limiter": limiter,
                "budget": budget,
                "loops": loops,
            }
        finally:
            await loops.stop()
            await service.sender.close()
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
        max_repeats=settings.max_repeats,
        max_cost=settings.max_cost,
        page_cap=settings.page_cap,
        max_response_bytes=settings.max_response_bytes,
    )
    graphql = GraphQLApp(
        schema,
        subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_SSE_PROTOCOL),
        allowed_origins=settings.cors_origins,
        max_subscriptions_per_connection=MAX_OPERATIONS,
    )
    # graphql-sse (`service.http.graphql.sse`): `Accept: text/event-stream` streams the results.
    graphql.stream_transport_classes_by_protocol = {
        GRAPHQL_SSE_PROTOCOL: sse_transport(settings.sse_keepalive_seconds)
    }
    graphql.request_concurrency = settings.request_concurrency
    # One layer for the request id, logs, rate limits and points, player tokens and body sizes
    # (`service.http.edge.edge`): one wrapper of `send` per request, not one per concern.
    routes = [
        *ROUTES,
        *V1_ROUTES,
        *PAGE_ROUTES,
        Route("/graphql", graphql, methods=["GET", "POST"]),
        WebSocketRoute("/graphql", graphql),
        Mount(STATIC_PATH, app=GraphiQLStatic(), name="graphiql-static"),
    ]
    per_path = dict.fromkeys(LOG_BODY_PATHS)
    handlers = {k: v for k, v in EXCEPTION_HANDLERS.items() if k is not Exception}
    lanes = Lanes(hot_routes(routes), handlers)
    middleware = [
        Middleware(
            Edge, metrics=metrics, settings=settings, prices=PRICES, per_path=per_path, lanes=lanes
        )
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
                    "last-event-id",
                ],
                expose_headers=[
                    "x-request-id",
                    "x-game-version",
                    "etag",
                    "location",
                    "retry-after",
                    *(name.lower() for name in HEADER_NAMES),
                ],
            )
        )
    return Starlette(
        routes=hot_first(routes),
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers=EXCEPTION_HANDLERS,
    )
