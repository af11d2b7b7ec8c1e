"""Matchmaking benchmark (issue 30, item 3): time from a matching seek to the game's start.

Starts a redis-server (`tests.redis_support`) and two replicas (`tests.api.server`, uvicorn as
deployed) on it with one key prefix. For each of `--pairs` pairs of fresh players, the first
posts a seek to replica A (it waits, `open`), then the second posts the matching seek to
replica B: the time measured runs from sending that second seek until its answer arrives, which
is when the game exists and has started (the replica that makes the match creates the game
before answering; the script checks `status: ACTIVE` afterwards, outside the timing). Pairs run
`--concurrency` at a time, each in its own pool (distinct options). The baseline, in the same
run: `POST /v1/games` with both seats named (a game that starts at once), timed the same way.

Figures: p50, p99 and max in ms, for seeks and the baseline, and their ratio. A match whose
replica dies before creating its game is created by another replica after the lease
(`BOARDSTATE_MATCH_LEASE_MS`, 10 s) plus at most one `matchmaker` poll (5 s): not measured here.

Usage: .venv/bin/python -m bench.matchmaking_bench [--pairs 200] [--concurrency 8] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from typing import Any

import httpx

from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer


def quantiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "n": len(ordered),
        "p50_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(p99, 2),
        "max_ms": round(ordered[-1], 2),
    }


async def player(http: httpx.AsyncClient) -> dict[str, str]:
    answer = await http.post("/v1/players")
    answer.raise_for_status()
    token = answer.json()["token"]
    return {"authorization": f"Bearer {token}"}


async def one_pair(a: httpx.AsyncClient, b: httpx.AsyncClient, i: int) -> float:
    first, second = await player(a), await player(b)
    seek = {"gameType": "trambahn", "players": 2, "options": {"clock": {"perMoveSeconds": 60 + i}}}
    waiting = (await a.post("/v1/seeks", json=seek, headers=first)).json()
    assert waiting["status"] == "open", waiting
    started = time.perf_counter()
    answer = await b.post("/v1/seeks", json=seek, headers=second)
    elapsed = (time.perf_counter() - started) * 1000
    matched = answer.json()
    assert matched["status"] == "matched", matched
    game = (await a.get(f"/v1/games/{matched['gameId']}")).json()
    assert game["status"] == "ACTIVE", game
    return elapsed


async def one_create(a: httpx.AsyncClient) -> float:
    body = {"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
    started = time.perf_counter()
    answer = await a.post("/v1/games", json=body)
    elapsed = (time.perf_counter() - started) * 1000
    assert answer.json()["game"]["status"] == "ACTIVE", answer.text
    return elapsed


async def measure(urls: list[str], pairs: int, concurrency: int) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=concurrency * 2)
    async with (
        httpx.AsyncClient(base_url=urls[0], trust_env=False, timeout=60, limits=limits) as a,
        httpx.AsyncClient(base_url=urls[1], trust_env=False, timeout=60, limits=limits) as b,
    ):
        for i in range(10):  # warm both replicas (imports, caches, scripts loaded)
            await one_pair(a, b, 100_000 + i)
            await one_create(a)
        gate = asyncio.Semaphore(concurrency)

        async def paced(work: Any) -> float:
            async with gate:
                return float(await work)

        seeks = await asyncio.gather(*(paced(one_pair(a, b, i)) for i in range(pairs)))
        creates = await asyncio.gather(*(paced(one_create(a)) for _ in range(pairs)))
    seek_q, create_q = quantiles(list(seeks)), quantiles(list(creates))
    return {
        "pairs": pairs,
        "concurrency": concurrency,
        "matching_seek_to_start": seek_q,
        "baseline_create_started_game": create_q,
        "ratio_p50": round(seek_q["p50_ms"] / create_q["p50_ms"], 2),
        "ratio_p99": round(seek_q["p99_ms"] / create_q["p99_ms"], 2),
    }


def run(pairs: int, concurrency: int) -> dict[str, Any]:
    with RedisServer() as redis_server:
        prefix = unique_prefix()
        with (
            ServiceProcess(redis_server.url, prefix) as first,
            ServiceProcess(redis_server.url, prefix) as second,
        ):
            return asyncio.run(measure([first.url, second.url], pairs, concurrency))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = run(args.pairs, args.concurrency)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for name in ("matching_seek_to_start", "baseline_create_started_game"):
        q = figures[name]
        print(f"{name}: n={q['n']} p50={q['p50_ms']} ms p99={q['p99_ms']} ms max={q['max_ms']} ms")
    print(f"ratio to the baseline: p50 {figures['ratio_p50']}, p99 {figures['ratio_p99']}")


if __name__ == "__main__":
    main()
