"""The answers the connection guard (`service.http.edge.protocol.connection_guard`) writes itself,
below the app, with `connection: close`: a head too large is a problem+json 431 with its code
(`HEADERS_TOO_LARGE`), as the app's own refusals; a connection refused or timed out is plain text
(no request was read to answer), as uvicorn's own 400 for a malformed request."""

from __future__ import annotations

import json

from boardstate.service.contract.codes import HEADERS_TOO_LARGE
from boardstate.service.http.edge.problems import problem_body


def _answer(
    status: bytes, text: bytes, extra: bytes = b"", kind: bytes = b"text/plain; charset=utf-8"
) -> bytes:
    return b"".join(
        (
            b"HTTP/1.1 " + status + b"\r\n",
            b"content-type: " + kind + b"\r\n",
            extra,
            b"connection: close\r\n",
            b"content-length: " + str(len(text)).encode() + b"\r\n\r\n",
            text,
        )
    )


REFUSED = _answer(b"503 Service Unavailable", b"too many connections\n", b"retry-after: 1\r\n")
TIMED_OUT = _answer(b"408 Request Timeout", b"request headers not completed\n")
BODY_TIMED_OUT = _answer(b"408 Request Timeout", b"request body not completed\n")


def _too_large(limit: str, detail: str) -> bytes:
    body = json.dumps(problem_body(HEADERS_TOO_LARGE, detail, {"limit": limit})).encode()
    return _answer(b"431 Request Header Fields Too Large", body, kind=b"application/problem+json")


TOO_LARGE = {
    "line": _too_large("line", "request header line too large"),
    "total": _too_large("total", "request headers too large"),
}
"""By the limit the head broke (`service.http.edge.protocol.head_meter`)."""
PENDING_REFUSED = _answer(
    b"503 Service Unavailable",
    b"too many request header bytes pending from this address\n",
    b"retry-after: 1\r\n",
)
