"""Helpers of the adversarial tests: a game to aim at, and the shape every answer must have."""

from __future__ import annotations

from typing import Any

import httpx

CREATE = """mutation($players: Int!, $seats: [String!]) {
  createGame(gameType: "trambahn", players: $players, seats: $seats) {
    ... on GameCreated { game { id } tokens { seat token } }
    ... on Rejected { code message }
  }
}"""


async def new_game(client: httpx.AsyncClient) -> tuple[str, str]:
    """Creates a started two-player game; returns its id and seat 0's token."""
    body = {"query": CREATE, "variables": {"players": 2, "seats": ["Ann", "Bob"]}}
    answer = (await client.post("/graphql", json=body)).json()
    created = answer["data"]["createGame"]
    return created["game"]["id"], created["tokens"][0]["token"]


def assert_typed(response: httpx.Response) -> dict[str, Any]:
    """Asserts an answer is not a 5xx, is JSON, and that every error in it carries a code
    (a GraphQL error's `extensions.code`, a rejection's `code`, or an HTTP error's `code`);
    returns the body."""
    assert response.status_code < 500, (response.status_code, response.text[:500])
    body = response.json()
    assert isinstance(body, dict), body
    for error in body.get("errors") or []:
        assert isinstance(error.get("message"), str), error
        assert "Internal error" not in error["message"], error
        code = (error.get("extensions") or {}).get("code")
        assert code or "locations" in error, error  # graphql-core's validation errors
    if response.status_code >= 400 and "errors" not in body:
        assert body.get("code") or body.get("error", {}).get("code"), body
    return body
