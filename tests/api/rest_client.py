"""A small REST client of `/v1` for the tests (httpx), the twin of `tests.api.client.Api`."""

from __future__ import annotations

from typing import Any

import httpx

from boardstate.service.history.log_format import read_log
from boardstate.service.store import StoredEvent

PROBLEM = "application/problem+json"


class RestError(Exception):
    """A problem+json answer."""

    def __init__(self, response: httpx.Response) -> None:
        super().__init__(f"{response.status_code} {response.text}")
        self.status = response.status_code
        self.body: dict[str, Any] = response.json()
        self.code: str = self.body["code"]


class Rest:
    """A REST client of one server; `token` is sent as the bearer unless overridden."""

    def __init__(self, base_url: str, token: str | None = None) -> None:
        self.http = httpx.AsyncClient(base_url=base_url, timeout=30.0, trust_env=False)
        self.token = token

    def _headers(self, token: str | None, extra: dict[str, str] | None) -> dict[str, str]:
        headers = dict(extra or {})
        bearer = token or self.token
        if bearer:
            headers["authorization"] = f"Bearer {bearer}"
        return headers

    async def request(
        self,
        method: str,
        path: str,
        token: str | None = None,
        headers: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> httpx.Response:
        """The raw response; a problem+json answer is checked for its shape."""
        response = await self.http.request(
            method, "/v1" + path, headers=self._headers(token, headers), **kwargs
        )
        if response.status_code >= 400:
            assert response.headers["content-type"].startswith(PROBLEM), response.text
            body = response.json()
            assert set(body) == {"type", "title", "status", "detail", "code", "details"}, body
            assert body["status"] == response.status_code
        return response

    async def ok(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
        """The JSON body of a 2xx answer; raises `RestError` otherwise."""
        response = await self.request(method, path, token, **kwargs)
        if response.status_code >= 400:
            raise RestError(response)
        return response.json()

    async def create(self, names: list[str] | None = None, **body: Any) -> Any:
        """Creates a game (Trambahn, two seats by default)."""
        payload = {"gameType": "trambahn", "players": 2} | body
        if names is not None:
            payload["seats"] = names
        return await self.ok("POST", "/games", json=payload)

    async def new_game(self, seed: str | None = None) -> tuple[str, list[str]]:
        """A two-seat game with both seats filled: its id and the tokens."""
        created = await self.create(["ann", "bob"], seed=seed)
        return created["game"]["id"], [t["token"] for t in created["tokens"]]

    async def game(self, game_id: str) -> Any:
        return await self.ok("GET", f"/games/{game_id}")

    async def legal_moves(self, game_id: str, seat: int, token: str | None = None) -> list[Any]:
        body = await self.ok("GET", f"/games/{game_id}/legal-moves", token, params={"seat": seat})
        moves: list[Any] = body["moves"]
        return moves

    async def move(
        self,
        game_id: str,
        seat: int,
        move: Any,
        token: str | None = None,
        headers: dict[str, str] | None = None,
        **body: Any,
    ) -> httpx.Response:
        """The raw answer to a move (body: expectedVersion, moveId, dryRun; headers:
        Idempotency-Key, If-Match)."""
        payload = {"seat": seat, "move": move} | body
        return await self.request(
            "POST", f"/games/{game_id}/moves", token, headers=headers, json=payload
        )

    async def events(self, game_id: str, token: str | None = None, **params: Any) -> Any:
        return await self.ok("GET", f"/games/{game_id}/events", token, params=params)

    async def stored_log(self, game_id: str) -> list[StoredEvent]:
        """The game's exported log (`GET /v1/games/{id}/log`) as stored events."""
        response = await self.http.get(f"/v1/games/{game_id}/log")
        return read_log(response.content)

    async def close(self) -> None:
        await self.http.aclose()
