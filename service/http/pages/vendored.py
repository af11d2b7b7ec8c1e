"""Pages whose scripts and styles are vendored files the service serves itself (no CDN).

GraphiQL (`service.http.pages.graphiql`) and the REST API docs (`service.http.pages.api_docs`) share
this: asset URLs carry a content hash (`name?v=<sha256 prefix>`), so a versioned file is cached for
a year and a new copy gets a new URL; the page itself is revalidated on every load and sent with
its Content-Security-Policy.
"""

from __future__ import annotations

import hashlib
import html
import os
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import parse_qs

from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

IMMUTABLE = "public, max-age=31536000, immutable"


def asset_tags(
    directory: Path, prefix: str, scripts: Sequence[str], styles: Sequence[str]
) -> tuple[str, str]:
    """Returns the `<link>` and `<script defer>` tags of the files, by relative, hashed URL."""

    def url(name: str) -> str:
        digest = hashlib.sha256((directory / name).read_bytes()).hexdigest()[:16]
        return html.escape(f"{prefix}/{name}?v={digest}")

    links = "\n".join(f'    <link rel="stylesheet" href="{url(n)}">' for n in styles)
    tags = "\n".join(f'    <script defer src="{url(n)}"></script>' for n in scripts)
    return links, tags


def page_response(page: str, csp: str) -> Response:
    """The page with its Content-Security-Policy; revalidated on every load."""
    headers = {
        "content-security-policy": csp,
        "cache-control": "no-cache",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
    }
    return HTMLResponse(page, headers=headers)


class VendoredStatic(StaticFiles):
    """Vendored files; a year's cache for the content-hashed URLs the pages use."""

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
