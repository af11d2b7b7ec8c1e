"""Conditional requests in the OpenAPI document: the read operations that answer with an
`ETag` and `Cache-Control` and revalidate with `If-None-Match` (`304 Not Modified`, no body).

`with_caching` adds the header declarations, the `If-None-Match` parameter and the 304 answer
to the operations of `CACHED`, each with what its ETag stands for.
"""

from __future__ import annotations

import copy
from typing import Any

CACHED: dict[str, tuple[str, str]] = {
    "/v1/game-types": (
        "get",
        "A hash of the answer's bytes: it changes only with a deployment. Cacheable for 60 s.",
    ),
    "/v1/game-types/{type}": (
        "get",
        "A hash of the answer's bytes: it changes only with a deployment. Cacheable for 60 s.",
    ),
    "/v1/games/{id}": ("get", 'The game\'s version, `"<version>"` (as `If-Match` takes it).'),
    "/v1/games/{id}/state": (
        "get",
        'The version served, `"<version>"`: a view at a version never changes, so with '
        "`version` (or once the game has ended) it is cacheable for a day.",
    ),
    "/v1/games/{id}/board.svg": (
        "get",
        "The picture's revision (version, seat, ended); a finished game's pictures are "
        "cacheable for a day. A revalidation that matches draws nothing.",
    ),
    "/v1/games/{id}/log": (
        "get",
        "Only once the game has ended (the complete log never changes): one ETag per format "
        "(`Vary: Accept`), cacheable for a day. A running game's export has none.",
    ),
}

_CACHE_CONTROL = {
    "description": "How long a cache may keep the answer (`no-cache`: revalidate each time)",
    "schema": {"type": "string"},
}


def _headers(meaning: str) -> dict[str, Any]:
    return {
        "ETag": {"description": meaning, "schema": {"type": "string"}},
        "Cache-Control": _CACHE_CONTROL,
    }


def with_caching(paths: dict[str, Any]) -> dict[str, Any]:
    """Returns `paths` with the conditional requests of `CACHED` declared."""
    out = copy.deepcopy(paths)
    for path, (method, meaning) in CACHED.items():
        operation = out[path][method]
        responses = operation["responses"]
        ok = responses["200"]
        ok["headers"] = {**ok.get("headers", {}), **_headers(meaning)}
        responses["304"] = {
            "description": "Not modified: the client's copy (If-None-Match) is current; no body",
            "headers": _headers(meaning),
        }
        parameters = operation.setdefault("parameters", [])
        if not any(p["name"] == "If-None-Match" for p in parameters):
            parameters.append(
                {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": False,
                    "description": "ETags of copies the client holds (a 304 when one is current).",
                    "schema": {"type": "string"},
                }
            )
    return out
