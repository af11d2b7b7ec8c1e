"""Conditional requests in the OpenAPI document: a read operation that answers with an `ETag`
and `Cache-Control` and revalidates with `If-None-Match` (`304 Not Modified`, no body) declares
what its ETag stands for (`ApiRoute.etag`); `service.http.openapi.operations` adds these header
declarations, the `If-None-Match` parameter and the 304 answer to its operation."""

from __future__ import annotations

from typing import Any

CACHE_CONTROL = {
    "description": "How long a cache may keep the answer (`no-cache`: revalidate each time)",
    "schema": {"type": "string"},
}
IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "description": "ETags of copies the client holds (a 304 when one is current).",
    "schema": {"type": "string"},
}
NOT_MODIFIED = {"description": "Not modified (If-None-Match)"}
"""Where a route's 304 stands among its answers when it is declared among the successful ones
(`service.http.openapi.operations` fills in its headers); elsewhere it comes last."""


def cache_headers(meaning: str) -> dict[str, Any]:
    """The headers of a cached answer whose ETag stands for `meaning`."""
    return {
        "ETag": {"description": meaning, "schema": {"type": "string"}},
        "Cache-Control": CACHE_CONTROL,
    }


def not_modified(meaning: str) -> dict[str, Any]:
    """The 304 answer."""
    return {
        "description": "Not modified: the client's copy (If-None-Match) is current; no body",
        "headers": cache_headers(meaning),
    }
