"""Player stream delivery latency (issue 30): from a move's acceptance to the `turn` event on
the other player's own stream.

Starts a redis-server and two service replicas (`tests.api.server.ServiceProcess`), makes two
service-issued players, opens each player's `GET /v1/players/me/stream` on replica 1 and plays
`--games` Trambahn games at once, every move sent by the player to act, with its player token,
to replica 0. For every move that gives the turn to the other player, the latency is when that
player's stream delivered the `turn` event of that game and version minus when the move's
`201` arrived (it can be negative: the event can beat the answer) and minus when the move was
sent. Prints p50/p99/max in ms of both.

Usage: .venv/bin/python -m bench.player_stream_bench [--games 10] [--moves 20] [--json]
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
from tests.api.sse_client import Stream, open_stream
from tests.redis_support import RedisServer


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def watch(stream: Stream, seen: dict[tuple[str, int], float]) -> None:
    while True:
        message = await stream.next(wait=120.0)
        if message is None:
            return
        if message.event == "turn":
            data = message.json()["data"]
            seen[(data["gameId"], data["version"])] = time.perf_counter()


async def run(games: int, moves: int) -> dict[str, Any]:
    with RedisServer() as redis_server:
        prefix = unique_prefix()
        replicas = [ServiceProcess(redis_server.url, prefix).start() for _ in range(2)]
        try:
            return await measure(replicas, games, moves)
        finally:
            for replica in replicas:
                replica.stop()


async def measure(replicas: list[ServiceProcess], games: int, moves: int) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=replicas[0].url, trust_env=False, timeout=30) as http:
        made = [(await http.post("/v1/players")).json() for _ in range(2)]
        tokens = [m["token"] for m in made]
        seen: dict[tuple[str, int], float] = {}
        after_ack: list[float] = []
        after_send: list[float] = []
        streams = [
            open_stream(replicas[1].url, "/v1/players/me/stream?after=0", auth(t)) for t in tokens
        ]
        async with streams[0] as first, streams[1] as second:
            watchers = [asyncio.create_task(watch(s, seen)) for s in (first, second)]
            ids = []
            for _ in range(games):
                body = {"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
                body["playerIds"] = [m["playerId"] for m in made]
                ids.append((await http.post("/v1/games", json=body)).json()["game"]["id"])
            for _ in range(moves):
                for game_id in ids:
                    game = (await http.get(f"/v1/games/{game_id}")).json()
                    if game["status"] != "ACTIVE":
                        continue
                    seat = game["toAct"][0]
                    legal = await http.get(
                        f"/v1/games/{game_id}/legal-moves",
                        params={"seat": seat},
                        headers=auth(tokens[seat]),
                    )
                    sent = time.perf_counter()
                    answer = await http.post(
                        f"/v1/games/{game_id}/moves",
                        json={"seat": seat, "move": legal.json()["moves"][0]},
                        headers=auth(tokens[seat]),
                    )
                    acked = time.perf_counter()
                    after = (await http.get(f"/v1/games/{game_id}")).json()
                    if answer.status_code != 201 or after["status"] != "ACTIVE":
                        continue
                    if (
                        after["toAct"] == [1 - seat]
                        and after["version"] == answer.json()["version"]
                    ):
                        key = (game_id, after["version"])
                        end = time.monotonic() + 10
                        while key not in seen and time.monotonic() < end:  # noqa: ASYNC110
                            await asyncio.sleep(0.001)
                        if key in seen:
                            after_ack.append((seen[key] - acked) * 1000)
                            after_send.append((seen[key] - sent) * 1000)
            for task in watchers:
                task.cancel()
    return {
        "samples": len(after_ack),
        "from_ack_ms": summary(after_ack),
        "from_send_ms": summary(after_send),
    }


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {
        "p50": round(statistics.median(values), 2),
        "p99": round(pct(values, 99), 2),
        "max": round(max(values), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args.games, args.moves))
    print(json.dumps(result) if args.json else json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
