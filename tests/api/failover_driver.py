"""Players that keep games going through a balancer while Redis fails over, and the ledger of
every move the service acknowledged (to check afterwards that none was lost).

A player retries what the service calls retryable: reads on any retryable error, and a move
whose append is uncertain with the *same* move id and expected version until the service
answers for sure (the original `MoveAccepted`, or a new one if it was never recorded).
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import json
import random
import time
from typing import Any

import httpx

from tests.api.client import SUBMIT

RETRYABLE = frozenset({"STORE_UNAVAILABLE", "APPEND_UNCERTAIN"})
PROXY_ERRORS = frozenset({502, 503, 504})
CREATE = """
mutation($seats: [String!]) {
  createGame(gameType: "trambahn", players: 2, seats: $seats) {
    ... on GameCreated { tokens { token } game { id } }
  }
}"""
STATE = "query($g: ID!) { game(id: $g) { version status toAct } }"
LEGAL = "query($g: ID!, $s: Int!) { game(id: $g) { legalMoves(seat: $s) } }"


class Unexpected(AssertionError):
    """The service answered something a client could not handle by retrying."""


@dataclasses.dataclass
class Ledger:
    """What the players saw: acknowledged events and the retryable errors, with times."""

    acknowledged: dict[str, dict[int, tuple[str, str]]] = dataclasses.field(
        default_factory=lambda: collections.defaultdict(dict)
    )
    """game id -> version -> (moveId, stateHash) of every event of an accepted move."""
    accepted_at: dict[str, list[float]] = dataclasses.field(
        default_factory=lambda: collections.defaultdict(list)
    )
    errors: collections.Counter[str] = dataclasses.field(default_factory=collections.Counter)


class Player:
    """Plays Trambahn games back to back through `base_url` until `stop` is set."""

    def __init__(self, base_url: str, ledger: Ledger, seed: int) -> None:
        self.http = httpx.AsyncClient(base_url=base_url, timeout=15.0, trust_env=False)
        self.ledger = ledger
        self.rnd = random.Random(seed)
        self.games: list[str] = []

    async def call(self, query: str, token: str | None = None, **variables: Any) -> Any:
        """Returns `data`, retrying retryable failures; raises `Unexpected` otherwise."""
        headers = {"authorization": f"Bearer {token}"} if token else {}
        for _ in range(400):
            try:
                response = await self.http.post(
                    "/graphql", json={"query": query, "variables": variables}, headers=headers
                )
            except httpx.TransportError as exc:
                self.ledger.errors[f"transport:{type(exc).__name__}"] += 1
                await asyncio.sleep(0.1)
                continue
            if response.status_code in PROXY_ERRORS:
                self.ledger.errors[f"http:{response.status_code}"] += 1
                await asyncio.sleep(0.1)
                continue
            if response.status_code != 200:
                raise Unexpected(f"HTTP {response.status_code}: {response.text[:500]}")
            body = response.json()
            codes = [(e.get("extensions") or {}).get("code") for e in body.get("errors") or []]
            if not codes:
                return body["data"]
            if not set(codes) <= RETRYABLE:
                raise Unexpected(json.dumps(body["errors"])[:1000])
            for code in codes:
                self.ledger.errors[str(code)] += 1
            await asyncio.sleep(0.1)
        raise Unexpected(f"still failing after many retries: {query[:60]}")

    async def play(self, stop: asyncio.Event) -> None:
        """Creates and plays games until `stop` is set."""
        try:
            while not stop.is_set():
                created = (await self.call(CREATE, seats=["ann", "bob"]))["createGame"]
                game_id = created["game"]["id"]
                self.games.append(game_id)
                tokens = [t["token"] for t in created["tokens"]]
                while not stop.is_set() and await self.move(game_id, tokens):
                    pass
        finally:
            await self.http.aclose()

    async def move(self, game_id: str, tokens: list[str]) -> bool:
        """Makes one move; returns False once the game is over."""
        game = (await self.call(STATE, g=game_id))["game"]
        if game["status"] != "ACTIVE":
            return False
        seat = game["toAct"][0]
        legal = (await self.call(LEGAL, tokens[seat], g=game_id, s=seat))["game"]["legalMoves"]
        move, version = self.rnd.choice(legal), game["version"]
        move_id = f"{game_id}-{version}"
        result = await self.call(
            SUBMIT, tokens[seat], g=game_id, s=seat, m=move, v=version, id=move_id
        )
        outcome = result["submitMove"]
        if outcome["__typename"] != "MoveAccepted":
            raise Unexpected(f"move {move_id}: {outcome}")
        for event in outcome["events"]:
            self.ledger.acknowledged[game_id][event["version"]] = (move_id, event["stateHash"])
        self.ledger.accepted_at[game_id].append(time.monotonic())
        return True


async def stored_log(base_url: str, game_id: str) -> dict[int, tuple[str, str]]:
    """Returns version -> (moveId, stateHash) of a game's exported log."""
    async with httpx.AsyncClient(base_url=base_url, timeout=15.0, trust_env=False) as http:
        response = await http.get(f"/games/{game_id}/log")
    assert response.status_code == 200, response.text
    lines = [json.loads(line) for line in response.text.splitlines() if line]
    return {line["version"]: (line["moveId"], line["stateHash"]) for line in lines}
