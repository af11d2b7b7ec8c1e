"""GraphiQL at `GET /graphql` (a browser's `Accept: text/html`), served fully offline.

Strawberry's own IDE page loads React and GraphiQL from a public CDN; this one loads the copies
vendored in `service/http/static/graphiql/` (see its README.md and `scripts/vendor_graphiql.sh`),
mounted at `/graphiql-static`. The page refers to them by relative URL with a content hash
(`graphiql-static/graphiql.min.js?v=…`), so it works behind a proxy that forwards both paths
(deploy/nginx.conf does) and the files can be cached for a year: a new copy gets a new URL.
The page's own script (`boot.js`) is a file too, so the Content-Security-Policy needs no
inline scripts; inline styles (React's `style` props) and `data:` fonts/images are allowed.
"""

from __future__ import annotations

import functools
import hashlib
import html
import os
from pathlib import Path
from urllib.parse import parse_qs

from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

STATIC_DIR = Path(__file__).resolve().parent / "static" / "graphiql"
STATIC_PATH = "/graphiql-static"
SCRIPTS = ("react.production.min.js", "react-dom.production.min.js", "graphiql.min.js", "boot.js")
STYLES = ("graphiql.min.css",)
IMMUTABLE = "public, max-age=31536000, immutable"
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


def _asset_url(name: str) -> str:
    digest = hashlib.sha256((STATIC_DIR / name).read_bytes()).hexdigest()[:16]
    return html.escape(f"{STATIC_PATH.lstrip('/')}/{name}?v={digest}")


@functools.cache
def page_html() -> str:
    """Returns the IDE page (read and hashed once per process)."""
    styles = "\n".join(f'    <link rel="stylesheet" href="{_asset_url(n)}">' for n in STYLES)
    scripts = "\n".join(f'    <script defer src="{_asset_url(n)}"></script>' for n in SCRIPTS)
    return PAGE.replace("{style}", STYLE).replace("{styles}", styles).replace("{scripts}", scripts)


def page_response() -> Response:
    """The IDE page with its Content-Security-Policy; revalidated on every load."""
    headers = {
        "content-security-policy": CSP,
        "cache-control": "no-cache",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
    }
    return HTMLResponse(page_html(), headers=headers)


class GraphiQLStatic(StaticFiles):
    """The vendored files; a year's cache for the content-hashed URLs the page uses."""

    def __init__(self) -> None:
        super().__init__(directory=STATIC_DIR)

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        versioned = "v" in parse_qs(scope.get("query_string", b"").decode("latin-1"))
        response.headers["cache-control"] = IMMUTABLE if versioned else "no-cache"
        response.headers["x-content-type-options"] = "nosniff"
        return response
