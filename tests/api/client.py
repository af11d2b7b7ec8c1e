"""Small API clients for the tests: GraphQL over HTTP (httpx) and graphql-transport-ws by hand."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Subprotocol

GAME_FIELDS = "id status version toAct seats { index name joined }"
RESULT = """
  __typename
  ... on MoveAccepted { version dryRun events { version type seat moveId data stateHash } }
  ... on Rejected { code message details }
  ... on VersionConflict { expectedVersion currentVersion }
"""
SUBMIT = f"""
mutation($g: ID!, $s: Int!, $m: JSON!, $v: Int, $id: String, $dry: Boolean! = false) {{
  submitMove(gameId: $g, seat: $s, move: $m, expectedVersion: $v, moveId: $id, dryRun: $dry) {{
    {RESULT}
  }}
}}"""


class GraphQLErrors(Exception):
    """The response carried top-level errors."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__(json.dumps(errors))
        self.errors = errors

    @property
    def codes(self) -> list[Any]:
        """The `extensions.code` of each error."""
        return [(e.get("extensions") or {}).get("code") for e in self.errors]


class Api:
    """A GraphQL client of one server."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = httpx.AsyncClient(base_url=base_url, timeout=30.0, trust_env=False)

    async def raw(self, query: str, token: str | None = None, **variables: Any) -> dict[str, Any]:
        """Returns the whole response body."""
        headers = {"authorization": f"Bearer {token}"} if token else {}
        response = await self.http.post(
            "/graphql", json={"query": query, "variables": variables}, headers=headers
        )
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    async def gql(self, query: str, token: str | None = None, **variables: Any) -> dict[str, Any]:
        """Returns `data`; raises `GraphQLErrors` when there are errors."""
        body = await self.raw(query, token, **variables)
        if body.get("errors"):
            raise GraphQLErrors(body["errors"])
        data: dict[str, Any] = body["data"]
        return data

    async def create(self, names: list[str] | None = None, **kwargs: Any) -> dict[str, Any]:
        """Creates a Trambahn game; returns the `createGame` result."""
        query = f"""
        mutation($t: ID!, $p: Int!, $o: JSON, $seed: String, $seats: [String!]) {{
          createGame(gameType: $t, players: $p, options: $o, seed: $seed, seats: $seats) {{
            __typename
            ... on GameCreated {{ tokens {{ seat token }} game {{ {GAME_FIELDS} }} }}
            ... on Rejected {{ code message details }}
          }}
        }}"""
        variables: dict[str, Any] = {"t": "trambahn", "p": 2, "seats": names} | kwargs
        result: dict[str, Any] = (await self.gql(query, None, **variables))["createGame"]
        return result

    async def new_game(self, seed: str | None = None) -> tuple[str, list[str]]:
        """Creates a two-seat game with both seats filled; returns its id and the tokens."""
        created = await self.create(["ann", "bob"], seed=seed)
        assert created["__typename"] == "GameCreated", created
        return created["game"]["id"], [t["token"] for t in created["tokens"]]

    async def join(self, game_id: str, name: str, seat: int | None = None) -> dict[str, Any]:
        """Returns the `joinGame` result."""
        query = f"""
        mutation($g: ID!, $n: String!, $s: Int) {{
          joinGame(gameId: $g, name: $n, seat: $s) {{
            __typename
            ... on SeatJoined {{ seat token game {{ {GAME_FIELDS} }} }}
            ... on Rejected {{ code message details }}
          }}
        }}"""
        result: dict[str, Any] = (await self.gql(query, g=game_id, n=name, s=seat))["joinGame"]
        return result

    async def submit(
        self, game_id: str, seat: int, move: Any, token: str | None, **kwargs: Any
    ) -> dict[str, Any]:
        """Returns the `submitMove` result (kwargs: v, id, dry)."""
        result = await self.gql(SUBMIT, token, g=game_id, s=seat, m=move, **kwargs)
        out: dict[str, Any] = result["submitMove"]
        return out

    async def game(self, game_id: str, fields: str = GAME_FIELDS, token: str | None = None) -> Any:
        """Returns `game(id)` with the given selection."""
        query = f"query($g: ID!) {{ game(id: $g) {{ {fields} }} }}"
        return (await self.gql(query, token, g=game_id))["game"]

    async def legal_moves(self, game_id: str, seat: int, token: str) -> list[Any]:
        """Returns the seat's legal moves."""
        query = "query($g: ID!, $s: Int!) { game(id: $g) { legalMoves(seat: $s) } }"
        moves: list[Any] = (await self.gql(query, token, g=game_id, s=seat))["game"]["legalMoves"]
        return moves

    async def close(self) -> None:
        """Closes the connection pool."""
        await self.http.aclose()


SUBSCRIBE = """
subscription($g: ID!, $after: Int) {
  gameEvents(gameId: $g, afterVersion: $after) { version type seat moveId data at stateHash }
}"""


class Events:
    """The events a subscription received; `next()` raises what the server reported."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[Any] = asyncio.Queue()

    async def next(self, wait: float = 10.0) -> dict[str, Any] | None:
        """Returns the next event, or None when the subscription completed."""
        item = await asyncio.wait_for(self.queue.get(), wait)
        if isinstance(item, Exception):
            raise item
        return item  # type: ignore[no-any-return]

    async def take(self, count: int, wait: float = 10.0) -> list[dict[str, Any]]:
        """Returns the next `count` events (waiting up to `wait` seconds for each)."""
        out: list[dict[str, Any]] = []
        for _ in range(count):
            event = await self.next(wait)
            assert event is not None, f"completed after {len(out)} of {count} events"
            out.append(event)
        return out

    async def rest(self, wait: float = 10.0) -> list[dict[str, Any]]:
        """Returns every event until the subscription completes."""
        out: list[dict[str, Any]] = []
        while (event := await self.next(wait)) is not None:
            out.append(event)
        return out


@contextlib.asynccontextmanager
async def subscription(
    ws_url: str,
    game_id: str,
    after: int | None = None,
    payload: dict[str, Any] | None = None,
    query: tuple[str, str, dict[str, Any]] | None = None,
    headers: dict[str, str] | None = None,
) -> AsyncIterator[Events]:
    """Subscribes to `gameEvents` over graphql-transport-ws (connection_init carries `payload`);
    `query` (document, root field, variables) subscribes to something else instead; `headers`
    go with the handshake."""
    protocols = [Subprotocol("graphql-transport-ws")]
    async with connect(
        ws_url, subprotocols=protocols, proxy=None, additional_headers=headers
    ) as ws:
        await ws.send(json.dumps({"type": "connection_init", "payload": payload or {}}))
        ack = json.loads(await ws.recv())
        assert ack["type"] == "connection_ack", ack
        document, field, variables = query or (
            SUBSCRIBE,
            "gameEvents",
            {"g": game_id, "after": after},
        )
        body = {"query": document, "variables": variables}
        await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": body}))
        events = Events()
        reader = asyncio.create_task(_read(ws, events.queue, field))
        try:
            yield events
        finally:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader


async def _read(ws: ClientConnection, queue: asyncio.Queue[Any], field: str) -> None:
    try:
        async for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "ping":
                await ws.send(json.dumps({"type": "pong"}))
            elif kind == "next":
                payload = message["payload"]
                if payload.get("errors"):
                    await queue.put(GraphQLErrors(payload["errors"]))
                else:
                    await queue.put(payload["data"][field])
            elif kind == "error":
                await queue.put(GraphQLErrors(message["payload"]))
            elif kind == "complete":
                await queue.put(None)
                return
    except Exception as exc:
        await queue.put(exc)
