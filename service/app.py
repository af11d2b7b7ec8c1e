"""`create_app(settings)`: the Starlette app (GraphQL, HTTP routes, middleware, lifespan)."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator
from typing import TypedDict

import structlog
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL

from schema.context import Context, bearer_token
from schema.root import make_schema
from service.games import GameService
from service.logging import RequestContextMiddleware, configure_logging
from service.metrics import Metrics
from service.routes import ROUTES
from service.settings import Settings
from service.store import connect

log = structlog.get_logger("boardstate.app")


class State(TypedDict):
    """What the lifespan provides to every request (`request.state`)."""

    service: GameService
    metrics: Metrics


class GraphQLApp(GraphQL[Context, None]):
    """The strawberry ASGI app; builds a `Context` per request or websocket connection."""

    async def get_context(
        self, request: Request | WebSocket, response: Response | WebSocket
    ) -> Context:
        request_id = structlog.contextvars.get_contextvars().get("request_id")
        return Context(
            backend=request.state.service,
            request_id=str(request_id or uuid.uuid4().hex),
            header_token=bearer_token(request.headers.get("authorization")),
        )


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
        )
        service = GameService(store, settings, metrics)
        log.info("started", redis=settings.redis_url_redacted, cluster=settings.redis_cluster)
        try:
            yield {"service": service, "metrics": metrics}
        finally:
            await service.close()
            await store.close()
            log.info("stopped")

    schema = make_schema(settings.max_query_depth, settings.max_aliases, settings.max_tokens)
    graphql = GraphQLApp(
        schema,
        subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
        allowed_origins=settings.cors_origins,
    )
    middleware = [Middleware(RequestContextMiddleware, metrics=metrics)]
    if settings.cors_origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(settings.cors_origins),
                allow_methods=["GET", "POST", "OPTIONS"],
                allow_headers=["authorization", "content-type", "x-request-id"],
                expose_headers=["x-request-id", "x-game-version"],
            )
        )
    routes = [
        *ROUTES,
        Route("/graphql", graphql, methods=["GET", "POST"]),
        WebSocketRoute("/graphql", graphql),
    ]
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
