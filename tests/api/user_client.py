"""A client with a user's manners, for the tests of the defaults (issue 37, item 10: every door
with the limits and budgets a user gets).

A `User` comes from a loopback address of its own (its own address budget, as two people at two
homes), sends at most one request every `PACE_S` per token (under a seat token's 30 a second by
default), over REST, GraphQL over HTTP, graphql-sse, Server-Sent Events and graphql-transport-ws
(`GraphQLSocket`), and keeps every refusal for the limits it meets in `limited` (`RATE_LIMITED`,
`TOO_MANY_STREAMS` or any 429): the tests assert there is none."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
import websockets
from websockets.typing import Subprotocol

from tests.api.sse_client import Stream

PACE_S = 0.04
"""At most one request every 40 ms per token (25 a second)."""
LIMITS = frozenset({"RATE_LIMITED", "TOO_MANY_STREAMS", "QUOTA_EXCEEDED"})
"""The codes of a refusal for the limits."""

Follow = Callable[[], Awaitable[dict[str, Any] | None]]
"""The next event of a game's stream (with its `header`), None once it has ended."""
Act = Callable[[int, int], Awaitable[int]]
"""Plays seat `seat`'s turn at `version`; returns the version whose header is the next turn."""


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"authorization": f"Bearer {token}"}


class User:
    """One user of the service: an address, its tokens, its manners."""

    def __init__(self, url: str, address: str) -> None:
        self.url = url
        self.address = address
        transport = httpx.AsyncHTTPTransport(local_address=address)
        self.http = httpx.AsyncClient(
            base_url=url, transport=transport, timeout=30.0, trust_env=False
        )
        self.limited: list[str] = []
        """Every refusal for the limits met (the tests expect none)."""
        self.used: dict[str | None, int] = {}
        """The points used in each token's window (None: the address's), as last reported."""
        self._sent: dict[str | None, float] = {}

    async def pace(self, token: str | None) -> None:
        """Waits until `PACE_S` after the last request sent with `token`."""
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, self._sent.get(token, 0.0) + PACE_S - loop.time()))
        self._sent[token] = loop.time()

    def note(self, status: int, code: Any, what: str) -> None:
        """Keeps a refusal for the limits."""
        if status == 429 or code in LIMITS:
            self.limited.append(f"{what}: {status} {code}")

    def _noted(self, answer: httpx.Response, token: str | None, what: str) -> None:
        if "x-ratelimit-used" in answer.headers:
            self.used[token] = int(answer.headers["x-ratelimit-used"])
        code = None
        if answer.status_code >= 400 and "json" in answer.headers.get("content-type", ""):
            body = json.loads(answer.content or b"{}")
            code = body.get("code") if isinstance(body, dict) else None
        self.note(answer.status_code, code, what)

    async def request(
        self, method: str, path: str, token: str | None = None, **kwargs: Any
    ) -> httpx.Response:
        """A REST request with `token` as the bearer."""
        await self.pace(token)
        headers = kwargs.pop("headers", {}) | bearer(token)
        answer = await self.http.request(method, path, headers=headers, **kwargs)
        self._noted(answer, token, f"{method} {path}")
        return answer

    async def ok(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
        """The JSON body of a 2xx answer."""
        answer = await self.request(method, path, token, **kwargs)
        assert answer.is_success, f"{method} {path}: {answer.status_code} {answer.text}"
        return answer.json()

    async def gql(self, query: str, token: str | None = None, **variables: Any) -> Any:
        """GraphQL over HTTP: the `data` (errors fail the test)."""
        answer = await self.request(
            "POST", "/graphql", token, json={"query": query, "variables": variables}
        )
        body = answer.json()
        for error in body.get("errors") or ():
            self.note(answer.status_code, (error.get("extensions") or {}).get("code"), "graphql")
        assert answer.status_code == 200, answer.text
        assert not body.get("errors"), answer.text
        return body["data"]

    @contextlib.asynccontextmanager
    async def stream(
        self, path: str, token: str | None = None, body: Any = None
    ) -> AsyncIterator[Stream]:
        """An event stream (`GET path`; with `body`, graphql-sse: `POST path`), read as it
        comes; leaving the block drops it."""
        await self.pace(token)
        headers = bearer(token) | {"accept": "text/event-stream"}
        method = "GET" if body is None else "POST"
        async with self.http.stream(method, path, headers=headers, json=body) as answer:
            if answer.status_code != 200:
                await answer.aread()
            self._noted(answer, token, f"stream {path}")
            assert answer.status_code == 200, f"{path}: {answer.status_code} {answer.text}"
            stream = Stream(answer)
            reader = asyncio.create_task(stream.read())
            try:
                yield stream
            finally:
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await reader

    async def close(self) -> None:
        await self.http.aclose()


class GraphQLSocket:
    """graphql-transport-ws on one websocket from the user's address, acting with one token
    (`connection_init`'s): queries and mutations (`execute`) and subscriptions (`subscribe`)
    side by side, each message paced as a request."""

    def __init__(self, user: User, token: str | None, socket: Any) -> None:
        self.user = user
        self.token = token
        self.socket = socket
        self.queues: dict[str, asyncio.Queue[dict[str, Any] | None]] = {}
        self.ids = itertools.count(1)
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, user: User, token: str | None = None) -> GraphQLSocket:
        await user.pace(token)
        socket = await websockets.connect(
            user.url.replace("http://", "ws://") + "/graphql",
            subprotocols=[Subprotocol("graphql-transport-ws")],
            proxy=None,
            local_addr=(user.address, 0),
        )
        payload = {} if token is None else {"authorization": f"Bearer {token}"}
        await socket.send(json.dumps({"type": "connection_init", "payload": payload}))
        ack = json.loads(await socket.recv())
        assert ack["type"] == "connection_ack", ack
        return cls(user, token, socket)

    async def _read(self) -> None:
        async for raw in self.socket:
            message = json.loads(raw)
            if message["type"] == "ping":
                await self.socket.send(json.dumps({"type": "pong"}))
                continue
            queue = self.queues.get(message.get("id", ""))
            if queue is None:
                continue
            if message["type"] == "next":
                await queue.put(message["payload"])
            elif message["type"] == "error":
                await queue.put({"errors": message["payload"]})
                await queue.put(None)
            elif message["type"] == "complete":
                await queue.put(None)

    async def _start(self, query: str, variables: dict[str, Any]) -> asyncio.Queue[Any]:
        key = str(next(self.ids))
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.queues[key] = queue
        await self.user.pace(self.token)
        body = {"query": query, "variables": variables}
        await self.socket.send(json.dumps({"id": key, "type": "subscribe", "payload": body}))
        return queue

    def _data(self, payload: dict[str, Any]) -> Any:
        for error in payload.get("errors") or ():
            self.user.note(200, (error.get("extensions") or {}).get("code"), "graphql-ws")
        assert not payload.get("errors"), payload
        return payload["data"]

    async def execute(self, query: str, **variables: Any) -> Any:
        """A query or mutation: its `data`."""
        queue = await self._start(query, variables)
        payload = await asyncio.wait_for(queue.get(), 30)
        assert payload is not None, "completed without a result"
        return self._data(payload)

    async def subscribe(self, query: str, field: str, **variables: Any) -> Follow:
        """Starts a subscription; the returned function gives its next `field` value (None once
        it has completed)."""
        queue = await self._start(query, variables)

        async def follow() -> dict[str, Any] | None:
            payload = await asyncio.wait_for(queue.get(), 30)
            if payload is None:
                return None
            value: dict[str, Any] = self._data(payload)[field]
            return value

        return follow

    async def close(self) -> None:
        await self.socket.close()
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.reader


async def play_from(follow: Follow, act: Act) -> list[dict[str, Any]]:
    """Plays a game from its stream: at the header of a move's last event that leaves a seat to
    act, `act` plays that seat's turn. Returns every event the stream gave, to its end."""
    seen: list[dict[str, Any]] = []
    turn_at = 0
    while (event := await follow()) is not None:
        seen.append(event)
        header = event["header"]
        if header["status"] == "ACTIVE" and header["toAct"] and event["version"] >= turn_at:
            turn_at = await act(header["toAct"][0], event["version"])
    return seen
