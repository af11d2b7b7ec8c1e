"""The lobby seats bots and the replay header follows the version shown (issue 29), in a real
headless Chromium: "Add a bot" puts a bot in an open seat of the game created (the API's
`bots`), named apart from the other bots by policy and seat; a replay of a running game says
"version 5 of N" at version 5 and "● live" only at its latest version; events and moves are
in words (the API's `describe`)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import BrowserContext, expect

from tests.api.server import ServiceProcess
from tests.browser.chromium import PageLog, chromium_context
from tests.browser.viewer_support import CSP_WATCH, check_clean, create, play
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("browser")]


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserContext]:
    with chromium_context() as context:
        context.add_init_script(CSP_WATCH)
        yield context


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url) as process:
        yield process


def test_the_lobby_adds_a_bot_to_an_open_seat_and_names_it_apart(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    page = browser.new_page()
    log = PageLog.attach(page)
    page.goto(f"{service.url}/")
    page.locator("#create-type").select_option("trambahn")
    page.locator("#add-bot").click()
    row = page.locator("#create-bots li.bot")
    expect(row).to_have_count(1)
    expect(row.locator("[name='bot-seat']")).to_have_value("1")
    row.locator("[name='bot-policy']").select_option("random")
    page.locator("#create-name").fill("Ada")
    page.locator("#create-form button[type='submit']").click()
    page.wait_for_url("**/games/*")
    game_id = page.url.split("/games/")[1].split("?")[0].split("#")[0]
    game = httpx.get(f"{service.url}/v1/games/{game_id}").json()
    assert [s["name"] for s in game["seats"]] == ["Ada", "Random bot (seat 1)"]
    expect(page.locator("#events")).to_contain_text("Random bot (seat 1) joined")
    expect(page.locator("#events")).to_contain_text("Ada joined")  # names, not "Seat 0"
    check_clean(page, log.errors)
    page.close()


def test_the_replay_header_follows_the_version_shown(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    created = create(service.url, "trambahn", 2, {})
    latest = play(service.url, created, seed=3, max_moves=12)
    game_id = created["game"]["id"]
    page = browser.new_page()
    log = PageLog.attach(page)
    page.goto(f"{service.url}/games/{game_id}?version=5")
    expect(page.locator("#app")).to_have_attribute("data-version", "5")
    expect(page.locator("#live-status")).to_have_text(f"version 5 of {latest}")
    page.locator("#last").click()
    expect(page.locator("#live-status")).to_have_text("● live")
    page.locator("#prev-event").click()
    expect(page.locator("#live-status")).to_have_text(f"version {latest - 1} of {latest}")
    items = page.locator("#events li")
    expect(items.first).to_contain_text("The game was created")
    text = page.locator("#events").text_content() or ""
    assert "null" not in text
    assert "{" not in text
    check_clean(page, log.errors)
    page.close()
