"""Board pictures (`GET /v1/games/{id}/board.svg`) opened in a real headless Chromium: each
game's picture renders under its Content-Security-Policy with no console error and nothing
loaded, at phone and desktop widths, with its text big enough to read; screenshots are written
next to the test's temporary files (artifacts)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import BrowserContext

from tests.api.server import ServiceProcess
from tests.browser.chromium import PageLog, chromium_context
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("browser")]

GAMES = ("trambahn", "tinners-trail", "trekking", "tf22-mine")
PHONE, DESKTOP = 360, 1280


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserContext]:
    with chromium_context() as context:
        yield context


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url) as process:
        yield process


@pytest.mark.parametrize("game_type", GAMES)
def test_each_games_picture_renders_alone_legibly_on_phone_and_desktop(
    browser: BrowserContext, service: ServiceProcess, game_type: str, tmp_path: Path
) -> None:
    body = {"gameType": game_type, "players": 2, "seats": ["Ada", "Brian"]}
    created = httpx.post(f"{service.url}/v1/games", json=body, timeout=30).json()
    url = f"{service.url}/v1/games/{created['game']['id']}/board.svg"
    for width in (PHONE, DESKTOP):
        page = browser.new_page()
        # Tall enough that the width sets the scale (opened alone, a picture fits the window).
        page.set_viewport_size({"width": width, "height": 4000})
        try:
            log = PageLog.attach(page)
            page.goto(url)
            root = page.locator("svg").first
            assert root.get_attribute("role") == "img"
            box = root.bounding_box()
            assert box is not None
            assert box["width"] == pytest.approx(width, abs=20)  # it scales to the window
            status = page.locator("#turn-status").bounding_box()
            assert status is not None
            assert status["height"] >= (10 if width == PHONE else 20)  # px on screen
            assert "Ada" in (page.locator("#seat-0").get_attribute("aria-label") or "")
            shot = tmp_path / f"board-{game_type}-{width}.png"
            page.screenshot(path=shot)
            assert shot.stat().st_size > 10_000
        finally:
            page.close()
        assert log.errors == []
        assert [u for u in log.urls if u != url] == []  # nothing else was loaded
