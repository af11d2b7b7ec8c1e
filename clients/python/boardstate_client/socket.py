"""The command socket (`/v1/socket`, subprotocol `boardstate.v1`; docs/socket.md): moves and
pushes on one websocket, sync (`CommandSocket`) and asyncio (`AsyncCommandSocket`).

A refused message raises `ProblemError` with the same typed `code` (and `status`, `details`)
the REST route answers. A message refused `RATE_LIMITED` (refused before any work, so a move too
may be sent again) is sent again after its `details.retryAfter`, as `connect`'s calls are
(`retry`: a `RetryPolicy`, `DEFAULT_RETRY` by default; `RetryPolicy(max_attempts=1)` turns it
off). Pushes (`event` and `unsubscribed` messages) are read with
`next_push`: `{"type": "event", "gameId": ..., "event": {...the SSE event with its header}}`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import json
import time
from typing import Any

import websockets
from boardstate_api.models.problem_out import ProblemOut
from websockets.sync.client import ClientConnection, connect

from boardstate_client.errors import ProblemError
from boardstate_client.retry import DEFAULT_RETRY, RetryInfo, RetryPolicy, bounded_wait

PROTOCOL = "boardstate.v1"
PING_EVERY_S = 30.0
"""The sockets ping this often while waiting (the server closes a socket silent for 120 s)."""
Message = dict[str, Any]
PUSHES = frozenset({"event", "unsubscribed"})


def socket_url(base_url: str) -> str:
    """`http(s)://host[:port]` → `ws(s)://host[:port]/v1/socket`."""
    base = base_url.rstrip("/")
    if base.startswith("https://"):
        return "wss://" + base.removeprefix("https://") + "/v1/socket"
    return "ws://" + base.removeprefix("http://") + "/v1/socket"


def _refused(message: Message) -> ProblemError:
    problem = {
        "type": "about:blank",
        "title": message["code"],
        "status": message["status"],
        "detail": message["message"],
        "code": message["code"],
        "details": message.get("details"),
    }
    return ProblemError(ProblemOut.from_dict(problem))


def _retry_wait(
    policy: RetryPolicy, url: str, answer: Message, attempt: int, waited: float
) -> float | None:
    """The wait before sending again a message answered `answer` (attempt `attempt`, `waited`
    seconds of waiting already): its `details.retryAfter` when it was refused `RATE_LIMITED`;
    None when it was not, or when the policy's bounds are reached."""
    if answer.get("type") != "error" or answer.get("code") != "RATE_LIMITED":
        return None
    after = (answer.get("details") or {}).get("retryAfter")
    seconds = max(0.0, float(after)) if isinstance(after, int | float) else None
    wait = bounded_wait(policy, attempt, waited, seconds)
    if wait is not None and policy.on_retry is not None:
        status = answer.get("status")
        info = RetryInfo("SOCKET", url, attempt, wait, status, "RATE_LIMITED", None)
        policy.on_retry(info)
    return wait


def _move(game_id: str, seat: int, move: Any, **options: Any) -> Message:
    message: Message = {"type": "move", "gameId": game_id, "seat": seat, "move": move}
    names = {"expected_version": "expectedVersion", "move_id": "moveId", "dry_run": "dryRun"}
    names["minimal"] = "minimal"
    for name, value in options.items():
        if value is not None:
            message[names[name]] = value
    return message


class CommandSocket:
    """A blocking command socket: each call sends one message and reads until its answer;
    pushes read meanwhile are kept for `next_push`."""

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        timeout: float = 30.0,
        retry: RetryPolicy = DEFAULT_RETRY,
    ) -> None:
        self.timeout = timeout
        self.retry = retry
        self.url = socket_url(base_url)
        self._ids = itertools.count(1)
        self._pushes: collections.deque[Message] = collections.deque()
        opened = connect(
            self.url,
            subprotocols=[websockets.Subprotocol(PROTOCOL)],
            open_timeout=timeout,
        )
        # entered as a context manager: websockets 17.1 warns when a connection is used bare
        self._socket: ClientConnection = opened.__enter__()
        self.welcome = self._read(timeout)
        if self.welcome.get("type") != "welcome":
            raise _refused(self.welcome)
        if token is not None:
            self._socket.send(json.dumps({"type": "hello", "token": token}))

    def __enter__(self) -> CommandSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _read(self, timeout: float | None) -> Message:
        message: Message = json.loads(self._socket.recv(timeout))
        return message

    def _call(self, message: Message) -> Message:
        waited = 0.0
        for attempt in itertools.count(1):
            answer = self._ask(message)
            wait = _retry_wait(self.retry, self.url, answer, attempt, waited)
            if wait is None:
                if answer["type"] == "error":
                    raise _refused(answer)
                return answer
            waited += wait
            time.sleep(wait)
        raise AssertionError("unreachable")

    def _ask(self, message: Message) -> Message:
        """Sends `message` once; its answer (an `error` too)."""
        key = f"c{next(self._ids)}"
        self._socket.send(json.dumps({**message, "id": key}))
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._read(max(deadline - time.monotonic(), 0.001))
            if answer.get("id") == key:
                return answer
            if answer["type"] == "error" and answer.get("id") is None:
                raise _refused(answer)
            if answer["type"] in PUSHES:
                self._pushes.append(answer)

    def subscribe(self, game_id: str, after: int = 0, with_state: bool = False) -> None:
        """Follows `game_id`'s events after version `after` (read them with `next_push`)."""
        self._call(
            {"type": "subscribe", "gameId": game_id, "after": after, "withState": with_state}
        )

    def unsubscribe(self, game_id: str) -> None:
        """Stops following `game_id`."""
        self._call({"type": "unsubscribe", "gameId": game_id})

    def submit_move(
        self,
        game_id: str,
        seat: int,
        move: Any,
        expected_version: int | None = None,
        move_id: str | None = None,
        dry_run: bool = False,
        minimal: bool = False,
    ) -> Message:
        """Submits a move; returns the `accepted` message (REST's `MoveAccepted` fields), or with
        `minimal` the `acceptedMinimal` one (REST's `MoveMinimal`: version, events, header)."""
        options = {"expected_version": expected_version, "move_id": move_id, "dry_run": dry_run}
        options["minimal"] = minimal or None
        return self._call(_move(game_id, seat, move, **options))

    def legal_moves(self, game_id: str, seat: int) -> Message:
        """The seat's legal moves (`version`, `moves`, `describe`)."""
        return self._call({"type": "legalMoves", "gameId": game_id, "seat": seat})

    def ping(self) -> None:
        """Keeps the socket from its idle timeout."""
        self._call({"type": "ping"})

    def next_push(self, timeout: float | None = None) -> Message:
        """The next `event` (or `unsubscribed`) message; raises `TimeoutError` after `timeout`
        (None: waits as long as it takes, pinging every `PING_EVERY_S` meanwhile)."""
        if self._pushes:
            return self._pushes.popleft()
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = PING_EVERY_S if deadline is None else deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no push within the timeout")
            try:
                message = self._read(min(left, PING_EVERY_S))
            except TimeoutError:
                self._socket.send('{"type":"ping"}')  # keeps a waiting socket from its idle close
                continue
            if message["type"] == "error" and message.get("id") is None:
                raise _refused(message)
            if message["type"] in PUSHES:
                return message

    def close(self) -> None:
        """Closes the socket (the server ends its subscriptions)."""
        self._socket.close()


class AsyncCommandSocket:
    """The command socket for asyncio: calls may run concurrently (answers are matched by
    `id`); pushes queue up for `next_push`. Open it with `await AsyncCommandSocket.open(...)`."""

    def __init__(
        self, connection: Any, timeout: float, retry: RetryPolicy = DEFAULT_RETRY, url: str = ""
    ) -> None:
        self._socket = connection
        self.timeout = timeout
        self.retry = retry
        self.url = url
        self._ids = itertools.count(1)
        self._replies: dict[str, asyncio.Future[Message]] = {}
        self._pushes: asyncio.Queue[Message | BaseException] = asyncio.Queue()
        self._reader = asyncio.create_task(self._read())
        self._pinger = asyncio.create_task(self._ping())
        self.welcome: Message = {}

    @classmethod
    async def open(
        cls,
        base_url: str,
        token: str | None = None,
        timeout: float = 30.0,  # noqa: ASYNC109 (every call's wait, not one call's)
        retry: RetryPolicy = DEFAULT_RETRY,
    ) -> AsyncCommandSocket:
        """Connects, reads `welcome`, and sends `hello` with `token` (a seat or player token)."""
        url = socket_url(base_url)
        connection = await websockets.connect(
            url,
            subprotocols=[websockets.Subprotocol(PROTOCOL)],
            open_timeout=timeout,
        )
        welcome = json.loads(await asyncio.wait_for(connection.recv(), timeout))
        if welcome.get("type") != "welcome":
            await connection.close()
            raise _refused(welcome)
        if token is not None:
            await connection.send(json.dumps({"type": "hello", "token": token}))
        socket = cls(connection, timeout, retry, url)
        socket.welcome = welcome
        return socket

    async def __aenter__(self) -> AsyncCommandSocket:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _read(self) -> None:
        try:
            async for raw in self._socket:
                message: Message = json.loads(raw)
                key = message.get("id")
                reply = self._replies.pop(key, None) if isinstance(key, str) else None
                if reply is not None:
                    if not reply.done():
                        reply.set_result(message)
                elif message["type"] == "pong":
                    continue  # the answer to the keep-alive ping
                elif message["type"] == "error":
                    await self._pushes.put(_refused(message))
                else:
                    await self._pushes.put(message)
        except websockets.ConnectionClosed as exc:
            await self._pushes.put(exc)
        finally:
            gone = ConnectionError("the command socket closed")
            for reply in self._replies.values():
                if not reply.done():
                    reply.set_exception(gone)
            await self._pushes.put(gone)

    async def _ping(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(PING_EVERY_S)
                await self._socket.send('{"type":"ping"}')

    async def _call(self, message: Message) -> Message:
        waited = 0.0
        for attempt in itertools.count(1):
            answer = await self._ask(message)
            wait = _retry_wait(self.retry, self.url, answer, attempt, waited)
            if wait is None:
                if answer["type"] == "error":
                    raise _refused(answer)
                return answer
            waited += wait
            await asyncio.sleep(wait)
        raise AssertionError("unreachable")

    async def _ask(self, message: Message) -> Message:
        """Sends `message` once; its answer (an `error` too)."""
        key = f"c{next(self._ids)}"
        reply: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._replies[key] = reply
        await self._socket.send(json.dumps({**message, "id": key}))
        answer: Message = await asyncio.wait_for(reply, self.timeout)
        return answer

    async def subscribe(self, game_id: str, after: int = 0, with_state: bool = False) -> None:
        """Follows `game_id`'s events after version `after` (read them with `next_push`)."""
        message = {"type": "subscribe", "gameId": game_id, "after": after, "withState": with_state}
        await self._call(message)

    async def unsubscribe(self, game_id: str) -> None:
        """Stops following `game_id`."""
        await self._call({"type": "unsubscribe", "gameId": game_id})

    async def submit_move(
        self,
        game_id: str,
        seat: int,
        move: Any,
        expected_version: int | None = None,
        move_id: str | None = None,
        dry_run: bool = False,
        minimal: bool = False,
    ) -> Message:
        """Submits a move; returns the `accepted` message (REST's `MoveAccepted` fields), or with
        `minimal` the `acceptedMinimal` one (REST's `MoveMinimal`: version, events, header)."""
        options = {"expected_version": expected_version, "move_id": move_id, "dry_run": dry_run}
        options["minimal"] = minimal or None
        return await self._call(_move(game_id, seat, move, **options))

    async def legal_moves(self, game_id: str, seat: int) -> Message:
        """The seat's legal moves (`version`, `moves`, `describe`)."""
        return await self._call({"type": "legalMoves", "gameId": game_id, "seat": seat})

    async def ping(self) -> None:
        """Answered `pong`."""
        await self._call({"type": "ping"})

    async def next_push(self, timeout: float | None = None) -> Message:  # noqa: ASYNC109
        """The next `event` (or `unsubscribed`) message; raises `TimeoutError` after `timeout`,
        the connection's error once it has closed."""
        item = await asyncio.wait_for(self._pushes.get(), timeout)
        if isinstance(item, BaseException):
            await self._pushes.put(item)  # every later call learns it too
            raise item
        return item

    async def close(self) -> None:
        """Closes the socket (the server ends its subscriptions)."""
        self._pinger.cancel()
        await self._socket.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader
