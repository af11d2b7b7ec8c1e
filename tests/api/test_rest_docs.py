"""The REST docs page at /v1/docs: only local assets (vendored Swagger UI and its own boot
script), a strict Content-Security-Policy, and vendored files matching their checksums."""

from __future__ import annotations

import hashlib
import re

import httpx
import pytest

from boardstate.service.http.pages.api_docs import STATIC_DIR
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis


async def test_the_docs_page_loads_only_local_assets(service: ServiceProcess) -> None:
    async with httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=10) as http:
        page = await http.get("/v1/docs")
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        csp = page.headers["content-security-policy"]
        assert "script-src 'self';" in csp
        assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
        assert not re.search(r"(https?:)?//", page.text)
        assert "<script>" not in page.text
        assets = re.findall(r'(?:src|href)="(docs-static/[^"]+)"', page.text)
        assert len(assets) == 3
        for asset in assets:
            response = await http.get(f"/v1/{asset.replace('&amp;', '&')}")
            assert response.status_code == 200, asset
            assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
        boot = await http.get("/v1/docs-static/boot.js")
        assert "openapi.json" in boot.text
        spec = await http.get("/v1/openapi.json")
        assert spec.json()["openapi"] == "3.1.0"


def test_vendored_files_match_their_checksums() -> None:
    lines = (STATIC_DIR / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    for line in lines:
        digest, name = line.split(maxsplit=1)
        assert hashlib.sha256((STATIC_DIR / name).read_bytes()).hexdigest() == digest, name
