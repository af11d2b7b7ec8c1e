"""The GraphiQL page's HTTP side, without a browser (tests/browser/ drives it in Chromium):
only local assets, a strict Content-Security-Policy, cache headers, and vendored files that
match their recorded checksums."""

from __future__ import annotations

import hashlib
import re

import httpx
import pytest

from boardstate.service.http.pages.graphiql import STATIC_DIR
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

HTML = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


async def test_the_page_loads_only_local_assets(service: ServiceProcess) -> None:
    async with httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=10) as http:
        page = await http.get("/graphql", headers=HTML)
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert page.headers["cache-control"] == "no-cache"
        csp = page.headers["content-security-policy"]
        assert "script-src 'self';" in csp
        assert "connect-src 'self';" in csp
        assert not re.search(r"(https?:)?//", page.text)  # no CDN, no absolute URL at all
        assets = re.findall(r'(?:src|href)="(graphiql-static/[^"]+)"', page.text)
        assert len(assets) == 5
        for asset in assets:
            response = await http.get(f"/{asset.replace('&amp;', '&')}")
            assert response.status_code == 200, asset
            assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
            expected = "text/css" if asset.split("?")[0].endswith(".css") else "text/javascript"
            assert response.headers["content-type"].startswith(expected)
        unversioned = await http.get("/graphiql-static/graphiql.min.js")
        assert unversioned.headers["cache-control"] == "no-cache"
        assert (await http.get("/graphiql-static/nothing.js")).status_code == 404


async def test_graphql_requests_are_not_the_page(service: ServiceProcess) -> None:
    async with httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=10) as http:
        answer = await http.get("/graphql", params={"query": "{ gameTypes { id } }"}, headers=HTML)
        assert answer.headers["content-type"].startswith("application/json")
        assert "trambahn" in answer.text


def test_vendored_files_match_their_checksums() -> None:
    sums = (STATIC_DIR / "SHA256SUMS").read_text().splitlines()
    names = set()
    for line in sums:
        digest, name = line.split(maxsplit=1)
        assert hashlib.sha256((STATIC_DIR / name).read_bytes()).hexdigest() == digest, name
        names.add(name)
    assert {"graphiql.min.js", "graphiql.min.css", "react.production.min.js"} <= names
    assert {"react-dom.production.min.js", "LICENSE.graphiql", "LICENSE.react"} <= names
