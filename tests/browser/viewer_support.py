"""Games for the viewer's browser tests, played through the REST API with seeded legal moves,
and what a page must show or hide (compared with `GET /v1/games/{id}/state`)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "viewer"  # git-ignored
CARD_LIKE = re.compile(r"^[a-z]+-\d+$|^[A-Z]+-\d+$")

# (game type, players, options, seed): the REST complete games' choices (tests/api).
GAMES: list[tuple[str, int, dict[str, Any], int]] = [
    ("trambahn", 2, {}, 3),
    ("tinners-trail", 2, {}, 1),
    ("trekking", 2, {}, 2),
    ("tf22-mine", 3, {"max_rounds": 12}, 27),
]

# Watches the page's Content-Security-Policy violations (an init script runs under any CSP).
CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI));
"""


def create(
    base: str, game_type: str, players: int, options: dict[str, Any], seed: str | None = None
) -> dict[str, Any]:
    """A started game (every seat named); returns the REST `GameCreated` body."""
    body = {"gameType": game_type, "players": players, "options": options, "seed": seed,
            "seats": [f"P{n}" for n in range(players)]}  # fmt: skip
    response = httpx.post(f"{base}/v1/games", json=body, timeout=30)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def play(base: str, created: dict[str, Any], seed: int, max_moves: int = 100_000) -> int:
    """Plays seeded uniform legal moves until the end (or `max_moves`); returns the version."""
    game_id = created["game"]["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    rnd = random.Random(seed)
    with httpx.Client(base_url=base, timeout=30) as client:
        for _ in range(max_moves):
            game = client.get(f"/v1/games/{game_id}").json()
            if game["status"] != "ACTIVE":
                return int(game["version"])
            seat = game["toAct"][0]
            auth = {"authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(
                f"/v1/games/{game_id}/legal-moves", params={"seat": seat}, headers=auth
            ).json()["moves"]
            body = {"seat": seat, "move": rnd.choice(legal), "expectedVersion": game["version"]}
            response = client.post(f"/v1/games/{game_id}/moves", json=body, headers=auth)
            assert response.status_code == 201, response.text
        return int(client.get(f"/v1/games/{game_id}").json()["version"])


def state(base: str, game_id: str, version: int, seat: int | None = None, token: str = "") -> Any:
    """The view of `GET /state` at `version` (the spectator's, or `seat`'s with its token)."""
    params: dict[str, Any] = {"version": version}
    headers = {}
    if seat is not None:
        params["seat"] = seat
        headers["authorization"] = f"Bearer {token}"
    response = httpx.get(
        f"{base}/v1/games/{game_id}/state", params=params, headers=headers, timeout=30
    )
    assert response.status_code == 200, response.text
    return response.json()["state"]


def strings(value: Any) -> set[str]:
    """Every string in a JSON value (and the cards of a Trambahn line: colour-value)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        found: set[str] = set().union(*(strings(v) for v in value.values())) if value else set()
        if isinstance(value.get("colour"), str) and isinstance(value.get("values"), list):
            found |= {f"{value['colour']}-{v}" for v in value["values"]}  # a Trambahn line
        return found
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def hidden_cards(seat_views: list[Any], spectator_view: Any) -> set[str]:
    """Card ids some seat sees that the spectator does not."""
    seen = strings(spectator_view)
    return {s for view in seat_views for s in strings(view) - seen if CARD_LIKE.match(s)}


def shown_cards(page: Page, selector: str, cards: set[str]) -> list[str]:
    """The `cards` that the element at `selector` holds as text or in any attribute."""
    text: str = page.eval_on_selector(
        selector,
        """(root) => root.textContent + " " + [root, ...root.querySelectorAll("*")]
            .map((n) => [...n.attributes].map((a) => a.value).join(" ")).join(" ")""",
    )
    return sorted(c for c in cards if re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", text))


def check_clean(page: Page, errors: list[str]) -> None:
    """No console error, failed request or CSP violation on the page (a picture request the page
    cancelled itself, superseded by a newer step, is no error)."""
    bad = [e for e in errors if not e.endswith("net::ERR_ABORTED")]
    assert bad == [], bad
    assert page.evaluate("window.__cspViolations") == []


def svg_cards(page: Page) -> set[str]:
    """The `data-card` values of the picture on the page."""
    found: list[str] = page.eval_on_selector_all(
        "#board svg [data-card]", "nodes => nodes.map((n) => n.dataset.card)"
    )
    return set(found)


def to_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
