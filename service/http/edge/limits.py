"""`SizeLimits`: ASGI middleware that bounds request bodies and websocket messages.

HTTP: a `Content-Length` over the limit is answered 413 before a byte of the body is read; a
chunked body is counted as it arrives and cut off, answered 413, the moment it crosses the
limit, so no more than the limit is ever buffered. The app then sees the client as gone
(`http.disconnect`) and what it still sends is dropped. `/graphql` answers in GraphQL's shape
(`{"errors": [{"message", "extensions": {"code": "REQUEST_TOO_LARGE", "limit"}}]}`), every
other path with `application/problem+json`. A path may have a limit of its own, or none here
when its route bounds its body itself (`POST /games/import` streams its body under
`BOARDSTATE_MAX_IMPORT_BYTES` and answers `LOG_TOO_LARGE`).

Websockets: a message over the limit closes the socket with 1009 (message too big), as
uvicorn's own `ws_max_size` does where `boardstate serve` runs it (`service.http.edge.shutdown`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardstate.service.contract.codes import REQUEST_TOO_LARGE

GRAPHQL_PATH = "/graphql"
WS_TOO_BIG = 1009


def too_large_response(path: str, limit: int) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Returns the status, headers and body of the 413 answer for `path`."""
    message = f"the request body is larger than {limit} bytes"
    body: dict[str, object]
    if path == GRAPHQL_PATH:
        media = b"application/json"
        extensions = {"code": REQUEST_TOO_LARGE, "limit": limit}
        body = {"errors": [{"message": message, "extensions": extensions}]}
    else:
        media = b"application/problem+json"
        body = {
            "type": "about:blank",
            "title": "Request body too large",
            "status": 413,
            "detail": message,
            "code": REQUEST_TOO_LARGE,
            "details": {"limit": limit},
            "limit": limit,
        }
    payload = json.dumps(body, separators=(",", ":")).encode()
    headers = [
        (b"content-type", media),
        (b"content-length", str(len(payload)).encode()),
        (b"connection", b"close"),
    ]
    return 413, headers, payload


def declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            raw = bytes(value)
            return int(raw) if raw.isdigit() else None
    return None


class SizeLimits:
    """Bounds request bodies (`max_body`, or `per_path[path]`; None: the route does) and
    websocket messages."""

    def __init__(
        self,
        app: ASGIApp,
        max_body: int,
        max_ws_message: int,
        per_path: Mapping[str, int | None],
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.max_ws_message = max_ws_message
        self.per_path = dict(per_path)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def refuse(self, scope: Scope, send: Send, limit: int) -> None:
        status, headers, payload = too_large_response(scope["path"], limit)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": payload})

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = self.per_path.get(scope["path"], self.max_body)
        if limit is None:
            await self.app(scope, receive, send)
            return
        declared = declared_length(scope)
        if declared is not None and declared > limit:
            await self.refuse(scope, send, limit)
            return
        received = 0
        cut = started = False

        async def limited_receive() -> Message:
            nonlocal received, cut
            if cut:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    cut = True
                    if not started:
                        await self.refuse(scope, send, limit)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if cut:
                return  # the 413 went out; the app's answer to a cut body is dropped
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except Exception:
            if not cut:
                raise  # a body cut off makes the app fail reading it: that is answered

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = self.max_ws_message
        closed = False

        async def limited_receive() -> Message:
            nonlocal closed
            if closed:
                return {"type": "websocket.disconnect", "code": WS_TOO_BIG}
            message = await receive()
            if message["type"] == "websocket.receive":
                text = message.get("text")
                size = len(message.get("bytes") or b"")
                if text is not None:
                    size = (
                        len(text)
                        if len(text) * 4 <= limit
                        else len(text.encode("utf-8", "surrogatepass"))
                    )
                if size > limit:
                    closed = True
                    reason = f"message larger than {limit} bytes"
                    await send({"type": "websocket.close", "code": WS_TOO_BIG, "reason": reason})
                    return {"type": "websocket.disconnect", "code": WS_TOO_BIG}
            return message

        async def guarded_send(message: Message) -> None:
            if not closed:
                await send(message)

        await self.app(scope, limited_receive, guarded_send)
