"""The REST API docs at `GET /v1/docs` in a real headless Chromium, with no network but loopback.

Swagger UI must render every operation of `schema/openapi.json` from the service's own copies of
its assets (no CDN, no console error under the page's Content-Security-Policy), and "Try it out"
must call the live API from the page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.api.server import ServiceProcess
from tests.browser.chromium import PageLog, chromium_context
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("browser")]

OPENAPI = Path(__file__).resolve().parents[2] / "schema" / "openapi.json"


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserContext]:
    """One headless Chromium (fresh profile) for the module; skips when there is none."""
    with chromium_context() as context:
        yield context


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url) as process:
        yield process


def test_the_api_docs_render_every_operation_offline_and_try_it_out_works(
    browser: BrowserContext, service: ServiceProcess, tmp_path: Path
) -> None:
    document = json.loads(OPENAPI.read_text(encoding="utf-8"))
    operations = sum(len(item) for item in document["paths"].values())
    operations += sum(len(item) for item in document["webhooks"].values())  # shown too
    page: Page = browser.new_page()
    try:
        log = PageLog.attach(page)
        page.goto(f"{service.url}/v1/docs")
        blocks = page.locator(".opblock")
        expect(blocks.first).to_be_visible()
        expect(blocks).to_have_count(operations)

        summary = page.locator(".opblock-summary-path", has_text="/v1/game-types").first
        summary.click()
        page.get_by_role("button", name="Try it out").first.click()
        page.get_by_role("button", name="Execute").first.click()
        live = page.locator(".live-responses-table tr.response .response-col_status").first
        # the game types carry every game's schemas: a large body that Swagger UI highlights
        # slowly on a busy machine, so wait for it longer than the 5 s default
        expect(live).to_have_text("200", timeout=30_000)
        expect(page.locator(".live-responses-table")).to_contain_text("trambahn", timeout=30_000)

        shot = tmp_path / "api-docs.png"
        page.screenshot(path=shot)
        assert shot.stat().st_size > 10_000  # a rendered page, not a blank one
    finally:
        page.close()
    assert log.foreign_urls() == []
    loaded = {url.split("?")[0] for url in log.urls}
    assert f"{service.url}/v1/docs-static/swagger-ui-bundle.js" in loaded
    assert f"{service.url}/v1/openapi.json" in loaded
    assert f"{service.url}/v1/game-types" in loaded
    assert log.errors == []
