"""Examples of problem answers in the OpenAPI document (`service.http.openapi.operations`): one
per status, with a message and details like the service's own."""

from __future__ import annotations

from typing import Any

EXAMPLE_CODES = {
    400: "BAD_JSON",
    401: "UNAUTHORIZED",
    404: "GAME_NOT_FOUND",
    409: "VERSION_CONFLICT",
    413: "REQUEST_TOO_LARGE",
    422: "ILLEGAL_MOVE",
    429: "RATE_LIMITED",
    503: "STORE_UNAVAILABLE",
}
EXAMPLE_DETAILS = {
    "BAD_JSON": "the request is not acceptable JSON: nested deeper than 64 levels",
    "UNAUTHORIZED": "seat 0 of game r2zx needs its token (Authorization: Bearer <token>)",
    "GAME_NOT_FOUND": "no game 'r2zx'",
    "VERSION_CONFLICT": "expectedVersion 11 is stale; the game is at version 12",
    "REQUEST_TOO_LARGE": "the request body is larger than 1048576 bytes",
    "ILLEGAL_MOVE": "place 1 or 2 passengers before you build stations",
    "RATE_LIMITED": "rate limit exceeded; retry in 2 s",
    "STORE_UNAVAILABLE": "the store cannot be reached; nothing was written",
}
EXAMPLE_EXTRA: dict[str, dict[str, Any]] = {
    "UNAUTHORIZED": {"seat": 0},
    "VERSION_CONFLICT": {"expectedVersion": 11, "currentVersion": 12},
    "REQUEST_TOO_LARGE": {"limit": 1048576},
    "ILLEGAL_MOVE": {"rule": "step_order"},
    "RATE_LIMITED": {"retryAfter": 2},
}
