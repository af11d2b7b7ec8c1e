"""The lobby (`/`), the replay viewer and the playable table (`/games/{id}`) in a real headless
Chromium (service/http/pages/pages.py): every game type's finished game is drawn as the engine sees it
at the versions stepped to, by buttons, slider and keys; a whole Trambahn game is played by
clicking legal moves in two pages, one per seat token, across a lost connection; a spectator page
never holds a hidden card; a token never appears in a URL; live mode streams behind nginx.
No console error, failed request or CSP violation on any page. Screenshots of each game at three
versions go to test-artifacts/viewer/ (git-ignored)."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from tests.api.server import ServiceProcess
from tests.balancer import Nginx, nginx_found
from tests.browser.chromium import PageLog, chromium_context
from tests.browser.viewer_support import (
    ARTIFACTS,
    CSP_WATCH,
    GAMES,
    check_clean,
    create,
    hidden_cards,
    play,
    shown_cards,
    state,
    strings,
    svg_cards,
)
from tests.redis_support import RedisServer

WAIT_MS = 30_000
"""How long a page may take to show a move it made (generous: the machine may be loaded)."""

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("browser")]


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserContext]:
    with chromium_context() as context:
        context.add_init_script(CSP_WATCH)
        yield context


ANALYSIS_ENV = {"BOARDSTATE_ANALYSIS_PLAYOUTS": "200", "BOARDSTATE_ANALYSIS_CONCURRENCY": "8"}
"""A finished game's page asks for its analysis (verdicts.js): small and many at once, so that a
page never meets the one-at-a-time refusal of the game a page before it started."""


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, env=ANALYSIS_ENV) as process:
        yield process


def open_page(browser: BrowserContext, url: str) -> tuple[Page, PageLog]:
    page = browser.new_page()
    log = PageLog.attach(page)
    page.goto(url)
    return page, log


def at_version(page: Page, version: int) -> None:
    """Waits until the page shows `version` and its picture is drawn."""
    expect(page.locator("#app")).to_have_attribute("data-version", str(version))
    expect(page.locator(f'#board[data-version="{version}"] svg')).to_be_attached()


def check_drawn(page: Page, base: str, game_id: str, version: int, latest: int) -> None:
    """The page's label, picture and cards are the engine's spectator view at `version`."""
    at_version(page, version)
    expect(page.locator("#version-label")).to_have_text(f"Version {version} of {latest}")
    assert f"version {version}" in page.locator("#picture-title").text_content()  # type: ignore[operator]
    view = state(base, game_id, version)
    # Every card drawn is in the view or in the last move's events (at most 12).
    after = {"afterVersion": max(0, version - 12), "limit": min(12, version)}
    recent = httpx.get(f"{base}/v1/games/{game_id}/events", params=after).json()["items"]
    assert svg_cards(page) - {"hidden"} <= strings(view) | strings(recent)
    for player in view.get("players", []):
        if isinstance(player, dict) and "total" in player:  # Trambahn's score
            panel = page.locator(f"#seat-{player['seat']}").text_content() or ""
            assert f"{player['total']} pts" in panel


@pytest.mark.parametrize(("game_type", "players", "options", "seed"), GAMES)
def test_a_finished_game_of_every_type_steps_through_the_engines_views(
    browser: BrowserContext,
    service: ServiceProcess,
    game_type: str,
    players: int,
    options: dict[str, Any],
    seed: int,
) -> None:
    base = service.url
    created = create(base, game_type, players, options)
    latest = play(base, created, seed)
    game_id = created["game"]["id"]
    game = httpx.get(f"{base}/v1/games/{game_id}").json()
    assert game["status"] == "FINISHED"
    page, log = open_page(browser, f"{base}/games/{game_id}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        at_version(page, latest)
        names = [s["name"] for s in game["seats"]]
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, game["result"]["scores"], strict=True))
        expect(page.locator("#game-result")).to_contain_text(f"Result: {scores}.")
        expect(page.locator("#events li")).to_have_count(latest)
        check_drawn(page, base, game_id, latest, latest)
        page.screenshot(path=ARTIFACTS / f"{game_type}-v{latest}.png")
        # Keys: Home, → (one event), Shift+→ (to the end of the next move), End.
        page.locator("#board").click()
        page.keyboard.press("Home")
        check_drawn(page, base, game_id, 1, latest)
        page.keyboard.press("ArrowRight")
        check_drawn(page, base, game_id, 2, latest)
        page.keyboard.press("End")
        at_version(page, latest)
        page.keyboard.press("Shift+ArrowLeft")
        expect(page.locator("#app")).not_to_have_attribute("data-version", str(latest))
        # The slider, then the buttons; the middle of the game is screenshotted.
        middle = latest // 2
        page.locator("#slider").fill(str(middle))
        check_drawn(page, base, game_id, middle, latest)
        page.screenshot(path=ARTIFACTS / f"{game_type}-v{middle}.png")
        page.locator("#next-event").click()
        check_drawn(page, base, game_id, middle + 1, latest)
        page.locator("#prev-event").click()
        at_version(page, middle)
        # The link to this version opens it.
        link = page.locator("#share-link").get_attribute("href")
        assert link == f"/games/{game_id}?version={middle}"
        page.goto(base + link)
        check_drawn(page, base, game_id, middle, latest)
        early = min(latest, 12)
        page.locator(f'#events li[data-version="{early}"] a').click()
        check_drawn(page, base, game_id, early, latest)
        page.screenshot(path=ARTIFACTS / f"{game_type}-v{early}.png")
        check_clean(page, log.errors)
        assert log.foreign_urls() == []
    finally:
        page.close()


def test_keyboard_focus_is_visible_and_keys_step(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    created = create(service.url, "trambahn", 2, {})
    latest = play(service.url, created, 5, max_moves=6)
    page, log = open_page(browser, f"{service.url}/games/{created['game']['id']}")
    try:
        at_version(page, latest)
        page.locator("#first").focus()
        page.keyboard.press("Enter")
        at_version(page, 1)
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert page.evaluate("document.activeElement.matches(':focus-visible')")
        assert outline != "none"
        page.keyboard.press("Tab")  # to "previous move"
        page.keyboard.press("Tab")  # to "previous event"
        page.keyboard.press("Tab")  # to the slider: arrows move it by one version
        assert page.evaluate("document.activeElement.id") == "slider"
        page.keyboard.press("ArrowRight")
        at_version(page, 2)
        page.keyboard.press("End")
        at_version(page, latest)
        check_clean(page, log.errors)
    finally:
        page.close()


def test_a_spectator_page_never_holds_a_hidden_card(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    created = create(service.url, "trambahn", 2, {}, seed="spectator-1")  # the same deal each run
    game_id = created["game"]["id"]
    latest = play(service.url, created, 7, max_moves=20)
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    page, log = open_page(browser, f"{service.url}/games/{game_id}")
    try:
        at_version(page, latest)  # the page has loaded the game and opened at its latest version
        for version in sorted({latest, latest - 3, 12, 9}):
            page.locator("#slider").fill(str(version))
            at_version(page, version)
            seat_views = [state(service.url, game_id, version, s, tokens[s]) for s in (0, 1)]
            secret = hidden_cards(seat_views, state(service.url, game_id, version))
            assert secret, version  # the hands are hidden from a spectator
            assert shown_cards(page, "#board", secret) == [], version  # the picture
            if version == latest:  # the event list names what moves revealed (in words)
                public = httpx.get(f"{service.url}/v1/games/{game_id}/events").json()["items"]
                assert shown_cards(page, "body", secret - strings(public)) == []
                assert secret - strings(public)  # some hand cards were never shown (this deal)
        check_clean(page, log.errors)
    finally:
        page.close()


def take_turn(page: Page, rnd: random.Random, prefer: str | None = None) -> None:
    """Clicks one of the seat's legal moves and waits until the page has moved on; with
    `prefer` (a move type), every other click on average takes that move where it is legal."""
    before = int(page.locator("#app").get_attribute("data-latest") or 0)
    buttons = page.locator("#moves button.move")
    expect(buttons.first).to_be_enabled()
    preferred = page.locator(f'#moves button.move[data-move*=\'"type":"{prefer}"\']')
    if prefer is not None and rnd.random() < 0.5 and preferred.count():
        preferred.first.click()
    else:
        buttons.nth(rnd.randrange(buttons.count())).click()
    # a generous bound: the served process may run under coverage on a loaded machine
    expect(page.locator("#app")).not_to_have_attribute("data-latest", str(before), timeout=WAIT_MS)


def test_two_pages_play_a_whole_trambahn_game_by_clicking_legal_moves(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    created = create(service.url, "trambahn", 2, {})
    game_id = created["game"]["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    pages = [
        open_page(browser, f"{service.url}/games/{game_id}#seat={s}&token={tokens[s]}")
        for s in (0, 1)
    ]
    rnd = random.Random(11)
    try:
        for page, _ in pages:
            expect(page.locator("#live-status")).to_have_text("● live")
            assert page.evaluate("location.hash") == ""  # the token left the address bar
        # A click on the board narrows the list to the moves naming what was clicked.
        seat = httpx.get(f"{service.url}/v1/games/{game_id}").json()["toAct"][0]
        first = pages[seat][0]
        expect(first.locator("#table")).to_have_attribute("data-state", "your-turn")
        first.locator(f"#board svg #hand-{seat} [data-card]").first.click()
        expect(first.locator("#move-filter")).to_be_visible()
        first.locator("#move-filter button").click()
        moves = 0
        offline_done = False
        while True:
            game = httpx.get(f"{service.url}/v1/games/{game_id}").json()
            if game["status"] != "ACTIVE":
                break
            version = game["version"]
            for page, _ in pages:
                at_version(page, version)
            if moves == 10 and not offline_done:
                # Connections lost: the other seat moves meanwhile; both pages resume.
                offline_done = True
                browser.set_offline(True)
                play(service.url, {"game": game, "tokens": created["tokens"]}, 3, max_moves=1)
                browser.set_offline(False)
                continue
            page = pages[game["toAct"][0]][0]
            expect(page.locator("#table")).to_have_attribute(
                "data-state", "your-turn", timeout=WAIT_MS
            )
            # Every other turn ends early: a whole game in about 50 clicks rather than 110.
            take_turn(page, rnd, prefer="end_turn")
            moves += 1
        assert moves > 20
        for page, log in pages:
            expect(page.locator("#table")).to_have_attribute("data-state", "over")
            expect(page.locator("#game-result")).to_contain_text("Winner")
            # Requests while offline failed (and were made again); nothing else went wrong.
            errors = [e for e in log.errors if "ERR_INTERNET_DISCONNECTED" not in e]
            check_clean(page, errors)
            assert not [u for u in log.urls if any(t in u for t in tokens.values())]
    finally:
        for page, _ in pages:
            page.close()


def test_a_rejected_move_shows_the_engines_message(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    created = create(service.url, "trambahn", 2, {})
    game_id = created["game"]["id"]
    seat = created["game"]["toAct"][0]
    token = created["tokens"][seat]["token"]
    page = browser.new_page()
    log = PageLog.attach(page)
    # This page's stream is cut (as by a broken connection), so it cannot learn of the move
    # that another window of the same seat makes meanwhile.
    page.route("**/events/stream", lambda route: route.abort())
    page.goto(f"{service.url}/games/{game_id}#seat={seat}&token={token}")
    try:
        expect(page.locator("#table")).to_have_attribute("data-state", "your-turn")
        play(service.url, created, 1, max_moves=1)
        page.locator("#moves button.move").first.click()
        problem = page.locator("#move-problem")
        expect(problem).to_contain_text("Refused:")
        expect(problem).to_contain_text("(VERSION_CONFLICT)")
        expect(page.locator("#moves button.move").first).to_be_enabled()  # it can try again
    finally:
        page.close()
    cut = ("events/stream", "409", "net::ERR_FAILED")  # the cut stream, the refusal
    assert [e for e in log.errors if not any(c in e for c in cut)] == []


READS = re.compile(r"/v1/games/[^/?]+(/legal-moves)?(\?.*)?$")
"""The table page's reads of the game and of its legal moves."""


def seat_page(
    browser: BrowserContext, service: ServiceProcess
) -> tuple[dict[str, Any], Page, PageLog]:
    """A new 2-player Trambahn game and the page of the seat to act, with its token."""
    created = create(service.url, "trambahn", 2, {})
    game_id, seat = created["game"]["id"], created["game"]["toAct"][0]
    token = created["tokens"][seat]["token"]
    page, log = open_page(browser, f"{service.url}/games/{game_id}#seat={seat}&token={token}")
    return created, page, log


def test_moves_shown_are_withdrawn_as_soon_as_the_game_moves_on(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    # The page learns of a move made elsewhere from its stream; until it has read its legal moves
    # again, none of those it shows may be clicked (they were legal at the version before).
    created, page, log = seat_page(browser, service)
    held: list[Route] = []

    def hold(route: Route) -> None:
        if holding:
            held.append(route)
        else:
            route.continue_()

    holding = True
    try:
        expect(page.locator("#table")).to_have_attribute("data-state", "your-turn")
        before = page.locator("#app").get_attribute("data-latest") or ""
        page.route(READS, hold)  # the page's reads of the game and its moves wait
        play(service.url, created, 1, max_moves=1)  # another window of this seat moves
        expect(page.locator("#app")).not_to_have_attribute("data-latest", before, timeout=WAIT_MS)
        expect(page.locator("#table")).to_have_attribute("data-state", "updating")
        expect(page.locator("#moves button.move")).to_have_count(0)
        holding = False
        for route in held:
            route.continue_()
        expect(page.locator("#table")).not_to_have_attribute("data-state", "updating")
        check_clean(page, log.errors)
    finally:
        page.close()


def test_moves_withdrawn_are_read_again_when_the_read_fails(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    # The page withdraws its moves when the stream tells of a move made elsewhere, then reads the
    # game and its moves again; if those reads fail (a network blip), it must read them again
    # rather than wait for an event that may never come.
    created, page, log = seat_page(browser, service)
    game_id, seat = created["game"]["id"], created["game"]["toAct"][0]
    failed: list[str] = []

    def fail_three(route: Route) -> None:
        if len(failed) < 3:
            failed.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    try:
        expect(page.locator("#table")).to_have_attribute("data-state", "your-turn")
        before = page.locator("#app").get_attribute("data-latest") or ""
        page.route(READS, fail_three)
        play(service.url, created, 1, max_moves=1)  # another window of this seat moves
        expect(page.locator("#app")).not_to_have_attribute("data-latest", before, timeout=WAIT_MS)
        expect(page.locator("#table")).not_to_have_attribute(
            "data-state", "updating", timeout=WAIT_MS
        )
        assert len(failed) == 3
        now = httpx.get(f"{service.url}/v1/games/{game_id}").json()
        if seat in now["toAct"]:
            expect(page.locator("#table")).to_have_attribute("data-state", "your-turn")
            expect(page.locator("#moves button.move").first).to_be_enabled()
            expect(page.locator("#move-problem")).to_be_hidden()
        check_clean(page, [e for e in log.errors if "ERR_FAILED" not in e])
    finally:
        page.close()


def test_the_lobby_creates_joins_and_lists_games(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    page, log = open_page(browser, f"{service.url}/")
    try:
        for type_id in ("trambahn", "tinners-trail", "trekking", "tf22-mine"):
            expect(page.locator(f"#type-{type_id}")).to_contain_text("Provenance")
        expect(page.locator("#type-trambahn")).to_contain_text("2 players · rules")
        expect(page.locator("#type-trekking")).to_contain_text("2–4 players · rules")
        page.locator("#create-type").select_option("trambahn")
        page.locator("#create-name").fill("Ada")
        page.get_by_role("button", name="Create game").click()
        expect(page.locator("#table")).to_have_attribute("data-state", "waiting")
        game_id = page.evaluate("location.pathname.split('/')[2]")
        assert page.evaluate("location.hash") == ""
        page.goto(f"{service.url}/")
        open_game = page.locator(f'#open-games li[data-game="{game_id}"]')
        open_game.get_by_placeholder("your name").fill("Bo")
        open_game.get_by_role("button", name="Join").click()
        expect(page.locator("#game-status")).to_contain_text("active")
        page.goto(f"{service.url}/")
        expect(page.locator(f'#running-games li[data-game="{game_id}"]')).to_be_visible()
        page.locator("#create-type").select_option("trambahn")  # no game is chosen for you
        page.locator("#create-seats").fill("Cy, Di")
        page.get_by_role("button", name="Create game").click()
        expect(page.locator("#created a.seat-link")).to_have_count(2)
        check_clean(page, log.errors)
        assert log.foreign_urls() == []
        assert not [u for u in log.urls if "token=" in u]
    finally:
        page.close()


def test_live_mode_follows_a_game_behind_nginx(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    if not nginx_found() and not os.environ.get("CI"):
        pytest.skip("nginx is not installed and could not be (not root): apt-get install nginx")
    created = create(service.url, "trambahn", 2, {})
    game_id = created["game"]["id"]
    with Nginx([service.port]) as nginx:
        page, log = open_page(browser, f"{nginx.url}/games/{game_id}")
        try:
            expect(page.locator("#live-status")).to_have_text("● live")
            for _ in range(3):
                version = play(service.url, created, 9, max_moves=1)
                at_version(page, version)  # streamed through the proxy as it happened
            check_clean(page, log.errors)
        finally:
            page.close()
