"""The Boardstate side of `peer_bench.py`: tables of two clients playing fixed-length matches
in a closed loop through one door, the shape of boardgame.io's `load.js`.

Each table has two clients, one per seat, each with its own connections. A client moves as
soon as the server has told it that its move is due: from its own previous move's answer (a
Trambahn turn is several moves by one seat), or from the event its live stream pushes when the
other seat's move is recorded — the server pushes every event to both clients of the table, as
boardgame.io pushes every update to both sockets. The moves are those of seeded Trambahn games
recorded before the run (`service_games.play_games`); a match is the first `match_moves`
moves of a fresh game with a recorded seed, so every move is legal and accepted. When a match
is over, both clients take the table's next game from a pool created before the clock started
(`created_during_run` counts games the pool was short of).

Doors: `rest` (`POST /v1/games/{id}/moves`, follows over SSE), `graphql` (`submitMove` over
HTTP, follows over SSE), `ws` (one graphql-transport-ws socket per client: `gameEvents`
subscriptions and `submitMove` on the same socket; a socket acts with one seat token, so a
client opens a new socket for each match, as boardgame.io's clients `sync` onto each match),
`socket` (the same on the command socket `/v1/socket`, `bench.peer_command_socket`), and
`moves` (REST moves only: `POST /v1/games/{id}/moves` without any live stream, the other seat
told its move is due by the table in this process as the mover's answer arrives, the shape of
`service_bench.py`'s replay: the server does no push).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.loopback_http import LoopbackHttp
from bench.peer_boardgameio import LoadShape
from bench.peer_clients import GraphqlSocket, SseFollower
from bench.peer_command_socket import CommandSocket
from bench.service_games import GAME_TYPE, Played, create_game, rest_move_body, submit_body
from bench.service_http import BenchError, Target, post

PUSH_DOORS = ("rest", "graphql", "ws", "socket")
"""The doors where the server pushes each event to both clients, as boardgame.io does."""
DOORS = (*PUSH_DOORS, "moves")


@dataclass(eq=False)
class Match:
    """A fresh game with a recorded seed: its id, tokens, version at creation and moves."""

    game_id: str
    tokens: list[str]
    created_version: int
    moves: Sequence[tuple[int, Any, int]]


@dataclass(eq=False)
class Pool:
    """Games created ahead of the clock, handed out to tables in order."""

    target: Target
    sources: Sequence[Played]
    shape: LoadShape
    game_type: str = GAME_TYPE
    ready: list[Match] = field(default_factory=list)
    created_during_run: int = 0
    _next_seed: int = 0

    async def fill(self, count: int, clients: int = 16) -> None:
        """Creates `count` games (untimed), `clients` requests at a time."""
        remaining = [count]

        async def worker() -> None:
            async with self.target.connect() as conn:
                while remaining[0] > 0:
                    remaining[0] -= 1
                    self.ready.append(await self._create(conn))

        await asyncio.gather(*(worker() for _ in range(clients)))

    async def _create(self, conn: Any) -> Match:
        source = self.sources[self._next_seed % len(self.sources)]
        self._next_seed += 1
        fields, tokens = await create_game(conn, source.seed, self.game_type)
        moves = source.moves[: self.shape.match_moves]
        return Match(fields["id"], tokens, fields["version"], moves)

    async def take(self) -> Match:
        """The next game; created now (and counted) when the pool ran dry."""
        if self.ready:
            return self.ready.pop()
        self.created_during_run += 1
        async with self.target.connect() as conn:
            return await self._create(conn)


@dataclass
class Window:
    """The measured window: moves acknowledged inside it and their latencies."""

    recording: bool = False
    running: bool = True
    accepted: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    longest_wait_s: float = 0.0
    """The longest a client waited for the server to tell it its move was due."""

    def waited(self, seconds: float) -> None:
        """Keeps the longest wait for a due move."""
        self.longest_wait_s = max(self.longest_wait_s, seconds)

    def over(self) -> bool:
        """Tells whether the run has ended (the clients stop at their next step)."""
        return not self.running

    def record(self, ms: float) -> None:
        """Counts one accepted move when the window is open."""
        if self.recording:
            self.accepted += 1
            self.latencies_ms.append(ms)


class Table:
    """Two clients playing matches one after the other; hands both the same next match."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.matches: list[asyncio.Future[Match]] = []
        self.clients: list[Client] = []
        self.heads: dict[str, int] = {}
        """Door `moves`: each match's version as the last answer told it."""

    def answered(self, game_id: str, version: int) -> None:
        """Door `moves`: tells both clients on `game_id` that it reached `version`."""
        self.heads[game_id] = max(version, self.heads.get(game_id, 0))
        for client in self.clients:
            if client.game_id == game_id:
                client.seen(version)

    def match(self, number: int) -> asyncio.Future[Match]:
        """The table's `number`-th match (the first client to ask takes it from the pool)."""
        while len(self.matches) <= number:
            self.matches.append(asyncio.ensure_future(self.pool.take()))
        return self.matches[number]


class Client:
    """One seat of a table: waits for its moves to be due, submits them through the door."""

    def __init__(self, table: Table, seat: int, door: str, port: int, window: Window) -> None:
        self.table, self.seat, self.door, self.port, self.window = table, seat, door, port, window
        self.head = 0
        self.game_id = ""
        self.due = asyncio.Event()
        self.http = LoopbackHttp(port)
        self.socket: GraphqlSocket | CommandSocket | None = None

    def seen(self, version: int) -> None:
        """Notes that the game reached `version` (its moves up to it are recorded)."""
        if version > self.head:
            self.head = version
            self.due.set()

    async def run(self) -> None:
        """Plays the table's matches until the run ends."""
        number = 0
        try:
            while self.window.running:
                await self._play(await self.table.match(number))
                number += 1
        finally:
            await self.http.close()
            if self.socket is not None:
                await self.socket.close()

    async def _play(self, match: Match) -> None:
        self.head = max(match.created_version, self.table.heads.get(match.game_id, 0))
        self.game_id = match.game_id
        token = match.tokens[self.seat]
        follower: SseFollower | None = None
        key = ""
        if self.door in ("ws", "socket"):  # a socket acts with one token: one per match
            if self.socket is not None:
                await self.socket.close()
            kind = GraphqlSocket if self.door == "ws" else CommandSocket
            self.socket = kind(self.port, token)
            await self.socket.open()
            key = await self.socket.follow(match.game_id, self.head, self.seen)
        elif self.door != "moves":
            follower = SseFollower(self.port, match.game_id, self.head, token, self.seen)
            await follower.start()
        try:
            for seat, move, version in match.moves:
                if self.window.over():
                    return
                waiting_since = time.perf_counter()
                while self.head < version:
                    if self.window.over():
                        return
                    self.due.clear()
                    await self.due.wait()
                self.window.waited(time.perf_counter() - waiting_since)
                if seat == self.seat:
                    await self._submit(match, move, version)
        finally:
            if follower is not None:
                await follower.close()
            elif self.socket is not None:
                await self.socket.unfollow(key)

    async def _submit(self, match: Match, move: Any, version: int) -> None:
        started = time.perf_counter()
        token = match.tokens[self.seat]
        if self.door in ("rest", "moves"):
            path = f"/v1/games/{match.game_id}/moves"
            request = rest_move_body(self.seat, move, version)
            body, _ = await post(self.http, path, request, token, 201)
            reached = body["version"]
        elif self.door == "graphql":
            body, _ = await post(
                self.http, "/graphql", submit_body(match.game_id, self.seat, move, version), token
            )
            reached = _accepted(body["data"]["submitMove"], version)
        else:
            assert self.socket is not None
            result = await self.socket.submit(match.game_id, self.seat, move, version)
            reached = _accepted(result, version)
        self.window.record((time.perf_counter() - started) * 1000)
        self.seen(reached)
        if self.door == "moves":
            self.table.answered(match.game_id, reached)


def _accepted(result: dict[str, Any], version: int) -> int:
    if result.get("__typename") != "MoveAccepted":
        raise BenchError(f"move at version {version} not accepted: {result}")
    reached: int = result["version"]
    return reached


async def run_tables(
    port: int, door: str, pool: Pool, shape: LoadShape, on_window: Any
) -> tuple[Window, float]:
    """Plays `shape.tables` tables through `door`: warm-up, then the window. `on_window(start)`
    is awaited as the window opens and closes (CPU readings). Returns the window and its
    length in seconds."""
    window = Window()
    clients = []
    for table in (Table(pool) for _ in range(shape.tables)):
        table.clients = [Client(table, seat, door, port, window) for seat in (0, 1)]
        clients += table.clients
    tasks = [asyncio.create_task(c.run()) for c in clients]
    try:
        await asyncio.sleep(shape.warmup_s)
        _raise_failed(tasks)
        await on_window(True)
        window.recording = True
        opened = time.perf_counter()
        await asyncio.sleep(shape.seconds)
        window.recording = False
        length = time.perf_counter() - opened
        await on_window(False)
        _raise_failed(tasks)
    finally:
        window.running = False
        for client in clients:
            client.due.set()
        await asyncio.wait(tasks, timeout=10)
        for task in tasks:
            task.cancel()
    return window, length


def _raise_failed(tasks: Sequence[asyncio.Task[None]]) -> None:
    for task in tasks:
        if task.done() and not task.cancelled() and task.exception() is not None:
            raise BenchError(f"a table client failed: {task.exception()!r}")
