"""The lobby and game pages' HTTP side, without a browser (tests/browser/test_viewer.py drives
them in Chromium): a strict Content-Security-Policy with no inline script or style, only the
service's own assets (content-hashed, cached a year), no `innerHTML` in the scripts, and
GraphiQL still at `/graphql`."""

from __future__ import annotations

import re

import httpx
import pytest

from boardstate.service.http.pages.pages import STATIC_DIR
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

HTML = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


@pytest.mark.parametrize("path", ["/", "/games/anything"])
async def test_the_pages_load_only_their_own_assets_under_a_strict_csp(
    service: ServiceProcess, path: str
) -> None:
    async with httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=10) as http:
        page = await http.get(path, headers=HTML)
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert page.headers["cache-control"] == "no-cache"
        assert page.headers["referrer-policy"] == "no-referrer"
        csp = page.headers["content-security-policy"]
        assert "script-src 'self';" in csp
        assert "style-src 'self';" in csp
        assert "unsafe" not in csp
        assert "<script>" not in page.text
        assert " style=" not in page.text
        assert not re.search(r"(https?:)?//", page.text)  # no CDN, no absolute URL at all
        assets = re.findall(r'(?:src|href)="(/play-static/[^"]+)"', page.text)
        assert len(assets) == 2
        for asset in assets:
            response = await http.get(asset.replace("&amp;", "&"))
            assert response.status_code == 200, asset
            assert response.headers["cache-control"] == "public, max-age=31536000, immutable"


def test_the_scripts_build_the_page_from_text_nodes_only() -> None:
    for script in STATIC_DIR.glob("*.js"):
        text = script.read_text()
        for unsafe in ("innerHTML", "outerHTML", "insertAdjacentHTML", "eval(", "document.write"):
            assert unsafe not in text, (script.name, unsafe)
        # A seat token lives in the tab (sessionStorage) only; the one thing a page keeps in
        # localStorage is the language chosen (i18n.js), under its own key.
        kept = re.findall(r"localStorage\.(\w+)\(([^,)]*)", text)
        assert all(args == "KEY" for _, args in kept), (script.name, kept)
        if kept:
            assert 'const KEY = "boardstate.language";' in text, script.name


async def test_graphiql_is_still_at_graphql(service: ServiceProcess) -> None:
    async with httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=10) as http:
        page = await http.get("/graphql", headers=HTML)
        assert "graphiql-static/" in page.text
