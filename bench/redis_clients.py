"""Redis clients side by side (issue 32, item 1): client CPU per command, GET and EVALSHA.

```
.venv/bin/python -m bench.redis_clients [--count 20000] [--callers 16] [--rounds 2]
    [--variants redis-py,redis-py-timeouts,service-pool,service-batched,coredis,glide,autopipe]
    [--json]
```

Starts a private non-persistent redis-server (`service_servers.private_redis`), then runs each
client variant in a process of its own (event loops and imports cannot interfere), interleaved
(`a, b, c, … , a, b, c, …` for `--rounds` rounds). In its process a variant runs on uvloop with
`--callers` concurrent asyncio tasks: first `--count` `GET`s of a small key, then `--count`
`EVALSHA`s of a small Lua script shaped like the service's append (three keys of one game, a
move field, a seat and a 300-byte payload; it does an `XADD` and two `HSET`s and answers
`{'ok', id}`). Each kind is warmed up first (a tenth of the count, unmeasured). The figure is
**client CPU µs per command**: `time.process_time()` over the measured commands, which counts
every thread of the process (it matters for clients with a native core and threads of their
own), divided by the count, with its system-time share (`os.times()`); and commands per second
of wall time.

Variants (those whose package is not importable are skipped, saying why; all but `coredis` and
`glide` use project dependencies only):

* `redis-py`: plain `redis.asyncio.Redis.from_url` (hiredis parser, redis-py's default pool,
  no timeouts: no socket timeout means redis-py writes without `asyncio.wait_for`);
* `redis-py-timeouts`: redis-py with the service's options (socket and connect timeouts, no
  retries) on redis-py's own `BlockingConnectionPool` and `Connection`: what the service would
  run without `service/store/pools.py`;
* `service-pool`: the service's own client, built by `service.store.client.connect` (redis-py
  with `WaitingPool` and `DirectConnection`, `service/store/pools.py`): the base of the ratios;
* `service-batched`: the service's client with its `EVALSHA`s through
  `service.store.batched_script.BatchedScript`, the appends' path (the calls of one loop turn in
  one pipeline; its `GET`s are `service-pool`'s);
* `coredis`: `coredis.Redis.from_url` (`pip install coredis`);
* `glide`: valkey-glide's `GlideClient` (Rust core; `pip install valkey-glide`), `get` and
  `custom_command(["EVALSHA", …])`;
* `autopipe`: redis-py on ONE connection, commands issued while a batch is in flight sent
  together as the next batch (a sketch of auto-pipelining, not production code: no timeouts,
  no reconnection).

Every run is checked: each `GET` must answer the value set, each `EVALSHA` `ok`, and after the
run the stream must hold exactly `--count` entries (and the moves hash `--count` fields), so a
variant that did not do the work cannot report a fast figure. The machine is shared: compare
ratios within a round (`× service`: over the service's client in the same round), not figures
across runs.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import importlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import redis

REPO = Path(__file__).resolve().parents[1]
VARIANTS = (
    "redis-py",
    "redis-py-timeouts",
    "service-pool",
    "service-batched",
    "coredis",
    "glide",
    "autopipe",
)
NEEDS = {"coredis": ("coredis", "coredis"), "glide": ("glide", "valkey-glide")}
"""The module each optional variant imports, and the package that has it."""
KINDS = ("get", "evalsha")
VALUE = b"v" * 32
PAYLOAD = b"p" * 300
GET_KEY = "bench:clients:value"
SCRIPT = """\
local id = redis.call('XADD', KEYS[1], '*', 'e', ARGV[3])
redis.call('HSET', KEYS[2], 'version', redis.call('XLEN', KEYS[1]), 'seat', ARGV[2])
redis.call('HSET', KEYS[3], ARGV[1], id)
return {'ok', id}
"""
SHA = hashlib.sha1(SCRIPT.encode()).hexdigest()


def keys(tag: str) -> list[str]:
    """The script's keys for one run: log (stream), meta (hash), moves (hash), one hash tag."""
    return [f"{{bench:clients:{tag}}}:{name}" for name in ("log", "meta", "moves")]


# ---- the child: one variant, one process ---------------------------------------------------

Command = Callable[[int], Awaitable[Any]]
"""Sends command number `i` of a kind and returns its reply."""


@dataclass
class Client:
    """One variant's two commands and how to close it."""

    get: Command
    evalsha: Command
    close: Callable[[], Awaitable[None]]


def script_args(i: int) -> list[bytes]:
    return [f"0:m{i}".encode(), b"0", PAYLOAD]


async def redis_py(url: str, tag: str) -> Client:
    from redis.asyncio import Redis

    client = Redis.from_url(url, decode_responses=False)
    return redis_py_commands(client, tag, client.aclose)


async def redis_py_timeouts(url: str, tag: str) -> Client:
    from redis.asyncio import BlockingConnectionPool, Redis
    from redis.asyncio.retry import Retry
    from redis.backoff import NoBackoff

    pool = BlockingConnectionPool.from_url(
        url,
        max_connections=100,
        timeout=2.0,
        decode_responses=False,
        socket_timeout=5.0,
        socket_connect_timeout=2.0,
        retry=Retry(NoBackoff(), 0),
    )
    client = Redis.from_pool(pool)
    return redis_py_commands(client, tag, client.aclose)


async def service_pool(url: str, tag: str) -> Client:
    from boardstate.service.store.client import connect

    store = connect(url, False)
    return redis_py_commands(store.client, tag, store.close)


async def service_batched(url: str, tag: str) -> Client:
    """The service's client, its `EVALSHA`s through `store.batched_script.BatchedScript` (the
    appends' path: the calls of one loop turn in one pipeline)."""
    from redis.asyncio import Redis

    from boardstate.service.store.batched_script import BatchedScript
    from boardstate.service.store.client import connect

    store = connect(url, False)
    plain = redis_py_commands(store.client, tag, store.close)
    client = store.client
    assert isinstance(client, Redis)  # one server
    batched = BatchedScript(client, client.register_script(SCRIPT))
    names = keys(tag)

    async def evalsha(i: int) -> Any:
        return await batched(names, script_args(i))

    return Client(plain.get, evalsha, store.close)


def redis_py_commands(client: Any, tag: str, close: Callable[[], Awaitable[None]]) -> Client:
    names = keys(tag)

    async def get(i: int) -> Any:
        return await client.get(GET_KEY)

    async def evalsha(i: int) -> Any:
        return await client.execute_command("EVALSHA", SHA, 3, *names, *script_args(i))

    return Client(get, evalsha, close)


async def coredis_client(url: str, tag: str) -> Client:
    coredis = importlib.import_module("coredis")
    client = coredis.Redis.from_url(url, decode_responses=False)
    await client.__aenter__()
    names = keys(tag)

    async def get(i: int) -> Any:
        return await client.get(GET_KEY)

    async def evalsha(i: int) -> Any:
        return await client.evalsha(SHA, keys=names, args=script_args(i))

    async def close() -> None:
        await client.__aexit__(None, None, None)

    return Client(get, evalsha, close)


async def glide_client(url: str, tag: str) -> Client:
    glide = importlib.import_module("glide")
    parts = urlsplit(url)
    address = glide.NodeAddress(parts.hostname or "127.0.0.1", parts.port or 6379)
    client = await glide.GlideClient.create(glide.GlideClientConfiguration([address]))
    names = keys(tag)

    async def get(i: int) -> Any:
        return await client.get(GET_KEY)

    async def evalsha(i: int) -> Any:
        return await client.custom_command(["EVALSHA", SHA, "3", *names, *script_args(i)])

    return Client(get, evalsha, client.close)


class AutoPipeline:
    """Commands on one redis-py connection: those issued while a batch is in flight go out
    together as the next batch (one write, then their replies read in order)."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.queue: list[tuple[tuple[Any, ...], asyncio.Future[Any]]] = []
        self.flusher: asyncio.Task[None] | None = None
        self.batches = 0

    async def execute(self, *args: Any) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.queue.append((args, future))
        if self.flusher is None:
            self.flusher = asyncio.create_task(self.flush())
        return await future

    async def flush(self) -> None:
        connection = self.connection
        batch: list[tuple[tuple[Any, ...], asyncio.Future[Any]]] = []
        try:
            while self.queue:
                batch, self.queue = self.queue, []
                self.batches += 1
                packed = connection.pack_commands([args for args, _ in batch])
                await connection.send_packed_command(packed, False)
                for _, future in batch:
                    try:
                        future.set_result(await connection.read_response())
                    except redis.ResponseError as exc:
                        future.set_exception(exc)
        except BaseException as exc:
            for _, future in batch + self.queue:
                if not future.done():
                    future.set_exception(exc)
            self.queue = []
            raise
        finally:
            self.flusher = None


async def autopipe(url: str, tag: str) -> Client:
    from redis.asyncio import Redis

    client = Redis.from_url(url, decode_responses=False)
    connection = await client.connection_pool.get_connection()  # type: ignore[no-untyped-call]
    pipe = AutoPipeline(connection)
    names = keys(tag)

    async def get(i: int) -> Any:
        return await pipe.execute("GET", GET_KEY)

    async def evalsha(i: int) -> Any:
        return await pipe.execute("EVALSHA", SHA, 3, *names, *script_args(i))

    async def close() -> None:
        await client.connection_pool.release(connection)
        await client.aclose()

    return Client(get, evalsha, close)


BUILDERS: dict[str, Callable[[str, str], Awaitable[Client]]] = {
    "redis-py": redis_py,
    "redis-py-timeouts": redis_py_timeouts,
    "service-pool": service_pool,
    "service-batched": service_batched,
    "coredis": coredis_client,
    "glide": glide_client,
    "autopipe": autopipe,
}


def ok_get(reply: Any) -> bool:
    return bool(reply == VALUE)


def ok_evalsha(reply: Any) -> bool:
    return isinstance(reply, list) and len(reply) == 2 and reply[0] in (b"ok", "ok")


async def drive(
    command: Command, ok: Callable[[Any], bool], count: int, callers: int
) -> dict[str, float]:
    """Runs `count` commands from `callers` concurrent tasks; CPU and wall time of the lot."""
    issued = 0
    good = 0

    async def caller() -> None:
        nonlocal issued, good
        while issued < count:
            i = issued
            issued += 1
            if ok(await command(i)):
                good += 1

    cpu = time.process_time()
    system = os.times().system
    wall = time.perf_counter()
    await asyncio.gather(*(caller() for _ in range(callers)))
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    system = os.times().system - system
    if good != count:
        raise SystemExit(f"only {good} of {count} replies were right")
    return {
        "cpu_us_per_command": cpu / count * 1e6,
        "system_share": system / cpu if cpu > 0 else 0.0,
        "commands_per_s": count / wall,
        "wall_s": wall,
    }


async def child(variant: str, url: str, tag: str, count: int, callers: int) -> dict[str, Any]:
    warm = max(1, count // 10)
    client = await BUILDERS[variant](url, f"{tag}:warm")
    try:
        await drive(client.get, ok_get, warm, callers)
        await drive(client.evalsha, ok_evalsha, warm, callers)
    finally:
        await client.close()
    client = await BUILDERS[variant](url, tag)
    try:
        figures = {
            "get": await drive(client.get, ok_get, count, callers),
            "evalsha": await drive(client.evalsha, ok_evalsha, count, callers),
        }
    finally:
        await client.close()
    return figures


def run_child(args: argparse.Namespace) -> None:
    import uvloop

    figures = uvloop.run(child(args.child, args.url, args.tag, args.count, args.callers))
    print(json.dumps(figures))


# ---- the parent: a private Redis, one process per variant and round -------------------------


def missing(variant: str) -> str | None:
    """Why `variant` cannot run here, or None."""
    if variant not in NEEDS:
        return None
    module, package = NEEDS[variant]
    if importlib.util.find_spec(module) is None:
        return f"{module} is not importable (pip install {package})"
    return None


def one_run(
    variant: str, url: str, tag: str, count: int, callers: int, server: redis.Redis
) -> dict[str, Any]:
    argv = [sys.executable, "-m", "bench.redis_clients", "--child", variant, "--url", url]
    argv += ["--tag", tag, "--count", str(count), "--callers", str(callers)]
    done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise SystemExit(f"{variant} failed:\n{done.stderr[-3000:]}")
    figures: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    log, _, moves = keys(tag)
    entries, fields = server.xlen(log), server.hlen(moves)
    if entries != count or fields != count:
        raise SystemExit(f"{variant}: {entries} stream entries, {fields} moves for {count} calls")
    server.delete(*keys(tag), *keys(f"{tag}:warm"))
    return figures


def measure(args: argparse.Namespace) -> dict[str, Any]:
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        raise SystemExit(f"unknown variants: {', '.join(unknown)} (known: {', '.join(VARIANTS)})")
    skipped = {v: why for v in variants if (why := missing(v)) is not None}
    for variant, why in skipped.items():
        print(f"skipping {variant}: {why}", file=sys.stderr)
    running = [v for v in variants if v not in skipped]
    if not running:
        raise SystemExit("no variant can run here")
    base = "service-pool" if "service-pool" in running else running[0]
    runs: dict[str, list[dict[str, Any]]] = {v: [] for v in running}
    from bench.service_servers import private_redis

    with tempfile.TemporaryDirectory() as tmp, private_redis(Path(tmp)) as url:
        server = redis.Redis.from_url(url)
        server.set(GET_KEY, VALUE)
        if server.script_load(SCRIPT) != SHA:
            raise SystemExit("the server's script digest is not the local one")
        for round_ in range(args.rounds):
            for variant in running:
                tag = f"{variant}:{round_}"
                figures = one_run(variant, url, tag, args.count, args.callers, server)
                runs[variant].append(figures)
                print(f"round {round_ + 1} {variant}: {describe(figures)}", file=sys.stderr)
        server.close()
    return {
        "count": args.count,
        "callers": args.callers,
        "rounds": args.rounds,
        "skipped": skipped,
        "runs": runs,
        "medians": {v: medians(r) for v, r in runs.items()},
        "base": base,
        "cpu_over_base": ratios(runs, base),
    }


def describe(figures: dict[str, Any]) -> str:
    return ", ".join(
        f"{kind} {figures[kind]['cpu_us_per_command']:.1f} µs CPU"
        f" ({figures[kind]['system_share']:.0%} system) {figures[kind]['commands_per_s']:,.0f}/s"
        for kind in KINDS
    )


def medians(runs: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    return {
        kind: {
            name: statistics.median(run[kind][name] for run in runs)
            for name in ("cpu_us_per_command", "system_share", "commands_per_s")
        }
        for kind in KINDS
    }


def ratios(runs: dict[str, list[dict[str, Any]]], base: str) -> dict[str, dict[str, list[float]]]:
    """Each variant's CPU per command over the base variant's in the same round."""
    return {
        variant: {
            kind: [
                run[kind]["cpu_us_per_command"] / ref[kind]["cpu_us_per_command"]
                for run, ref in zip(variant_runs, runs[base], strict=True)
            ]
            for kind in KINDS
        }
        for variant, variant_runs in runs.items()
    }


def table(result: dict[str, Any]) -> str:
    base = result["base"]
    head = f"{result['count']:,} commands of each kind, {result['callers']} callers, "
    head += f"{result['rounds']} rounds; client CPU µs per command (runs), × {base} per round"
    lines = [
        head,
        "",
        f"| client | GET µs CPU | EVALSHA µs CPU | GET × {base} | EVALSHA × {base}"
        " | system share GET, EVALSHA | GET/s | EVALSHA/s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for variant, runs in result["runs"].items():
        ratio = result["cpu_over_base"][variant]
        middle = result["medians"][variant]
        cells = [variant]
        cells += [", ".join(f"{r[k]['cpu_us_per_command']:.1f}" for r in runs) for k in KINDS]
        cells += [", ".join(f"{x:.2f}" for x in ratio[k]) for k in KINDS]
        cells.append(", ".join(f"{middle[k]['system_share']:.0%}" for k in KINDS))
        cells += [", ".join(f"{r[k]['commands_per_s']:,.0f}" for r in runs) for k in KINDS]
        lines.append("| " + " | ".join(cells) + " |")
    for variant, why in result["skipped"].items():
        lines.append(f"\nskipped {variant}: {why}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--callers", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", choices=VARIANTS, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--tag", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run_child(args)
        return
    result = measure(args)
    print(json.dumps(result, indent=2) if args.json else table(result))


if __name__ == "__main__":
    main()
