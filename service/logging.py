"""Structured logs (structlog): JSON when stderr is not a TTY, a readable console in a terminal.

Standard-library loggers (uvicorn, strawberry) go through the same renderer. A structlog call
at a level the standard-library logger drops returns at once, before any processor runs. The
`RequestContextMiddleware` (pure ASGI) binds a `request_id` (from `X-Request-ID` or fresh) for
the whole request or websocket session, echoes it in the response, and counts requests by
route; the game service binds `game_id`, `seat` and `version` where it knows them.

No log line repeats client input whole: every string value longer than `LOG_VALUE_CHARS` is
clipped to a marked prefix (`service.inputs.clip`: `…(+N chars)`), tracebacks excepted.
"""

from __future__ import annotations

import itertools
import logging
import re
import secrets
import sys
import time
from typing import Any

import structlog
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardstate.service.inputs import clip
from boardstate.service.metrics import Metrics

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
_QUIET_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})
_LEVELS = {"exception": logging.ERROR, **logging.getLevelNamesMapping()}
_LEVELS.update({name.lower(): level for name, level in _LEVELS.items()})
REQUEST_ID_KEY = "boardstate.request_id"
"""Where the middleware leaves the request id in the ASGI scope."""
_ID_PREFIX = secrets.token_hex(8)
_ID_COUNTER = itertools.count(1)
log = structlog.get_logger("boardstate.http")
LOG_VALUE_CHARS = 200
"""Characters of one string value in a log line (a longer one is clipped)."""
_UNCLIPPED = frozenset({"exception", "stack"})


def clip_values(logger: Any, method: str, event: dict[str, Any]) -> dict[str, Any]:
    """A structlog processor: clips long string values (client input such as a 100 KB id)."""
    for key, value in event.items():
        if isinstance(value, str) and len(value) > LOG_VALUE_CHARS and key not in _UNCLIPPED:
            event[key] = clip(value, LOG_VALUE_CHARS)
    return event


class FilteringLogger(structlog.stdlib.BoundLogger):
    """A stdlib-backed bound logger that drops a call below the stdlib logger's level before
    running the processor chain (structlog's own stdlib logger filters only at the end)."""

    def _proxy_to_logger(
        self, method_name: str, event: str | None = None, *event_args: Any, **event_kw: Any
    ) -> Any:
        if not self._logger.isEnabledFor(_LEVELS.get(method_name, logging.CRITICAL)):
            return None
        return super()._proxy_to_logger(method_name, event, *event_args, **event_kw)


def configure_logging(level: str = "INFO", fmt: str = "auto") -> None:
    """Configures structlog and the root logger once per process (safe to call again)."""
    as_json = fmt == "json" or (fmt == "auto" and not sys.stderr.isatty())
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.processors.StackInfoRenderer(),
        clip_values,
    ]
    renderer: Any
    if as_json:
        shared.append(structlog.processors.format_exc_info)
        renderer = structlog.processors.JSONRenderer()
    else:
        renderer = structlog.dev.ConsoleRenderer()
    # One list instance for the process: a logger cached on first use holds it, so a second call
    # (another app in the same process, a test's capture) reaches loggers bound before it.
    processors: list[Any] = structlog.get_config()["processors"]
    processors[:] = [*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter]
    structlog.configure(
        processors=processors,
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=FilteringLogger,
        cache_logger_on_first_use=True,
    )
    handler = logging.StreamHandler()
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, renderer],
            foreign_pre_chain=shared,
        )
    )
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers = []
        logging.getLogger(name).propagate = True


def _request_id(scope: Scope) -> str:
    for name, value in scope.get("headers", ()):
        if name == b"x-request-id":
            text = bytes(value).decode("latin-1")
            if _REQUEST_ID.match(text):
                return text
    return f"{_ID_PREFIX}{next(_ID_COUNTER):016x}"


class RequestContextMiddleware:
    """Binds the request id, logs each request and counts it by route and status."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request_id = begin_request(scope)
        status = 0
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                headers = list(message.get("headers", []))
                headers.append((b"x-request-id", request_id.encode("ascii")))
                message = {**message, "headers": headers}
            elif message["type"] == "websocket.accept":
                status = 101
            elif message["type"] == "websocket.close" and status == 0:
                status = 403
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            status = 500
            raise
        finally:
            end_request(self.metrics, scope, status, started)


def begin_request(scope: Scope) -> str:
    """Binds the request id (from `X-Request-ID` or fresh) to the scope and the log context."""
    request_id = _request_id(scope)
    scope[REQUEST_ID_KEY] = request_id
    structlog.contextvars.clear_contextvars()
    structlog.contextvars.bind_contextvars(request_id=request_id)
    return request_id


def end_request(metrics: Metrics, scope: Scope, status: int, started: float) -> None:
    """Counts the request by route and status, logs it and clears the log context."""
    route = getattr(scope.get("route"), "path", "unmatched")
    method = scope.get("method", "WS")
    metrics.request_counter(method, route, status).inc()
    level = logging.DEBUG if scope["path"] in _QUIET_PATHS else logging.INFO
    log.log(
        level,
        "request",
        method=method,
        path=scope["path"],
        status=status,
        duration_ms=round((time.perf_counter() - started) * 1000, 2),
    )
    structlog.contextvars.clear_contextvars()
