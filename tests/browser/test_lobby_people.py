"""The lobby speaks to people (issue 39, item 6), in a real headless Chromium at 1,280 and 390
px wide, in English and in German: no game is chosen for the visitor; a game's options are
labelled from the options schema's titles with its descriptions and the rules' help (never a raw
key such as `money_halving` or `standIn`); the game lists name the game, its players and the
winner of a finished game; the events and legal moves are in the page's language; nothing is
wider than the window, and no box is wider than itself (scrollWidth against clientWidth). The
language switch keeps its choice. Screenshots of both widths are written to docs/images
(lobby-1280.png, lobby-390.png; the German ones end in -de)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.api.server import ServiceProcess
from tests.browser.chromium import PageLog, chromium_context
from tests.browser.viewer_support import CSP_WATCH, check_clean, create, play
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("browser")]
IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
RAW = ("money_halving", "display_refill", "standIn", "end_of_purchase", "tie_break", "p_")
CASES = [(w, lang) for lang in ("en", "de") for w in (1280, 390)]
WORDS = {
    "en": {
        "options": ("Money halving", "Display refill", "Stand-in for a seat that left"),
        "help": "The printed rules",
        "floor": "Floor (printed rules)",
        "won": "Bo won",
        "create": "Create a game",
        "summary": "board passengers at the four terminals",
        "draws": " draws ",
    },
    "de": {
        "options": (
            "Geldstapel halbieren",
            "Bahnauslage auffüllen",
            "Ersatz für einen verlassenen",
        ),
        "help": "Gedruckte Regel",
        "floor": "Abrunden (gedruckte Regel)",
        "won": "Bo hat gewonnen",
        "create": "Spiel anlegen",
        "summary": "Fahrgäste an den vier Endstationen anlegen",
        "draws": " zieht ",
    },
}
BOXES = (
    "main, header.top, main section, main .card, form, .option, #events, #table, #board, "
    ".game-head, .controls, .log, .games li"
)
OVERFLOWING = f"""() => [...document.querySelectorAll("{BOXES}")]
  .filter((box) => box.scrollWidth > box.clientWidth + 1)
  .map((box) => `${{box.tagName}}#${{box.id}}.${{box.className}}: ${{box.scrollWidth}} > ${{box.clientWidth}}`)
"""


def check_fits(page: Page, name: str, width: int) -> None:
    """Nothing wider than the window, and no box wider than itself."""
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"{name}: {overflow} px wider than the window at {width} px"
    assert page.evaluate(OVERFLOWING) == [], f"{name} at {width} px"


def shot_name(name: str, width: int, language: str) -> Path:
    return IMAGES / f"{name}-{width}{'' if language == 'en' else '-' + language}.png"


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserContext]:
    with chromium_context() as context:
        context.add_init_script(CSP_WATCH)
        yield context


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url) as process:
        yield process


def finished_game(url: str) -> str:
    """A Trambahn game Ada resigned: Bo won."""
    body = {"gameType": "trambahn", "players": 2, "seats": ["Ada", "Bo"]}
    created = httpx.post(f"{url}/v1/games", json=body, timeout=30).json()
    game_id = created["game"]["id"]
    ada = {"authorization": f"Bearer {created['tokens'][0]['token']}"}
    done = httpx.post(f"{url}/v1/games/{game_id}/seats/0/resign", headers=ada, timeout=30)
    assert done.status_code == 200, done.text
    return str(game_id)


@pytest.mark.parametrize(("width", "language"), CASES)
def test_the_lobby_names_games_options_players_and_winners_without_overflow(
    browser: BrowserContext, service: ServiceProcess, width: int, language: str
) -> None:
    game_id = finished_game(service.url)
    said = WORDS[language]
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    log = PageLog.attach(page)
    try:
        page.goto(f"{service.url}/?lang={language}")
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("#h-create")).to_have_text(said["create"])
        expect(page.locator("#language")).to_have_value(language)
        expect(page.locator("#type-trambahn")).to_contain_text(said["summary"])
        choose = page.locator("#create-type")
        expect(choose).to_have_value("")  # no game preselected (not TF22 Mine)
        names = choose.locator("option:not([disabled])").all_inner_texts()
        assert names == sorted(names, key=str.casefold)
        choose.select_option("trambahn")
        form = page.locator("#create-form")
        for title in said["options"]:
            expect(form).to_contain_text(title)
        expect(form).to_contain_text(said["help"])
        expect(form.locator("select[name='opt:money_halving'] option").first).to_have_text(
            said["floor"]
        )
        shown = form.inner_text()
        assert not [raw for raw in RAW if raw in shown], shown
        line = page.locator(f'#finished-games li[data-game="{game_id}"]')
        expect(line).to_contain_text("Trambahn")
        expect(line).to_contain_text("Ada, Bo")
        expect(line.locator(".winner")).to_contain_text(said["won"])
        assert "trambahn" not in line.inner_text()
        check_fits(page, "lobby", width)
        IMAGES.mkdir(exist_ok=True)
        shot = shot_name("lobby", width, language)
        page.screenshot(path=shot, full_page=False)
        assert shot.stat().st_size > 10_000
        check_clean(page, log.errors)
    finally:
        page.close()


@pytest.mark.parametrize(("width", "language"), CASES)
def test_the_viewer_and_the_table_fit_the_window_and_name_the_players(
    browser: BrowserContext, service: ServiceProcess, width: int, language: str
) -> None:
    created = create(service.url, "trambahn", 2, {})  # seats P0 and P1
    play(service.url, created, seed=5, max_moves=30)
    game_id = created["game"]["id"]
    url = service.url
    seat = httpx.get(f"{url}/v1/games/{game_id}", timeout=30).json()["toAct"][0]
    token = created["tokens"][seat]["token"]
    legal = httpx.get(
        f"{url}/v1/games/{game_id}/legal-moves",
        params={"seat": seat},
        headers={"authorization": f"Bearer {token}", "accept-language": language},
        timeout=30,
    ).json()
    said = WORDS[language]
    pages = {
        "viewer": f"{url}/games/{game_id}?lang={language}",
        "table": f"{url}/games/{game_id}?lang={language}#seat={seat}&token={token}",
    }
    for name, url in pages.items():
        page = browser.new_page()
        page.set_viewport_size({"width": width, "height": 900})
        log = PageLog.attach(page)
        try:
            page.goto(url)
            events = page.locator("#events")
            expect(events.locator("li").first).to_be_visible()
            expect(events).to_contain_text(f"P{seat}")
            expect(events).to_contain_text(said["draws"])
            text = events.inner_text()
            assert "Seat 0" not in text
            assert "seat 0" not in text
            assert "Platz 0" not in text
            assert "{" not in text
            if name == "table":  # the legal moves in the API's words in the page's language
                moves = page.locator("#moves button.move")
                expect(moves.first).to_have_text(legal["describe"][0])
            page.wait_for_timeout(500)  # the board picture settles
            footer = page.locator("#board #last-move")
            expect(footer).to_contain_text("Letzter Zug" if language == "de" else "Last move")
            check_fits(page, name, width)
            shot = shot_name(name, width, language)
            page.screenshot(path=shot)
            assert shot.stat().st_size > 10_000
            check_clean(page, log.errors)
        finally:
            page.close()


def test_the_language_switch_keeps_its_choice(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    page = browser.new_page()
    log = PageLog.attach(page)
    try:
        page.goto(f"{service.url}/?lang=en")
        expect(page.locator("#h-create")).to_have_text("Create a game")
        with page.expect_navigation():
            page.locator("#language").select_option("de")
        expect(page.locator("#h-create")).to_have_text("Spiel anlegen")
        assert "lang=de" in page.url
        page.goto(f"{service.url}/")  # no `lang`: the choice kept in this browser
        expect(page.locator("#h-create")).to_have_text("Spiel anlegen")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        page.goto(f"{service.url}/?lang=en")
        expect(page.locator("#h-create")).to_have_text("Create a game")
        check_clean(page, log.errors)
    finally:
        page.close()
