"""The board picture's answer in the OpenAPI document (`GET /v1/games/{id}/board.svg`,
`service.http.rest.games.handlers.get_board_svg`, declared in `service.http.rest.games.routes`)."""

from __future__ import annotations

from typing import Any

PICTURE_FORMAT = (
    "An SVG document (docs/pictures.md): the board, every player's visible holdings, scores, "
    "whose turn it is and the last move highlighted, drawn from the same view as `getState` "
    "(so a spectator picture shows no hidden card). Scalable (viewBox), with `role=img`, a "
    "`<title>`, a `<desc>` and labelled groups. ETag: revalidate with If-None-Match (304); a "
    "finished game's pictures are cacheable for a day."
)
SVG_EXAMPLE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 520 900" role="img">…</svg>'

PICTURE_OK: dict[str, Any] = {
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
    }
}
