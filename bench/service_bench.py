"""Service benchmark: Trambahn games played over HTTP against the real service, and baselines.

One run starts a private, non-persistent Redis (`EmbeddedRedis` in a temporary directory) and
three servers as subprocesses, each one uvicorn worker started with the same `uvicorn.run`
settings as `boardstate serve`:

* the service: `python -m service.cli serve` (what `make run` starts) with `REDIS_URL` pointing
  at that Redis and logging at WARNING;
* the baseline: a bare Starlette `POST /xadd` endpoint (in this file) that parses the JSON body
  and does one `XADD`;
* the reference: a bare strawberry mutation (in this file) doing one `XADD`, with the parser
  and validation caches: the issue's yardstick (about 0.37 of the baseline on 2 cores).

Clients keep one HTTP/1.1 keep-alive connection each, loopback only. `--client raw` (default)
is a minimal asyncio HTTP/1.1 client on uvloop; `--client httpx` uses `httpx.AsyncClient`,
which costs about as much CPU per request as the baseline server itself, so on a small
machine it caps the baseline and flatters the ratio (see bench/README.md).

Phases, in order:

1. play: `--clients` concurrent clients create `--games` games (`createGame(seats:)`, seeded)
   and play each to the end: `legalMoves` for the seat to act, a seeded-random legal move,
   `submitMove` with `expectedVersion` (the seat to act next comes back in its result). Reports
   the full loop and the submitMove round trips within it.
2. replay (the headline): the same games are created again with the same seeds (fresh ids;
   the server's randomness derives from the seed and the version, so the recorded moves are
   legal again) and the clients submit the recorded moves back to back. Only `submitMove`
   round trips are timed and counted: accepted moves/s, p50/p99.
3. baseline and reference: the same number of requests from the same number of clients with
   the same request bodies, once right before and once right after the replay (the machine
   may be loaded by others); ratios are replay moves/s over the mean of the two.
4. history probes, one client, nothing else running: for each of the longest games, the first
   10% of its moves against the last 10%, interleaved (one copy of the game is first advanced
   untimed to its last 10%, then moves of a fresh copy and of the advanced one alternate, so
   both see the same background load); and `state(version: k)` of the longest finished game
   for k = 5, the middle, the last-but-one and the last version (25 interleaved rounds).

Throughput counts the requests completed while every client was busy (until the first one ran
out of work), so the tail of a phase, with fewer requests in flight, does not dilute it.
Server CPU seconds per request (from /proc) are reported beside throughput: they depend much
less than req/s on what else runs on the machine. Under load a request's latency is mostly
queueing behind the other clients' requests; the JSON keeps the loaded early/late split
(`early_late_longest_under_load`) but it is confounded by the number of requests in flight.

Usage: .venv/bin/python bench/service_bench.py [--games 32] [--clients 16] [--seconds 20]
       [--client raw|httpx] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any, Protocol

import httpx
import strawberry
import uvloop
from strawberry.extensions import ParserCache, SchemaExtension, ValidationCache
from strawberry.scalars import JSON

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.embedded_redis import EmbeddedRedis, free_port

REPO = Path(__file__).resolve().parents[1]
SERVICE_ARGV = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1"]
"""`boardstate serve` (the port is appended)."""
BARE_ARGV = [sys.executable, str(Path(__file__).resolve()), "--serve"]
"""This file serving `baseline` or `reference` (the kind and the port are appended)."""
GAME_TYPE = "trambahn"
SEATS = ["ann", "bob"]
READY_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 10.0
REQUEST_TIMEOUT_S = 30.0
STATE_ROUNDS = 25
SOLO_GAMES = 4
TARGET_RATIO = 0.3

CREATE = """
mutation($t: ID!, $p: Int!, $seed: String, $seats: [String!]) {
  createGame(gameType: $t, players: $p, seed: $seed, seats: $seats) {
    __typename
    ... on GameCreated { tokens { seat token } game { id version status toAct } }
    ... on Rejected { code message }
  }
}"""
LEGAL = "query($g: ID!, $s: Int!) { game(id: $g) { legalMoves(seat: $s) } }"
SUBMIT = """
mutation($g: ID!, $s: Int!, $m: JSON!, $v: Int) {
  submitMove(gameId: $g, seat: $s, move: $m, expectedVersion: $v) {
    __typename
    ... on MoveAccepted { version events { version type seat data } game { status toAct } }
    ... on Rejected { code message }
    ... on VersionConflict { expectedVersion currentVersion }
  }
}"""
REFERENCE_SUBMIT = """
mutation($g: ID!, $s: Int!, $m: JSON!, $v: Int) {
  submitMove(gameId: $g, seat: $s, move: $m, expectedVersion: $v)
}"""
STATE = "query($g: ID!, $k: Int) { game(id: $g) { version state(version: $k) } }"


# -- figures -------------------------------------------------------------------------------
def percentile(values: Sequence[float], q: float) -> float:
    """Returns the `q` quantile (0..1) of `values` by nearest rank (NaN when empty)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q * len(ordered) + 0.5) - 1))
    return ordered[rank]


def latency(values_ms: Sequence[float]) -> dict[str, float]:
    """Returns count, p50, p99 and mean of latencies in milliseconds."""
    return {
        "count": len(values_ms),
        "p50_ms": round(percentile(values_ms, 0.50), 3),
        "p99_ms": round(percentile(values_ms, 0.99), 3),
        "mean_ms": round(statistics.fmean(values_ms), 3) if values_ms else float("nan"),
    }


def ratio(a: float, b: float) -> float:
    """Returns a / b rounded (NaN when b is 0)."""
    return round(a / b, 3) if b else float("nan")


class CpuClock:
    """CPU seconds used by the server processes, Redis and this process, between two reads."""

    def __init__(self, pids: dict[str, int], redis_url: str) -> None:
        self.pids = pids
        self.redis_url = redis_url
        self.tick = os.sysconf("SC_CLK_TCK")

    def _process_cpu(self, pid: int) -> float:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / self.tick  # utime, stime

    async def _redis_cpu(self) -> float:
        import redis.asyncio

        client = redis.asyncio.Redis.from_url(self.redis_url)
        try:
            info = await client.info("cpu")
        finally:
            await client.aclose()
        return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])

    async def read(self) -> dict[str, float]:
        """Returns the CPU seconds used so far by each process."""
        out = {name: self._process_cpu(pid) for name, pid in self.pids.items()}
        out["redis"] = await self._redis_cpu()
        out["client"] = time.process_time()
        return out

    @staticmethod
    def spent(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
        """Returns the CPU seconds used between two reads."""
        return {name: round(after[name] - before[name], 3) for name in before}


# -- the bare servers (run by `--serve baseline|reference PORT`) ---------------------------
_BARE: dict[str, Any] = {}
"""The Redis client of the bare server running in this process."""


async def _xadd(variables: dict[str, Any]) -> str:
    stream = f"bench:{{bare}}:{variables.get('g', 'none')}"
    entry = await _BARE["redis"].xadd(stream, {"e": json.dumps(variables)})
    return entry.decode() if isinstance(entry, bytes) else str(entry)


@strawberry.type
class ReferenceQuery:
    @strawberry.field
    def ok(self) -> bool:
        return True


@strawberry.type
class ReferenceMutation:
    @strawberry.mutation
    async def submit_move(
        self, game_id: strawberry.ID, seat: int, move: JSON, expected_version: int | None = None
    ) -> str:
        variables = {"g": str(game_id), "s": seat, "m": move, "v": expected_version}
        return await _xadd(variables)


def bare_app(kind: str, redis_url: str) -> Any:
    """Returns the baseline (Starlette + XADD) or the reference (strawberry + XADD) app."""
    import redis.asyncio
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route
    from strawberry.asgi import GraphQL

    _BARE["redis"] = redis.asyncio.Redis.from_url(redis_url, decode_responses=False)

    async def xadd(request: Request) -> Response:
        body = await request.json()
        entry_id = await _xadd(body.get("variables") or {})
        return JSONResponse({"data": {"xadd": {"id": entry_id}}})

    async def readyz(request: Request) -> Response:
        await _BARE["redis"].ping()
        return JSONResponse({"status": "ready"})

    routes = [Route("/readyz", readyz)]
    if kind == "baseline":
        routes.append(Route("/xadd", xadd, methods=["POST"]))
    else:
        extensions: list[Callable[[], SchemaExtension]] = [
            partial(ParserCache, maxsize=256),
            partial(ValidationCache, maxsize=256),
        ]
        schema = strawberry.Schema(
            query=ReferenceQuery, mutation=ReferenceMutation, extensions=extensions
        )
        routes.append(Route("/graphql", GraphQL[None, None](schema), methods=["GET", "POST"]))
    return Starlette(routes=routes)


def serve_bare(kind: str, port: int) -> None:
    """Serves a bare app on 127.0.0.1:`port` the way `boardstate serve` serves the service."""
    import uvicorn

    app = bare_app(kind, os.environ["REDIS_URL"])
    uvicorn.run(app, host="127.0.0.1", port=port, log_config=None, access_log=False)


# -- server processes ----------------------------------------------------------------------
class Server:
    """A server subprocess on a free loopback port, its output in `log_path`."""

    def __init__(
        self, name: str, argv: Callable[[int], list[str]], env: dict[str, str], log_dir: Path
    ) -> None:
        self.name = name
        self.argv = argv
        self.env = env
        self.port = 0
        self.log_path = log_dir / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The base URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        """The process id."""
        assert self.process is not None
        return self.process.pid

    def start(self) -> Server:
        """Starts the process and waits for `/readyz`; retries on a taken port."""
        for _ in range(3):
            self.port = free_port()
            with self.log_path.open("ab") as log:
                self.process = subprocess.Popen(
                    self.argv(self.port), cwd=REPO, env=self.env, stdout=log, stderr=log
                )
            if self._wait_ready():
                return self
            self.stop()
        raise RuntimeError(f"{self.name} did not start:\n{self.log_tail()}")

    def log_tail(self) -> str:
        """Returns the end of the server's output."""
        try:
            return self.log_path.read_text(errors="replace")[-3000:]
        except OSError:
            return "(no log)"

    def _wait_ready(self) -> bool:
        deadline = time.monotonic() + READY_TIMEOUT_S
        with httpx.Client(trust_env=False, timeout=1.0) as client:
            while time.monotonic() < deadline:
                if self.process is None or self.process.poll() is not None:
                    return False
                try:
                    if client.get(f"{self.url}/readyz").status_code == 200:
                        return True
                except httpx.HTTPError:
                    pass
                time.sleep(0.05)
        return False

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after a while; waits for the process."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


# -- HTTP clients --------------------------------------------------------------------------
class BenchError(RuntimeError):
    """A server answered something a correct run never gets."""


class Connection(Protocol):
    """One keep-alive connection: POST a JSON body, get the status and the body."""

    async def post(self, path: str, body: bytes, token: str | None) -> tuple[int, bytes]: ...


class RawConnection:
    """A minimal HTTP/1.1 client on one connection (Content-Length or chunked responses)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str):
        self.reader = reader
        self.writer = writer
        self.host = host

    async def post(self, path: str, body: bytes, token: str | None) -> tuple[int, bytes]:
        auth = f"authorization: Bearer {token}\r\n" if token else ""
        head = (
            f"POST {path} HTTP/1.1\r\nhost: {self.host}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\n{auth}\r\n"
        )
        self.writer.write(head.encode("latin-1") + body)
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        length: int | None = None
        chunked = False
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding" and b"chunked" in value.lower():
                chunked = True
        if length is not None:
            return status, await self.reader.readexactly(length)
        if not chunked:
            raise BenchError(f"{path}: response without a length")
        parts: list[bytes] = []
        while size := int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16):
            parts.append(await self.reader.readexactly(size))
            await self.reader.readexactly(2)
        await self.reader.readuntil(b"\r\n")
        return status, b"".join(parts)


class HttpxConnection:
    """`httpx.AsyncClient` limited to one keep-alive connection."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def post(self, path: str, body: bytes, token: str | None) -> tuple[int, bytes]:
        headers = {"content-type": "application/json"}
        if token:
            headers["authorization"] = f"Bearer {token}"
        response = await self.client.post(path, content=body, headers=headers)
        return response.status_code, response.content


@dataclass(frozen=True)
class Target:
    """A server's base URL and how to open client connections to it."""

    host: str
    port: int
    client: str = "raw"

    @contextlib.asynccontextmanager
    async def connect(self) -> AsyncIterator[Connection]:
        """Opens one keep-alive connection."""
        if self.client == "httpx":
            limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
            async with httpx.AsyncClient(
                base_url=f"http://{self.host}:{self.port}",
                timeout=REQUEST_TIMEOUT_S,
                trust_env=False,
                limits=limits,
            ) as client:
                yield HttpxConnection(client)
            return
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            yield RawConnection(reader, writer, f"{self.host}:{self.port}")
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()


async def post(
    conn: Connection, path: str, body: dict[str, Any], token: str | None = None
) -> tuple[dict[str, Any], float]:
    """POSTs `body` as JSON; returns the decoded answer and the round trip in milliseconds."""
    payload = json.dumps(body).encode()
    started = time.perf_counter()
    status, raw = await asyncio.wait_for(conn.post(path, payload, token), REQUEST_TIMEOUT_S)
    elapsed = (time.perf_counter() - started) * 1000
    if status != 200:
        raise BenchError(f"{path}: HTTP {status}: {raw[:500]!r}")
    decoded: dict[str, Any] = json.loads(raw)
    if decoded.get("errors"):
        raise BenchError(f"{path}: {json.dumps(decoded['errors'])[:500]}")
    return decoded, elapsed


# -- load ----------------------------------------------------------------------------------
class Load:
    """A closed-loop run of `clients` workers: latencies and the steady window.

    The window runs from the start until the first worker runs out of work (or the deadline):
    throughput counts the requests completed in it, so the tail where fewer than `clients`
    requests are in flight does not dilute it.
    """

    def __init__(self, clients: int, seconds: float) -> None:
        self.clients = clients
        self.deadline = time.monotonic() + seconds
        self.started = time.perf_counter()
        self.latencies_ms: list[float] = []
        self.finished_at: list[float] = []
        self.first_idle: float | None = None
        self.ended = self.started

    @property
    def open(self) -> bool:
        """Tells whether the deadline has not passed."""
        return time.monotonic() < self.deadline

    def record(self, ms: float) -> None:
        """Counts one timed request that just completed."""
        self.latencies_ms.append(ms)
        self.finished_at.append(time.perf_counter())

    async def run(self, worker: Callable[[], Awaitable[int]]) -> Load:
        """Runs `clients` copies of `worker()` (which returns how many requests it timed)."""

        async def tracked() -> None:
            if await worker() and self.first_idle is None:
                self.first_idle = time.perf_counter()

        self.started = time.perf_counter()
        await asyncio.gather(*(tracked() for _ in range(self.clients)))
        self.ended = time.perf_counter()
        return self

    def figures(self) -> dict[str, Any]:
        """Returns the request count, the steady throughput and the overall one, latencies."""
        window_end = self.first_idle or self.ended
        in_window = sum(1 for t in self.finished_at if t <= window_end)
        window = window_end - self.started
        total = self.ended - self.started
        return {
            "requests": len(self.latencies_ms),
            "seconds": round(total, 3),
            "per_s": round(in_window / window, 1) if window > 0 else float("nan"),
            "per_s_overall": round(len(self.latencies_ms) / total, 1) if total else float("nan"),
            "steady_seconds": round(window, 3),
            "latency": latency(self.latencies_ms),
        }


def submit_body(game_id: str, seat: int, move: Any, version: int) -> dict[str, Any]:
    """Returns the JSON body of a submitMove request."""
    return {"query": SUBMIT, "variables": {"g": game_id, "s": seat, "m": move, "v": version}}


@dataclass(eq=False)
class Played:
    """One game of the play phase: the moves submitted and what each took."""

    index: int
    seed: str
    moves: list[tuple[int, Any, int]] = field(default_factory=list)
    """(seat, move, expectedVersion) of each accepted move, in order."""
    submit_ms: list[float] = field(default_factory=list)
    game_id: str = ""
    finished: bool = False
    final_version: int = 0


@dataclass(eq=False)
class Replayed:
    """A fresh game with the seed of `source`, and the latency of each move replayed into it."""

    source: Played
    game_id: str
    tokens: list[str]
    submit_ms: list[float] = field(default_factory=list)


async def create_game(conn: Connection, seed: str) -> tuple[dict[str, Any], list[str]]:
    """Creates a seeded game with every seat filled; returns its game fields and tokens."""
    variables = {"t": GAME_TYPE, "p": len(SEATS), "seed": seed, "seats": SEATS}
    body, _ = await post(conn, "/graphql", {"query": CREATE, "variables": variables})
    created = body["data"]["createGame"]
    if created["__typename"] != "GameCreated":
        raise BenchError(f"createGame: {created}")
    tokens = [t["token"] for t in sorted(created["tokens"], key=lambda t: t["seat"])]
    return created["game"], tokens


async def play_games(target: Target, load: Load, games: int) -> tuple[list[Played], list[float]]:
    """Phase 1: plays seeded games to the end; returns them and the legalMoves latencies.

    `load` times the submitMove round trips; the legalMoves ones are returned apart.
    """
    pending = list(range(games))
    played: list[Played] = []
    legal_ms: list[float] = []

    async def worker() -> int:
        count = 0
        async with target.connect() as conn:
            while pending and load.open:
                game = Played(index := pending.pop(0), f"bench-{index}")
                played.append(game)
                fields, tokens = await create_game(conn, game.seed)
                game.game_id = fields["id"]
                version, status, to_act = fields["version"], fields["status"], fields["toAct"]
                rnd = random.Random(game.seed)
                while status == "ACTIVE" and load.open:
                    seat = to_act[0]
                    query = {"query": LEGAL, "variables": {"g": game.game_id, "s": seat}}
                    body, ms = await post(conn, "/graphql", query, tokens[seat])
                    legal_ms.append(ms)
                    move = rnd.choice(body["data"]["game"]["legalMoves"])
                    request = submit_body(game.game_id, seat, move, version)
                    body, ms = await post(conn, "/graphql", request, tokens[seat])
                    result = body["data"]["submitMove"]
                    if result["__typename"] != "MoveAccepted":
                        raise BenchError(f"game {game.index}, version {version}: {result}")
                    load.record(ms)
                    count += 1
                    game.moves.append((seat, move, version))
                    game.submit_ms.append(ms)
                    version = result["version"]
                    status, to_act = result["game"]["status"], result["game"]["toAct"]
                game.finished = status == "FINISHED"
                game.final_version = version
        return count

    await load.run(worker)
    return played, legal_ms


async def prepare_replays(target: Target, clients: int, games: Sequence[Played]) -> list[Replayed]:
    """Creates a fresh game with the same seed for each game (not timed), in order."""
    out: dict[int, Replayed] = {}
    queue = list(enumerate(games))

    async def worker() -> None:
        async with target.connect() as conn:
            while queue:
                position, source = queue.pop(0)
                fields, tokens = await create_game(conn, source.seed)
                out[position] = Replayed(source, fields["id"], tokens)

    await asyncio.gather(*(worker() for _ in range(clients)))
    return [out[i] for i in range(len(games))]


async def submit_next(conn: Connection, game: Replayed) -> float:
    """Submits the next recorded move of `game.source` to `game`; returns the round trip (ms)."""
    seat, move, version = game.source.moves[len(game.submit_ms)]
    request = submit_body(game.game_id, seat, move, version)
    body, ms = await post(conn, "/graphql", request, game.tokens[seat])
    result = body["data"]["submitMove"]
    if result["__typename"] != "MoveAccepted":
        raise BenchError(f"replay of game {game.source.index}, version {version}: {result}")
    game.submit_ms.append(ms)
    return ms


async def replay_moves(
    conn: Connection, game: Replayed, load: Load | None, stop: int | None = None
) -> None:
    """Submits the recorded moves of `game.source` to `game` (up to move `stop`)."""
    stop = len(game.source.moves) if stop is None else stop
    while len(game.submit_ms) < stop:
        if load is not None and not load.open:
            return
        ms = await submit_next(conn, game)
        if load is not None:
            load.record(ms)


async def replay_games(target: Target, load: Load, games: Sequence[Replayed]) -> None:
    """Phase 2: submits every recorded move, `load.clients` games at a time."""
    queue = list(games)

    async def worker() -> int:
        count = 0
        async with target.connect() as conn:
            while queue and load.open:
                game = queue.pop(0)
                await replay_moves(conn, game, load)
                count += len(game.submit_ms)
        return count

    await load.run(worker)


async def bare_load(
    target: Target, path: str, load: Load, bodies: Sequence[dict[str, Any]]
) -> None:
    """Phase 3: POSTs every body to a bare server, `load.clients` requests in flight."""
    queue = iter(bodies)

    async def worker() -> int:
        count = 0
        async with target.connect() as conn:
            for body in queue:
                if not load.open:
                    break
                _, ms = await post(conn, path, body, "bench-bare-token")
                load.record(ms)
                count += 1
        return count

    await load.run(worker)


def early_late(games: Sequence[list[float]]) -> dict[str, Any]:
    """Returns the first 10% and the last 10% of the moves of each game, and the p50 ratio."""
    early: list[float] = []
    late: list[float] = []
    for submit_ms in games:
        tenth = max(1, len(submit_ms) // 10)
        early += submit_ms[:tenth]
        late += submit_ms[-tenth:]
    return {
        "games": len(games),
        "moves_per_game": [len(g) for g in games],
        "early": latency(early),
        "late": latency(late),
        "ratio_late_over_early_p50": ratio(percentile(late, 0.5), percentile(early, 0.5)),
    }


def longest(games: Sequence[Played], share: float = 0.25) -> list[Played]:
    """Returns the longest finished games, longest first (the top `share`, at least one)."""
    finished = sorted((g for g in games if g.finished), key=lambda g: -len(g.moves))
    return finished[: max(1, round(len(finished) * share))] if finished else []


async def history_probe(target: Target, games: Sequence[Played]) -> dict[str, Any]:
    """Times the first 10% of the moves of each game against the last 10%, interleaved.

    Each game is replayed twice: one copy is first advanced (untimed) to its last 10%; then a
    move of the fresh copy and a move of the advanced one alternate, so both see the same
    background load.
    """
    early: list[float] = []
    late: list[float] = []
    async with target.connect() as conn:
        for source in games:
            tenth = max(1, len(source.moves) // 10)
            fresh, advanced = await prepare_replays(target, 1, [source, source])
            await replay_moves(conn, advanced, None, stop=len(source.moves) - tenth)
            for _ in range(tenth):
                early.append(await submit_next(conn, fresh))
                late.append(await submit_next(conn, advanced))
    return {
        "games": len(games),
        "moves_per_game": [len(g.moves) for g in games],
        "early": latency(early),
        "late": latency(late),
        "ratio_late_over_early_p50": ratio(percentile(late, 0.5), percentile(early, 0.5)),
    }


async def state_probe(target: Target, game: Played) -> dict[str, Any]:
    """Times `state(version: k)` of a finished game for small to large k, interleaved."""
    last = game.final_version
    ks = sorted({5, last // 2, last - 1, last})
    times: dict[int, list[float]] = {k: [] for k in ks}
    async with target.connect() as conn:
        for _ in range(STATE_ROUNDS):
            for k in ks:
                body = {"query": STATE, "variables": {"g": game.game_id, "k": k}}
                _, ms = await post(conn, "/graphql", body)
                times[k].append(ms)
    p50 = {k: percentile(v, 0.5) for k, v in times.items()}
    return {
        "game_version": last,
        "rounds": STATE_ROUNDS,
        "by_k": {str(k): latency(v) for k, v in times.items()},
        "ratio_last_over_5_p50": ratio(p50[last], p50[5]),
        "ratio_last_minus_1_over_5_p50": ratio(p50[last - 1], p50[5]),
    }


# -- the run -------------------------------------------------------------------------------
@dataclass
class Servers:
    """The running servers and Redis."""

    service: Server
    baseline: Server
    reference: Server
    redis_url: str


async def run(servers: Servers, args: argparse.Namespace) -> dict[str, Any]:
    """Runs every phase; returns the figures."""

    def target(server: Server) -> Target:
        return Target("127.0.0.1", server.port, args.client)

    service = target(servers.service)
    pids = {s.name: s.pid for s in (servers.service, servers.baseline, servers.reference)}
    cpu = CpuClock(pids, servers.redis_url)
    out: dict[str, Any] = {
        "config": {
            "clients": args.clients,
            "games": args.games,
            "seconds": args.seconds,
            "client": args.client,
            "cpus": os.cpu_count(),
            "loadavg_1m_at_start": round(os.getloadavg()[0], 2),
        }
    }

    # 1. play: the full loop (legalMoves + submitMove)
    before = await cpu.read()
    load = Load(args.clients, args.seconds)
    played, legal_ms = await play_games(service, load, args.games)
    spent = CpuClock.spent(before, await cpu.read())
    figures = load.figures()
    moves = figures["requests"]
    out["play"] = {
        "games": len(played),
        "finished": sum(g.finished for g in played),
        "moves": moves,
        "seconds": figures["seconds"],
        "moves_per_s": figures["per_s"],
        "moves_per_s_overall": figures["per_s_overall"],
        "requests_per_s_overall": round((moves + len(legal_ms)) / figures["seconds"], 1),
        "submit": figures["latency"],
        "legal_moves": latency(legal_ms),
        "cpu_s": spent,
        "server_cpu_ms_per_move": round(spent["service"] * 1000 / max(1, moves), 3),
        "early_late_longest_under_load": early_late([g.submit_ms for g in longest(played)]),
    }
    sources = [g for g in played if g.moves]
    bodies = [submit_body("replay", s, m, v) for g in sources for s, m, v in g.moves]
    bare = {
        "baseline": ("/xadd", bodies),
        "reference": (
            "/graphql",
            [{"query": REFERENCE_SUBMIT, "variables": b["variables"]} for b in bodies],
        ),
    }
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "reference": []}

    async def run_bare(name: str, count: int) -> None:
        server = servers.baseline if name == "baseline" else servers.reference
        path, requests = bare[name]
        before = await cpu.read()
        load = Load(args.clients, args.seconds)
        await bare_load(target(server), path, load, requests[:count])
        spent = CpuClock.spent(before, await cpu.read())
        figures = load.figures()
        figures["cpu_s"] = spent
        figures["server_cpu_ms_per_request"] = round(
            spent[name] * 1000 / max(1, figures["requests"]), 4
        )
        runs[name].append(figures)

    # 2 and 3. replay (submitMove only), between runs of the bare servers with the same bodies
    replays = await prepare_replays(service, args.clients, sources)
    await run_bare("baseline", len(bodies))
    await run_bare("reference", len(bodies))
    before = await cpu.read()
    load = Load(args.clients, args.seconds)
    await replay_games(service, load, replays)
    spent = CpuClock.spent(before, await cpu.read())
    figures = load.figures()
    await run_bare("reference", figures["requests"])
    await run_bare("baseline", figures["requests"])
    chosen = {id(g) for g in longest(played)}
    out["replay"] = {
        "moves": figures["requests"],
        "seconds": figures["seconds"],
        "moves_per_s": figures["per_s"],
        "moves_per_s_overall": figures["per_s_overall"],
        "submit": figures["latency"],
        "cpu_s": spent,
        "server_cpu_ms_per_move": round(spent["service"] * 1000 / max(1, figures["requests"]), 3),
        "early_late_longest_under_load": early_late(
            [r.submit_ms for r in replays if id(r.source) in chosen]
        ),
    }
    for name, measured in runs.items():
        out[name] = {
            "runs": measured,
            "requests_per_s": round(statistics.fmean(r["per_s"] for r in measured), 1),
            "server_cpu_ms_per_request": round(
                statistics.fmean(r["server_cpu_ms_per_request"] for r in measured), 4
            ),
        }
    rate, cost = out["replay"]["moves_per_s"], out["replay"]["server_cpu_ms_per_move"]
    base, ref = out["baseline"], out["reference"]
    out["ratio"] = {
        "service_over_baseline_throughput": ratio(rate, base["requests_per_s"]),
        "reference_over_baseline_throughput": ratio(ref["requests_per_s"], base["requests_per_s"]),
        "service_over_reference_throughput": ratio(rate, ref["requests_per_s"]),
        "baseline_over_service_server_cpu": ratio(base["server_cpu_ms_per_request"], cost),
        "reference_over_service_server_cpu": ratio(ref["server_cpu_ms_per_request"], cost),
        "target": TARGET_RATIO,
    }

    # 4. history probes: one client, no other load
    chosen_games = longest(played)[:SOLO_GAMES]
    out["solo_early_late"] = await history_probe(service, chosen_games)
    if chosen_games:
        out["state_version"] = await state_probe(service, chosen_games[0])
    return out


def _ms(figures: dict[str, Any]) -> str:
    return f"p50 {figures['p50_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms"


def report(out: dict[str, Any]) -> str:
    """Returns the figures as text."""
    config, play, replay = out["config"], out["play"], out["replay"]
    lines = [
        f"service benchmark: {GAME_TYPE}, {config['clients']} clients ({config['client']}), "
        f"{config['games']} games, {config['cpus']} CPUs, "
        f"load average {config['loadavg_1m_at_start']} at start",
        f"play (legalMoves + submitMove): {play['games']} games ({play['finished']} finished), "
        f"{play['moves']} moves in {play['seconds']:.1f} s: {play['moves_per_s']:.0f} moves/s "
        f"({play['moves_per_s_overall']:.0f} overall, {play['requests_per_s_overall']:.0f} "
        f"req/s); server CPU {play['server_cpu_ms_per_move']} ms/move",
        f"  submitMove {_ms(play['submit'])}; legalMoves {_ms(play['legal_moves'])}",
        f"replay (submitMove only): {replay['moves']} moves in {replay['seconds']:.1f} s: "
        f"{replay['moves_per_s']:.0f} accepted moves/s "
        f"({replay['moves_per_s_overall']:.0f} overall), {_ms(replay['submit'])}; "
        f"server CPU {replay['server_cpu_ms_per_move']} ms/move",
    ]
    for name, label in (("baseline", "Starlette + XADD"), ("reference", "strawberry + XADD")):
        for i, run in enumerate(out[name]["runs"], start=1):
            lines.append(
                f"{name} {i} ({label}): {run['requests']} requests in {run['seconds']:.1f} s: "
                f"{run['per_s']:.0f} req/s, {_ms(run['latency'])}; "
                f"server CPU {run['server_cpu_ms_per_request']} ms/request"
            )
        lines.append(
            f"{name} mean: {out[name]['requests_per_s']:.0f} req/s, "
            f"server CPU {out[name]['server_cpu_ms_per_request']} ms/request"
        )
    ratios = out["ratio"]
    lines += [
        f"RATIO service / baseline throughput: {ratios['service_over_baseline_throughput']:.3f} "
        f"(target >= {ratios['target']}); reference / baseline: "
        f"{ratios['reference_over_baseline_throughput']:.3f}; service / reference: "
        f"{ratios['service_over_reference_throughput']:.3f}",
        f"server CPU per request, baseline / service: "
        f"{ratios['baseline_over_service_server_cpu']:.3f}; reference / service: "
        f"{ratios['reference_over_service_server_cpu']:.3f}",
    ]
    solo = out["solo_early_late"]
    lengths = solo["moves_per_game"] or [0]
    lines.append(
        f"early vs late moves (one client, interleaved; {solo['games']} longest games, "
        f"{min(lengths)}-{max(lengths)} moves): early {_ms(solo['early'])}; "
        f"late {_ms(solo['late'])}; late/early p50 {solo['ratio_late_over_early_p50']:.2f}"
    )
    if "state_version" in out:
        probe = out["state_version"]
        by_k = ", ".join(f"k={k}: {v['p50_ms']:.2f}" for k, v in probe["by_k"].items())
        lines += [
            f"state(version: k), one client, finished game at version {probe['game_version']}, "
            f"p50 ms: {by_k}",
            f"  k=last / k=5: {probe['ratio_last_over_5_p50']:.2f}; "
            f"k=last-1 / k=5: {probe['ratio_last_minus_1_over_5_p50']:.2f}",
        ]
    return "\n".join(lines)


def _stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def _server_env(redis_url: str) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_") and k != "REDIS_URL"
    }
    env.update(
        REDIS_URL=redis_url,
        BOARDSTATE_KEY_PREFIX="bs-bench",
        BOARDSTATE_LOG_LEVEL="WARNING",
        BOARDSTATE_LOG_FORMAT="json",
        BOARDSTATE_ALLOW_CLIENT_SEEDS="1",
        PYTHONPATH=str(REPO),
    )
    return env


@contextlib.contextmanager
def started_servers(tmp: Path) -> Iterator[Servers]:
    """Starts Redis and the three servers; stops all of them however the run ends."""
    redis_server = EmbeddedRedis(tmp / "redis", persistent=False)
    started: list[Server] = []

    def start(server: Server) -> Server:
        started.append(server)
        return server.start()

    try:
        redis_server.start()
        env = _server_env(redis_server.url)
        yield Servers(
            service=start(Server("service", lambda p: [*SERVICE_ARGV, "--port", str(p)], env, tmp)),
            baseline=start(
                Server("baseline", lambda p: [*BARE_ARGV, "baseline", str(p)], env, tmp)
            ),
            reference=start(
                Server("reference", lambda p: [*BARE_ARGV, "reference", str(p)], env, tmp)
            ),
            redis_url=redis_server.url,
        )
    finally:
        for server in reversed(started):
            server.stop()
        redis_server.stop()


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the benchmark and prints the figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=32, help="games to play (default 32)")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (16)")
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="time cap of each loaded phase (20)"
    )
    parser.add_argument(
        "--client", choices=("raw", "httpx"), default="raw", help="HTTP client (raw)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--serve", nargs=2, metavar=("KIND", "PORT"), help=argparse.SUPPRESS
    )  # internal: runs a bare server
    args = parser.parse_args(argv)
    if args.serve:
        kind, port = args.serve
        if kind not in ("baseline", "reference"):
            parser.error(f"--serve {kind}: expected baseline or reference")
        serve_bare(kind, int(port))
        return 0
    if args.clients < 1 or args.seconds <= 0:
        parser.error("--clients and --seconds must be positive")
    if args.games < args.clients:
        parser.error("--games must be at least --clients (every client plays its own games)")
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    with (
        tempfile.TemporaryDirectory(prefix="bs-bench-") as tmp,
        started_servers(Path(tmp)) as servers,
    ):
        try:
            out = uvloop.run(run(servers, args))
        except KeyboardInterrupt:
            print("service_bench: interrupted", file=sys.stderr)
            return 130
        except BenchError as exc:
            print(f"service_bench: {exc}", file=sys.stderr)
            print(servers.service.log_tail(), file=sys.stderr)
            return 1
    print(json.dumps(out, indent=2) if args.json else report(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
