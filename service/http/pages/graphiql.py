"""GraphiQL at `GET /graphql` (a browser's `Accept: text/html`), served fully offline.

Strawberry's own IDE page loads React and GraphiQL from a public CDN; this one loads the copies
vendored in `service/http/pages/static/graphiql/` (see its README.md and
`scripts/vendor_graphiql.sh`),
mounted at `/graphiql-static`. The page refers to them by relative URL with a content hash
(`graphiql-static/graphiql.min.js?v=…`), so it works behind a proxy that forwards both paths
(deploy/nginx.conf does) and the files can be cached for a year: a new copy gets a new URL.
The page's own script (`boot.js`) is a file too, so the Content-Security-Policy needs no
inline scripts; inline styles (React's `style` props) and `data:` fonts/images are allowed.
"""

from __future__ import annotations

import functools
from pathlib import Path

from starlette.responses import Response

from boardstate.service.http.pages.vendored import VendoredStatic, asset_tags
from boardstate.service.http.pages.vendored import page_response as vendored_page

STATIC_DIR = Path(__file__).resolve().parent / "static" / "graphiql"
STATIC_PATH = "/graphiql-static"
SCRIPTS = ("react.production.min.js", "react-dom.production.min.js", "graphiql.min.js", "boot.js")
STYLES = ("graphiql.min.css",)
STYLE = "body { margin: 0; overflow: hidden; } #graphiql { height: 100vh; }"
CSP = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",  # the <style> above; dialogs (Radix UI) add more
        "img-src 'self' data:",
        "font-src 'self' data:",
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
    <title>Boardstate GraphiQL</title>
    <link rel="icon" href="data:,">
    <style>{style}</style>
{styles}
{scripts}
  </head>
  <body>
    <div id="graphiql">Loading GraphiQL…</div>
  </body>
</html>
"""


@functools.cache
def page_html() -> str:
    """Returns the IDE page (read and hashed once per process)."""
    styles, scripts = asset_tags(STATIC_DIR, STATIC_PATH.lstrip("/"), SCRIPTS, STYLES)
    return PAGE.replace("{style}", STYLE).replace("{styles}", styles).replace("{scripts}", scripts)


def page_response() -> Response:
    """The IDE page with its Content-Security-Policy; revalidated on every load."""
    return vendored_page(page_html(), CSP)


class GraphiQLStatic(VendoredStatic):
    """The vendored GraphiQL files."""

    def __init__(self) -> None:
        super().__init__(directory=STATIC_DIR)
