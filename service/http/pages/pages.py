"""The people's pages: the lobby at `GET /` and the replay viewer / playable table at
`GET /games/{id}` (issue 18).

Both are a fixed HTML skeleton; everything on them is drawn by plain JavaScript modules in
`service/http/pages/static/play/` (no build step, no CDN), mounted at `/play-static`, which read the
REST API (`/v1/...`) and the board pictures (`/v1/games/{id}/board.svg`) like any client. The
page's own scripts are files, so the Content-Security-Policy allows no inline script and no
inline style at all (`style-src 'self'`): the modules set classes and SVG attributes only.

The pages speak English or German (issue 39, item 6): `i18n.js` takes the language from
`?lang=`, else from the browser's earlier choice (localStorage), else English; a switch in the
header changes it. The pages' own words are translated there, and every API request sends the
language as `Accept-Language`, so the events, the legal moves and the picture's last move come
in it too.

A seat token never travels in a URL the server sees: links carry it in the fragment
(`/games/{id}#seat=0&token=…`), the viewer moves it to the tab's `sessionStorage` and removes
the fragment from the address bar; requests send it as `Authorization: Bearer`.
"""

from __future__ import annotations

import functools
import hashlib
import html
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route

from boardstate.service.http.pages.vendored import VendoredStatic, page_response

STATIC_DIR = Path(__file__).resolve().parent / "static" / "play"
STATIC_PATH = "/play-static"
CSP = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    )
)

PAGE = """<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{title}</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="{style}">
    <script type="module" src="{script}"></script>
  </head>
  <body data-page="{page}">
    <header class="top"><a href="/" class="brand">Boardstate</a>
      <nav><a href="/">Lobby</a> <a href="/v1/docs">REST API</a>
        <a href="/graphql">GraphQL</a></nav>
    </header>
    <main id="app" tabindex="-1"><p class="loading">Loading…</p></main>
    <noscript>This page needs JavaScript; the same data is at <a href="/v1/docs">/v1</a>.</noscript>
  </body>
</html>
"""


def asset_url(name: str) -> str:
    """The file's URL with its content hash (`/play-static/lobby.js?v=…`)."""
    digest = hashlib.sha256((STATIC_DIR / name).read_bytes()).hexdigest()[:16]
    return f"{STATIC_PATH}/{name}?v={digest}"


@functools.cache
def page_html(page: str, title: str) -> str:
    """Returns the skeleton of `page` ("lobby" or "viewer"), read and hashed once per process."""
    return PAGE.format(
        title=html.escape(title),
        style=html.escape(asset_url("style.css")),
        script=html.escape(asset_url(f"{page}.js")),
        page=page,
    )


async def lobby(request: Request) -> Response:
    """`GET /`: game types, open games to join, running games to watch, a create form."""
    return page_response(page_html("lobby", "Boardstate"), CSP)


async def viewer(request: Request) -> Response:
    """`GET /games/{id}`: the replay viewer, live view and (with a seat token) the table."""
    return page_response(page_html("viewer", "Boardstate game"), CSP)


class PlayStatic(VendoredStatic):
    """The pages' own modules and style sheet (no-cache unless the URL carries `?v=`)."""

    def __init__(self) -> None:
        super().__init__(directory=STATIC_DIR)


PAGE_ROUTES: list[BaseRoute] = [
    Route("/", lobby, methods=["GET"]),
    Route("/games/{game_id}", viewer, methods=["GET"]),
    Mount(STATIC_PATH, app=PlayStatic(), name="play-static"),
]
"""The pages' routes, after `/v1` and `/games/{id}/log` in the app's table."""
