"""The REST API docs page at `GET /v1/docs`, served fully offline (like
`service.http.pages.graphiql`).

Swagger UI is vendored in `service/http/pages/static/apidocs/` (`scripts/vendor_swagger_ui.sh`, with
its LICENSE and SHA256SUMS) and mounted at `/v1/docs-static`; the page's own script is a file
(`boot.js`), so the Content-Security-Policy allows no inline script. Asset URLs carry a content
hash, so they are cached for a year.
"""

from __future__ import annotations

import functools
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.http.pages.graphiql import CSP
from boardstate.service.http.pages.vendored import VendoredStatic, asset_tags
from boardstate.service.http.pages.vendored import page_response as vendored_page

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


@functools.cache
def page_html() -> str:
    """Returns the page (read and hashed once per process)."""
    styles, scripts = asset_tags(STATIC_DIR, "docs-static", SCRIPTS, STYLES)
    return PAGE.replace("{styles}", styles).replace("{scripts}", scripts)


async def page(request: Request) -> Response:
    """`GET /v1/docs`: the page with its Content-Security-Policy."""
    return vendored_page(page_html(), CSP)


class ApiDocsStatic(VendoredStatic):
    """The vendored Swagger UI files."""

    def __init__(self) -> None:
        super().__init__(directory=STATIC_DIR)
