"""A refusal for want of the admin token says which setting gives the server one (issue 39,
item 7): on a server without `BOARDSTATE_ADMIN_TOKEN` every admin operation names it, on both
doors; on a server with one, a wrong bearer is told to send it."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

ADMIN = "an-admin-token-0123456789"
HOOK = {"url": "https://example.com/hooks", "events": ["game.ended"]}
CREATE = """mutation { createWebhook(url: "https://example.com/hooks", events: ["game.ended"]) {
  __typename ... on Rejected { code message } } }"""


@pytest.fixture(scope="module")
def servers(redis_server: RedisServer) -> Iterator[tuple[ServiceProcess, ServiceProcess]]:
    signup = {"BOARDSTATE_PLAYER_SIGNUP": "admin", "BOARDSTATE_ALLOW_CLIENT_SEEDS": "0"}
    without = ServiceProcess(redis_server.url, unique_prefix(), signup).start()
    with_one = ServiceProcess(
        redis_server.url, unique_prefix(), signup | {"BOARDSTATE_ADMIN_TOKEN": ADMIN}
    ).start()
    yield without, with_one
    without.stop()
    with_one.stop()


def refusals(server: ServiceProcess) -> list[tuple[str, str]]:
    """(code, message) of each admin operation asked with a bearer that is not the admin's."""
    auth = {"authorization": "Bearer not-the-admin-token-0000"}
    with httpx.Client(base_url=server.url, headers=auth, trust_env=False) as http:
        game = http.post("/v1/games", json={"gameType": "trambahn", "players": 2}).json()
        answers = [
            http.post("/v1/webhooks", json=HOOK),
            http.get("/v1/webhooks"),
            http.get("/v1/dumps/trambahn"),
            http.post(f"/v1/games/{game['game']['id']}/abort"),
            http.post("/v1/players"),
        ]
        rest = [(a.json()["code"], a.json()["detail"]) for a in answers]
        graphql = http.post("/graphql", json={"query": CREATE}).json()["data"]["createWebhook"]
    return [*rest, (graphql["code"], graphql["message"])]


def test_without_an_admin_token_the_refusal_names_the_setting(
    servers: tuple[ServiceProcess, ServiceProcess],
) -> None:
    without, _ = servers
    found = refusals(without)
    assert [code for code, _ in found] == [*["UNAUTHORIZED"] * 4, "SIGNUP_DISABLED", "UNAUTHORIZED"]
    for _, message in found:
        assert "this server has none" in message, message
        assert "BOARDSTATE_ADMIN_TOKEN" in message, message


def test_with_an_admin_token_a_wrong_bearer_is_told_what_to_send(
    servers: tuple[ServiceProcess, ServiceProcess],
) -> None:
    _, with_one = servers
    found = refusals(with_one)
    assert [code for code, _ in found] == [*["UNAUTHORIZED"] * 4, "SIGNUP_DISABLED", "UNAUTHORIZED"]
    for _, message in found:
        assert "Authorization: Bearer <admin token>" in message, message
        assert "has none" not in message
        assert ADMIN not in message


def test_a_client_seed_refused_by_the_setting_names_it(
    servers: tuple[ServiceProcess, ServiceProcess],
) -> None:
    without, _ = servers
    body = {"gameType": "trambahn", "players": 2, "seed": "mine"}
    answer = httpx.post(f"{without.url}/v1/games", json=body, trust_env=False)
    assert answer.json()["code"] == "BAD_SEED"
    assert "BOARDSTATE_ALLOW_CLIENT_SEEDS=0" in answer.json()["detail"]
