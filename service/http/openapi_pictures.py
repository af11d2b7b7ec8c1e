"""The board picture's operation in the OpenAPI document (`GET /v1/games/{id}/board.svg`,
`service.http.rest_api.get_board_svg`), merged into the paths by `service.http.openapi_doc`."""

from __future__ import annotations

from typing import Any

from boardstate.service.http import openapi_values as v
from boardstate.service.http.openapi_paths import GAME_ID, _op, _param

PICTURE_FORMAT = (
    "An SVG document (docs/pictures.md): the board, every player's visible holdings, scores, "
    "whose turn it is and the last move highlighted, drawn from the same view as `getState` "
    "(so a spectator picture shows no hidden card). Scalable (viewBox), with `role=img`, a "
    "`<title>`, a `<desc>` and labelled groups. ETag: revalidate with If-None-Match (304); a "
    "finished game's pictures are cacheable for a day."
)
SVG_EXAMPLE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 520 900" role="img">…</svg>'


def picture_paths() -> dict[str, Any]:
    """The path of the board picture."""
    ok = {
        "200": {
            "description": PICTURE_FORMAT,
            "headers": {
                "ETag": {"description": "The picture's revision", "schema": {"type": "string"}},
                "Content-Security-Policy": {
                    "description": "default-src 'none' (no script, nothing loaded)",
                    "schema": {"type": "string"},
                },
            },
            "content": {"image/svg+xml": {"schema": {"type": "string"}, "example": SVG_EXAMPLE}},
        },
        "304": {"description": "Not modified (If-None-Match)"},
    }
    return {
        "/v1/games/{id}/board.svg": {
            "get": _op(
                "getBoardSvg",
                "A picture (SVG) of a seat's view (its token) or the spectator view, at any "
                "version",
                ok,
                (400, 401, 404, 422, 429, 503),
                (
                    GAME_ID,
                    _param(
                        "seat", "query", "A seat (0-based); omit for spectators.", v.SEAT_SCHEMA
                    ),
                    _param("version", "query", "A past version (1-based).", v.VERSION_SCHEMA),
                    _param(
                        "If-None-Match", "header", "An ETag of this picture.", {"type": "string"}
                    ),
                ),
            )
        }
    }
