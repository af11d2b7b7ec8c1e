"""The REST API docs page at `GET /v1/docs`, served fully offline (like `service.http.graphiql`).

Swagger UI is vendored in `service/http/static/apidocs/` (`scripts/vendor_swagger_ui.sh`, with
its LICENSE and SHA256SUMS) and mounted at `/v1/docs-static`; the page's own script is a file
(`boot.js`), so the Content-Security-Policy allows no inline script. Asset URLs carry a content
hash, so they are cached for a year.
"""

from __future__ import annotations

import functools
import hashlib
import html
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from boardstate.service.http.graphiql import CSP, GraphiQLStatic

STATIC_DIR = Path(__file__).resolve().parent / "static" / "apidocs"
STATIC_PATH = "/v1/docs-static"
SCRIPTS = ("swagger-ui-bundle.js", "boot.js")
STYLES = ("swagger-ui.css",)

PAGE = """<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Boardstate REST API</title>
    <link rel="icon" href="data:,">
{styles}
{scripts}
  </head>
  <body>
    <div id="swagger-ui">Loading the API docs…</div>
  </body>
</html>
"""


def _asset_url(name: str) -> str:
    digest = hashlib.sha256((STATIC_DIR / name).read_bytes()).hexdigest()[:16]
    return html.escape(f"docs-static/{name}?v={digest}")


@functools.cache
def page_html() -> str:
    """Returns the page (read and hashed once per process)."""
    styles = "\n".join(f'    <link rel="stylesheet" href="{_asset_url(n)}">' for n in STYLES)
    scripts = "\n".join(f'    <script defer src="{_asset_url(n)}"></script>' for n in SCRIPTS)
    return PAGE.replace("{styles}", styles).replace("{scripts}", scripts)


async def page(request: Request) -> Response:
    """`GET /v1/docs`: the page with its Content-Security-Policy."""
    headers = {
        "content-security-policy": CSP,
        "cache-control": "no-cache",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
    }
    return HTMLResponse(page_html(), headers=headers)


class ApiDocsStatic(GraphiQLStatic):
    """The vendored files (a year's cache for content-hashed URLs)."""

    def __init__(self) -> None:
        super(GraphiQLStatic, self).__init__(directory=STATIC_DIR)
