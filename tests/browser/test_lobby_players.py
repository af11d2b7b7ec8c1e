"""The lobby signs in with a player token and shows "Your turn" and "Your games" (issue 30, item
5), in a real headless Chromium against a real service: a new player made by the service sees a
game where it is to act appear under "Your turn" (its own stream), and the link opens the table
with the player token as that seat's token (it lists the seat's legal moves); signing out forgets
the token."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import BrowserContext, expect

from tests.api.server import ServiceProcess
from tests.browser.chromium import PageLog, chromium_context
from tests.browser.viewer_support import CSP_WATCH, check_clean
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("browser")]
ADMIN = "lobby-players-admin-token-0123456789"


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserContext]:
    with chromium_context() as context:
        context.add_init_script(CSP_WATCH)
        yield context


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, env={"BOARDSTATE_ADMIN_TOKEN": ADMIN}) as process:
        yield process


def test_a_signed_in_player_sees_its_turn_and_plays_it_from_the_lobby(
    browser: BrowserContext, service: ServiceProcess
) -> None:
    page = browser.new_page()
    log = PageLog.attach(page)
    page.goto(f"{service.url}/")
    page.locator("#new-player-name").fill("  Rene\u0301e  ")
    page.locator("#new-player").click()
    player = page.locator("#player-name")
    expect(player).to_have_text("Ren\u00e9e", timeout=30_000)  # NFC, trimmed
    player_id = player.get_attribute("data-player-id")
    assert player_id is not None
    assert player_id.startswith("p_")
    assert "p_" not in page.locator("#you").inner_text()  # the name, not the opaque id
    page.locator("#display-name").fill("Ann \u202eB")  # a bidi override: refused, shown
    page.locator("#rename-form button").click()
    expect(page.locator("#lobby-problem")).to_contain_text("BAD_NAME", timeout=30_000)
    expect(player).to_have_text("Ren\u00e9e")
    assert all("422" in e for e in log.errors), log.errors  # that refusal, and nothing else
    log.errors.clear()
    page.locator("#display-name").fill("Ann B.")
    page.locator("#rename-form button").click()
    expect(player).to_have_text("Ann B.", timeout=30_000)
    expect(page.locator("#player-live")).to_have_text("● live", timeout=30_000)
    # A game where this player holds both seats: whoever starts, it is this player's turn.
    body = {
        "gameType": "trambahn",
        "players": 2,
        "seats": ["me", "me too"],
        "playerIds": [player_id, player_id],
    }
    # Seated by the integrator's backend (the admin token): the player's membership.
    admin = {"authorization": f"Bearer {ADMIN}"}
    created = httpx.post(f"{service.url}/v1/games", json=body, headers=admin, timeout=30).json()
    game_id = created["game"]["id"]
    turn = page.locator(f"#your-turn li[data-game='{game_id}'] a.your-turn-link")
    expect(turn).to_have_count(1, timeout=30_000)
    expect(page.locator(f"#my-games li[data-game='{game_id}']")).to_have_count(1, timeout=30_000)
    expect(turn).to_have_text("Trambahn")  # the game's name, not its type and id
    expect(page.locator(f"#your-turn li[data-game='{game_id}']")).to_contain_text("your move: ")
    expect(page.locator(f"#my-games li[data-game='{game_id}']")).to_contain_text("me, me too")
    turn.click()
    page.wait_for_url(f"**/games/{game_id}*")
    stored = page.evaluate(f"sessionStorage.getItem('boardstate:seat:{game_id}')")
    assert stored is not None
    seat_token = page.evaluate(f"JSON.parse(sessionStorage.getItem('boardstate:seat:{game_id}'))")
    assert seat_token["token"].count(".") == 2  # the player token (a JWT) acts for the seat
    legal = httpx.get(
        f"{service.url}/v1/games/{game_id}/legal-moves",
        params={"seat": seat_token["seat"]},
        headers={"authorization": f"Bearer {seat_token['token']}"},
        timeout=30,
    )
    assert legal.status_code == 200
    assert legal.json()["moves"]
    page.goto(f"{service.url}/")
    page.locator("#sign-out").click()
    expect(page.locator("#new-player")).to_be_visible(timeout=30_000)
    assert page.evaluate("sessionStorage.getItem('boardstate:player')") is None
    check_clean(page, log.errors)
    page.close()
