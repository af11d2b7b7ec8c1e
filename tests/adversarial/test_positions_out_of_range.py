"""Positions and versions out of range are typed refusals on both doors (issue 27): past 2^63 or
2^64, negative, or past the game's log. Never a 200 with an empty body, a stream that waits for
an event that cannot come, a raw Redis error or a 500. (The feed's positions are
tests/adversarial's feed tests'.)"""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from tests.adversarial.conftest import ADMIN_TOKEN
from tests.api.client import Api, GraphQLErrors, subscription
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

HUGE = (2**63, 2**64, 2**64 + 1, 10**12 + 1, 10**40)
REDIS_WORDS = ("ERR ", "WRONGTYPE", "Invalid stream ID", "redis")


@pytest.fixture
async def api(service: ServiceProcess) -> AsyncIterator[Api]:
    client = Api(service.url)
    yield client
    await client.close()


@pytest.fixture
async def game(api: Api) -> tuple[str, int]:
    game_id, _ = await api.new_game()
    return game_id, (await api.game(game_id, "version"))["version"]


def typed_400(response: httpx.Response, codes: tuple[str, ...], what: str) -> None:
    assert response.status_code == 400, (what, response.status_code, response.text[:300])
    assert response.headers["content-type"].startswith("application/problem+json"), what
    assert response.json()["code"] in codes, (what, response.text[:300])
    assert not any(word in response.text for word in REDIS_WORDS), (what, response.text)


async def test_rest_refuses_every_out_of_range_position(
    service: ServiceProcess, game: tuple[str, int]
) -> None:
    game_id, version = game
    base = f"{service.url}/v1/games/{game_id}"
    routes = {
        "events": ("afterVersion", "limit", "seat"),
        "state": ("version", "seat"),
        "board.svg": ("version", "seat"),
        "events/stream": ("afterVersion",),
    }
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        for route, names in routes.items():
            for name in names:
                for value in (*HUGE, -(2**63), -1):
                    what = f"{route}?{name}={value}"
                    answer = await http.get(f"{base}/{route}", params={name: str(value)})
                    if name == "seat" and value == -1:
                        # a negative seat is a seat this game does not have
                        assert answer.json()["code"] == "BAD_SEAT", what
                        continue
                    typed_400(answer, ("BAD_REQUEST", "BAD_VERSION"), what)
        # Past the log (not past any bound): the page and the stream would have nothing to
        # give, ever; both say so instead of an empty page or a silent stream.
        for route in ("events", "events/stream"):
            answer = await http.get(f"{base}/{route}", params={"afterVersion": version + 1})
            typed_400(answer, ("BAD_VERSION",), f"{route} past the log")
        for last_event_id in (str(version + 1), str(2**64), "-1"):
            answer = await http.get(
                f"{base}/events/stream", headers={"last-event-id": last_event_id}
            )
            typed_400(answer, ("BAD_VERSION",), f"Last-Event-ID {last_event_id}")
        answer = await http.get(f"{service.url}/v1/games", params={"limit": str(2**64)})
        typed_400(answer, ("BAD_REQUEST",), "games?limit")
        admin = {"authorization": f"Bearer {ADMIN_TOKEN}"}
        for first in (str(2**64), "-1"):
            answer = await http.get(
                f"{service.url}/v1/webhooks/any/deliveries", params={"first": first}, headers=admin
            )
            typed_400(answer, ("BAD_REQUEST",), f"deliveries?first={first}")
        page = await http.get(f"{base}/events", params={"afterVersion": version})
        assert (page.status_code, page.json()["items"]) == (200, [])  # at the end: nothing yet


def _codes(body: dict[str, Any]) -> list[Any]:
    return [(e.get("extensions") or {}).get("code") for e in body.get("errors") or []]


async def test_graphql_refuses_every_out_of_range_position(api: Api, game: tuple[str, int]) -> None:
    game_id, version = game
    past = base64.urlsafe_b64encode(f"v:{version + 1}".encode()).decode()
    cases = {
        f"events(afterVersion: {2**63}) {{ totalCount }}": "BAD_INPUT",
        f"events(afterVersion: {version + 1}) {{ totalCount }}": "BAD_VERSION",
        "events(afterVersion: -1) { totalCount }": "BAD_VERSION",
        f"events(beforeVersion: {version + 2}) {{ totalCount }}": "BAD_VERSION",
        "events(first: -1) { totalCount }": "BAD_INPUT",
        "events(last: -1) { totalCount }": "BAD_INPUT",
        f'events(after: "{past}") {{ totalCount }}': "BAD_CURSOR",
        f"state(version: {2**64})": "BAD_INPUT",
        "state(version: -1)": "BAD_VERSION",
        f"state(version: {version + 1})": "BAD_VERSION",
    }
    for selection, code in cases.items():
        body = await api.raw(f'{{ game(id: "{game_id}") {{ {selection} }} }}')
        assert _codes(body) == [code], (selection, body)
    body = await api.raw("{ games(first: -1) { totalCount } }")
    assert _codes(body) == ["BAD_INPUT"], body
    query = "query($v: Int) { game(id: $g) { state(version: $v) } }".replace("$g", f'"{game_id}"')
    body = await api.raw(query, v=2**64)
    assert _codes(body) == ["BAD_INPUT"], body


async def test_a_subscription_past_the_log_is_refused_not_left_waiting(
    service: ServiceProcess, game: tuple[str, int]
) -> None:
    game_id, version = game
    for after in (version + 1, -1, 2**31 - 1):
        async with subscription(service.ws_url, game_id, after=after) as events:
            with pytest.raises(GraphQLErrors) as refused:
                await events.next(wait=30)
            assert refused.value.codes == ["BAD_VERSION"], after
    document = (
        f'subscription {{ gameEvents(gameId: "{game_id}", afterVersion: {version + 1}) '
        "{ version } }"
    )
    headers = {"accept": "text/event-stream"}
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        answer = await http.post(
            f"{service.url}/graphql", json={"query": document}, headers=headers
        )
    assert answer.status_code == 200
    assert '"code":"BAD_VERSION"' in answer.text.replace(" ", ""), answer.text
    assert "event: complete" in answer.text
