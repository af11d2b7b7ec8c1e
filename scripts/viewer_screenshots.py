"""Takes the README's screenshots of the viewer (`docs/images/viewer-*.png`) from a running
service: plays a Trambahn game with seeded legal moves through the REST API, then opens the
replay viewer (spectator, mid-game) and the playable table (a seat's page) in headless Chromium.

Run: `make run` in one shell, then `.venv/bin/python scripts/viewer_screenshots.py
[http://127.0.0.1:8000]` (with BOARDSTATE_RATE_LIMITS=0 for the service: it plays quickly)."""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

import httpx

OUT = Path(__file__).resolve().parents[1] / "docs" / "images"


def play(client: httpx.Client, game_id: str, tokens: dict[int, str], moves: int) -> None:
    rnd = random.Random(4)
    for _ in range(moves):
        game = client.get(f"/v1/games/{game_id}").json()
        seat = game["toAct"][0]
        auth = {"authorization": f"Bearer {tokens[seat]}"}
        legal = client.get(
            f"/v1/games/{game_id}/legal-moves", params={"seat": seat}, headers=auth
        ).json()["moves"]
        body = {"seat": seat, "move": rnd.choice(legal), "expectedVersion": game["version"]}
        client.post(f"/v1/games/{game_id}/moves", json=body, headers=auth).raise_for_status()


def main(base: str) -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("no chromium: apt-get install chromium", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with httpx.Client(base_url=base, timeout=30) as client:
        body = {"gameType": "trambahn", "players": 2, "seats": ["Ada", "Brian"]}
        created = client.post("/v1/games", json=body).json()
        game_id = created["game"]["id"]
        tokens = {t["seat"]: t["token"] for t in created["tokens"]}
        play(client, game_id, tokens, 40)
        seat = client.get(f"/v1/games/{game_id}").json()["toAct"][0]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        page.goto(f"{base}/games/{game_id}")
        page.wait_for_selector("#board svg")
        page.keyboard.press("Shift+ArrowLeft")
        page.wait_for_timeout(500)
        page.screenshot(path=OUT / "viewer-replay.png")
        page.goto(f"{base}/games/{game_id}#seat={seat}&token={tokens[seat]}")
        page.wait_for_selector("#moves button.move")
        page.locator("#table").scroll_into_view_if_needed()
        page.screenshot(path=OUT / "viewer-table.png")
        page.goto(f"{base}/")
        page.wait_for_selector("#create-form")
        page.screenshot(path=OUT / "lobby.png")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"))
