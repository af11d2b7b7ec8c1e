"""The bot's verdict beside each move of a finished game (issue 42) in a real headless Chromium
(service/http/pages/static/play/verdicts.js): the viewer of a finished game says the analysis is
pending, then puts under the first event of every move what the service's analysis route answers
(label, the mover's win chance before and after, the bot's move in words), within 1,280 and 390
px; the page steps through versions meanwhile. A running game's page asks for no analysis and
shows no verdict until the game ends while it is watched. Screenshots go to
test-artifacts/viewer/ (git-ignored)."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.api.server import ServiceProcess
from tests.browser.chromium import PageLog, chromium_context
from tests.browser.viewer_support import ARTIFACTS, CSP_WATCH, check_clean, create, play
from tests.redis_support import RedisServer

WAIT_MS = 120_000
"""How long an analysis may take on a loaded machine (300 playouts in all)."""

# Every value the panel's data-state takes, in order (the page sets it; nothing else reads it).
STATES_WATCH = """
window.__analysisStates = [];
new MutationObserver(() => {
  const panel = document.getElementById("analysis");
  const state = panel && panel.dataset.state;
  const seen = window.__analysisStates;
  if (state && seen[seen.length - 1] !== state) seen.push(state);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
"""
ENV = {"BOARDSTATE_ANALYSIS_PLAYOUTS": "300", "BOARDSTATE_ANALYSIS_CONCURRENCY": "2"}
LABEL_CLASS = {
    "the best move": "best",
    "the only move": "only",
    "an inaccuracy": "inaccuracy",
    "a mistake": "mistake",
    "a costly move": "costly",
    None: "none",
}

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("browser")]


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserContext]:
    with chromium_context() as context:
        context.add_init_script(CSP_WATCH)
        context.add_init_script(STATES_WATCH)
        yield context


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, env=ENV) as process:
        yield process


def named(text: str, names: list[str]) -> str:
    """The page's words for the engine's: seat numbers as names, the first letter capital."""
    said = re.sub(r"\b[Ss]eat ([0-9]+)\b", lambda m: names[int(m.group(1))], text)
    return said[:1].upper() + said[1:]


def percent(chance: float) -> str:
    """A chance as the page writes it (JavaScript's Math.round: halves up)."""
    return f"{math.floor(chance * 100 + 0.5)} %"


def analysis(base: str, game_id: str) -> dict[str, Any]:
    """The analysis route's answer once it is done (the page has started it)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        answer: dict[str, Any] = httpx.get(f"{base}/v1/games/{game_id}/analysis").json()
        if answer["status"] == "DONE":
            return answer
        assert time.monotonic() < deadline, "the analysis did not end"
        time.sleep(0.5)


def overflow(page: Page) -> int:
    """How far the page is wider than the window (0: no horizontal scrolling)."""
    width: int = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return width


def check_verdicts(page: Page, done: dict[str, Any], names: list[str]) -> None:
    """Each verdict of the route is in the item of its move's first event, in the page's words."""
    expect(page.locator("#events .verdict")).to_have_count(len(done["moves"]))
    for entry in done["moves"]:
        shown = page.locator(f'#events li[data-version="{entry["version"]}"] .verdict')
        expect(shown).to_have_attribute("data-label", LABEL_CLASS[entry["label"]])
        text = shown.text_content() or ""
        if entry["best"] is None:
            assert "Not judged" in text
            continue
        if entry["label"]:
            assert named(entry["label"], names) in text
        if entry["before"] is not None and entry["after"] is not None:
            assert f"win chance {percent(entry['before'])} → {percent(entry['after'])}" in text
        if entry["label"] not in ("the best move", "the only move"):
            assert f"the bot would have played: {named(entry['bestWords'], names)}" in text
        else:
            assert "would have played" not in text


def test_a_finished_game_shows_the_bots_verdict_beside_each_move(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    base = service.url
    created = create(base, "trambahn", 2, {}, seed="verdicts-1")
    latest = play(base, created, 4)
    game_id = created["game"]["id"]
    game = httpx.get(f"{base}/v1/games/{game_id}").json()
    assert game["status"] == "FINISHED"
    names = [s["name"] for s in game["seats"]]
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    log = PageLog.attach(page)
    page.goto(f"{base}/games/{game_id}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        expect(page.locator("#analysis")).to_be_visible()
        # The page is not held up by the analysis: it steps through versions meanwhile.
        expect(page.locator("#app")).to_have_attribute("data-version", str(latest))
        page.locator("#first").click()
        expect(page.locator('#board[data-version="1"] svg')).to_be_attached()
        expect(page.locator("#analysis")).to_have_attribute("data-state", "done", timeout=WAIT_MS)
        states = page.evaluate("window.__analysisStates")
        assert states[0] == "pending"  # the first answer for a game never analysed
        assert states[-1] == "done"
        done = analysis(base, game_id)
        assert done["complete"] is True
        judged = [m for m in done["moves"] if m["best"] is not None]
        expect(page.locator("#analysis")).to_contain_text(
            f"on {len(judged)} of {len(done['moves'])} moves"
        )
        check_verdicts(page, done, names)
        assert any(m["label"] not in ("the best move", "the only move") for m in judged)
        assert overflow(page) == 0
        page.screenshot(path=ARTIFACTS / "verdicts-1280.png")
        page.set_viewport_size({"width": 390, "height": 844})
        assert overflow(page) == 0
        page.locator("#events .verdict").nth(5).scroll_into_view_if_needed()
        page.screenshot(path=ARTIFACTS / "verdicts-390.png")
        # A page opened later reads the kept analysis at once, and so does another view.
        page.goto(f"{base}/games/{game_id}")
        expect(page.locator("#analysis")).to_have_attribute("data-state", "done")
        assert page.evaluate("window.__analysisStates") == ["done"]
        check_verdicts(page, done, names)
        assert overflow(page) == 0
        check_clean(page, log.errors)
        assert log.foreign_urls() == []
    finally:
        page.close()


def test_a_running_game_shows_no_verdict_until_it_ends(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    base = service.url
    created = create(base, "trambahn", 2, {}, seed="verdicts-2")
    game_id = created["game"]["id"]
    version = play(base, created, 6, max_moves=8)
    page = browser.new_page()
    log = PageLog.attach(page)
    page.goto(f"{base}/games/{game_id}")
    try:
        expect(page.locator("#live-status")).to_have_text("● live")
        expect(page.locator("#app")).to_have_attribute("data-version", str(version))
        expect(page.locator("#analysis")).to_be_hidden()
        expect(page.locator("#events .verdict")).to_have_count(0)
        assert not [u for u in log.urls if "/analysis" in u]
        # The game ends while the page watches it: then the page asks, and shows the verdicts.
        latest = play(base, created, 6)
        expect(page.locator("#app")).to_have_attribute("data-latest", str(latest))
        expect(page.locator("#analysis")).to_have_attribute("data-state", "done", timeout=WAIT_MS)
        done = analysis(base, game_id)
        names = [s["name"] for s in httpx.get(f"{base}/v1/games/{game_id}").json()["seats"]]
        check_verdicts(page, done, names)
        check_clean(page, log.errors)
    finally:
        page.close()
