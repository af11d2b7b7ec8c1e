"""A bug on the real app (`create_app`, its edge and its hot-route lane included) answers a typed
500: problem+json `INTERNAL` on `/v1` and at `/graphql`, an error coded `INTERNAL` inside a
GraphQL result; never a page, a trace or the exception's text.

The bug is injected into the running app (one of its parts raises `RuntimeError`), the only way
to have one; each request is sent twice: as a hot route's lane takes it
(`service.http.edge.hot_routes.Lanes`) and, with an `Origin` header, through the router."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from boardstate.service.composition import Service
from boardstate.service.http.app import create_app
from boardstate.service.http.graphql.app import GraphQLApp
from boardstate.service.settings import Settings
from tests.conftest import unique_prefix
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

SECRET = "secret-internal-state"
WAYS = {"lane": {}, "router": {"origin": "http://elsewhere.test"}}
"""The headers that send a hot route's request through its lane, or through the router."""


def boom(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError(SECRET)


class RealApp:
    """The app as `boardstate serve` runs it, its lifespan's state handed to every request."""

    def __init__(self, app: Starlette, state: dict[str, Any]) -> None:
        self.app = app
        self.state = state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        scope["state"] = dict(self.state)  # what the server does with the lifespan's state
        await self.app(scope, receive, send)

    @property
    def service(self) -> Service:
        service = self.state["service"]
        assert isinstance(service, Service)
        return service

    def graphql(self) -> GraphQLApp:
        [route] = [r for r in self.app.routes if isinstance(r, Route) and r.path == "/graphql"]
        assert isinstance(route.endpoint, GraphQLApp)
        return route.endpoint


@pytest.fixture
async def real(
    redis_server: RedisServer, tmp_path: Path
) -> AsyncIterator[tuple[RealApp, httpx.AsyncClient]]:
    env = {
        "REDIS_URL": redis_server.url,
        "BOARDSTATE_KEY_PREFIX": unique_prefix(),
        "BOARDSTATE_ARCHIVE_STORE": str(tmp_path / "archive"),
    }
    app = create_app(Settings.from_env(env))
    async with app.router.lifespan_context(app) as state:
        assert state is not None
        real = RealApp(app, dict(state))
        transport = httpx.ASGITransport(app=real, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            yield real, http


def assert_problem_500(response: httpx.Response) -> None:
    assert response.status_code == 500, response.text
    assert response.headers["content-type"].startswith("application/problem+json"), response.text
    problem = response.json()
    assert (problem["status"], problem["code"]) == (500, "INTERNAL")
    assert SECRET not in response.text


async def new_game(http: httpx.AsyncClient) -> tuple[str, str]:
    """A new game's id and its first seat's token."""
    body = {"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
    created = await http.post("/v1/games", json=body)
    assert created.status_code == 201, created.text
    answer = created.json()
    return answer["game"]["id"], answer["tokens"][0]["token"]


@pytest.mark.parametrize("way", WAYS)
async def test_a_bug_under_a_move_is_a_problem_500(
    way: str, real: tuple[RealApp, httpx.AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, http = real
    game_id, token = await new_game(http)
    monkeypatch.setattr(app.service.moves, "submit_move", boom)
    move = {"seat": 0, "move": {"type": "pass"}, "moveId": "m-1"}
    headers = {"authorization": f"Bearer {token}", **WAYS[way]}
    answer = await http.post(f"/v1/games/{game_id}/moves", json=move, headers=headers)
    assert_problem_500(answer)


@pytest.mark.parametrize("way", WAYS)
async def test_a_bug_under_a_game_stream_is_a_problem_500(
    way: str, real: tuple[RealApp, httpx.AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, http = real
    game_id, _ = await new_game(http)
    monkeypatch.setattr(app.service.games.loader, "load", boom)
    answer = await http.get(f"/v1/games/{game_id}/events/stream", headers=WAYS[way])
    assert_problem_500(answer)


@pytest.mark.parametrize("way", WAYS)
async def test_a_bug_in_a_graphql_resolver_is_an_error_coded_internal(
    way: str, real: tuple[RealApp, httpx.AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, http = real
    game_id, _ = await new_game(http)
    monkeypatch.setattr(app.service.games.loader, "load", boom)
    query = {"query": "query G($id: ID!) { game(id: $id) { id } }", "variables": {"id": game_id}}
    answer = await http.post("/graphql", json=query, headers=WAYS[way])
    assert answer.status_code == 200, answer.text
    [error] = answer.json()["errors"]
    assert error["extensions"] == {"code": "INTERNAL"}
    assert error["message"] == "Internal error."
    assert SECRET not in answer.text


@pytest.mark.parametrize("way", WAYS)
async def test_a_bug_in_graphql_outside_a_resolver_is_a_problem_500(
    way: str, real: tuple[RealApp, httpx.AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, http = real
    monkeypatch.setattr(app.graphql(), "get_context", boom)
    answer = await http.post("/graphql", json={"query": "{ gameTypes { id } }"}, headers=WAYS[way])
    assert_problem_500(answer)


async def test_a_bug_elsewhere_is_still_no_page(
    real: tuple[RealApp, httpx.AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, http = real
    game_id, _ = await new_game(http)
    monkeypatch.setattr(app.service.games.loader, "load", boom)
    answer = await http.get(f"/v1/games/{game_id}")
    assert_problem_500(answer)
