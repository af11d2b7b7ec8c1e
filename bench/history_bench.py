"""History benchmark: `state(version: k)` and event pages at the start and the end of a long game.

One run starts a private, non-persistent Redis and `boardstate serve` (as `make run` does) with
an admin token, plays one long game over GraphQL/HTTP (default: TF22 Mine, 4 players, seeded
random legal moves), then times, over `--rounds` interleaved rounds on one keep-alive
connection:

* `state(version: k)` for k = 1, 10, n/4, n/2, 3n/4, n-1 and n, reported as the median and
  the ratio to k = 1 (n: the game's version). Past versions are folded from the nearest
  snapshot (every 64 events by default), so the ratios should stay flat;
* `events(first: 50)` (the start of the log), `events(afterVersion: n/2, first: 50)` and
  `events(last: 50)` (its end), with ratios to the start.

For contrast the same game is exported and imported into a second server on its own keys with
snapshots off (`BOARDSTATE_SNAPSHOT_EVERY=0`), where `state(version: k)` folds from event 1.

Usage: .venv/bin/python -m bench.history_bench [--game tf22-mine] [--players 4] [--rounds 15]
       [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from boardstate.service.local.embedded_redis import EmbeddedRedis, free_port

REPO = Path(__file__).resolve().parents[1]
ADMIN = "history-bench-admin-token"
CREATE = """mutation($t: ID!, $p: Int!, $seats: [String!], $seed: String) {
  createGame(gameType: $t, players: $p, seats: $seats, seed: $seed) {
    ... on GameCreated { game { id } tokens { seat token } } ... on Rejected { code message } } }"""
TURN = "query($g: ID!) { game(id: $g) { status version toAct } }"
LEGAL = "query($g: ID!, $s: Int!) { game(id: $g) { legalMoves(seat: $s) } }"
SUBMIT = """mutation($g: ID!, $s: Int!, $m: JSON!, $v: Int) {
  submitMove(gameId: $g, seat: $s, move: $m, expectedVersion: $v) { __typename } }"""
STATE = "query($g: ID!, $k: Int) { game(id: $g) { state(version: $k) } }"
EVENTS = "query($g: ID!) { game(id: $g) { events(%s) { edges { node { version data } } } } }"


@contextmanager
def serving(redis_url: str, prefix: str, snapshot_every: int) -> Iterator[str]:
    """Runs `boardstate serve` on its own keys; yields its base URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    env |= {
        "REDIS_URL": redis_url,
        "BOARDSTATE_KEY_PREFIX": prefix,
        "BOARDSTATE_LOG_LEVEL": "WARNING",
        "BOARDSTATE_LOG_FORMAT": "json",
        "BOARDSTATE_ADMIN_TOKEN": ADMIN,
        "BOARDSTATE_SNAPSHOT_EVERY": str(snapshot_every),
        "BOARDSTATE_RATE_LIMITS": "0",  # a load benchmark from one address
    }
    argv = [sys.executable, "-m", "boardstate.service.cli.main", "serve", "--host", "127.0.0.1"]
    process = subprocess.Popen(
        [*argv, "--port", str(port)], cwd=REPO, env=env, stdout=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        else:
            raise RuntimeError("the service did not start")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


def gql(http: httpx.Client, query: str, token: str | None = None, **variables: Any) -> Any:
    """Runs one GraphQL request; returns `data` (raises on errors)."""
    headers = {"authorization": f"Bearer {token}"} if token else {}
    body = http.post("/graphql", json={"query": query, "variables": variables}, headers=headers)
    payload = body.json()
    if payload.get("errors"):
        raise RuntimeError(json.dumps(payload["errors"])[:500])
    return payload["data"]


def play(http: httpx.Client, game: str, players: int, seed: int) -> tuple[str, int]:
    """Plays one seeded random game to its end; returns its id and final version."""
    names = [f"player {i}" for i in range(players)]
    created = gql(http, CREATE, t=game, p=players, seats=names, seed=f"bench-{seed}")["createGame"]
    game_id, tokens = created["game"]["id"], [t["token"] for t in created["tokens"]]
    rnd = random.Random(seed)
    while (turn := gql(http, TURN, g=game_id)["game"])["status"] == "ACTIVE":
        seat = turn["toAct"][0]
        moves = gql(http, LEGAL, tokens[seat], g=game_id, s=seat)["game"]["legalMoves"]
        gql(http, SUBMIT, tokens[seat], g=game_id, s=seat, m=rnd.choice(moves), v=turn["version"])
    return game_id, int(turn["version"])


def timed(http: httpx.Client, query: str, **variables: Any) -> float:
    """Returns the seconds one request takes."""
    started = time.perf_counter()
    gql(http, query, **variables)
    return time.perf_counter() - started


def measure(
    http: httpx.Client, game_id: str, probes: dict[str, tuple[str, dict[str, Any]]], rounds: int
) -> dict[str, float]:
    """Times every probe once untimed, then `rounds` interleaved times; returns medians (ms)."""
    samples: dict[str, list[float]] = {name: [] for name in probes}
    for round_ in range(rounds + 1):
        for name, (query, variables) in probes.items():
            seconds = timed(http, query, g=game_id, **variables)
            if round_:
                samples[name].append(seconds * 1000)
    return {name: statistics.median(values) for name, values in samples.items()}


def state_probes(version: int) -> dict[str, tuple[str, dict[str, Any]]]:
    """`state(version: k)` for the ks of the module docstring."""
    ks = sorted({1, 10, version // 4, version // 2, 3 * version // 4, version - 1, version})
    return {f"k={k}": (STATE, {"k": k}) for k in ks}


def ratios(medians: dict[str, float], base: str) -> dict[str, dict[str, float]]:
    """Returns each median with its ratio to `base`."""
    return {
        k: {"ms": round(v, 3), "ratio": round(v / medians[base], 2)} for k, v in medians.items()
    }


def main() -> None:
    """Runs the benchmark and prints the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="tf22-mine")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        redis = EmbeddedRedis(Path(tmp), persistent=False).start()
        try:
            out = run(redis.url, args)
        finally:
            redis.stop()
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{out['game']}: {out['version']} events, played in {out['play_seconds']} s")
    for title in ("state", "state_without_snapshots", "events"):
        print(f"\n{title}:")
        for name, figures in out[title].items():
            print(f"  {name:>24}  {figures['ms']:8.3f} ms  x{figures['ratio']}")


def run(redis_url: str, args: argparse.Namespace) -> dict[str, Any]:
    """Plays the game and measures both servers."""
    with serving(redis_url, "bench-history", 64) as url, httpx.Client(base_url=url) as http:
        started = time.perf_counter()
        game_id, version = play(http, args.game, args.players, args.seed)
        play_seconds = round(time.perf_counter() - started, 1)
        state = measure(http, game_id, state_probes(version), args.rounds)
        half = version // 2
        pages: dict[str, tuple[str, dict[str, Any]]] = {
            "events(first: 50)": (EVENTS % "first: 50", {}),
            f"events(afterVersion: {half})": (EVENTS % f"afterVersion: {half}, first: 50", {}),
            "events(last: 50)": (EVENTS % "last: 50", {}),
        }
        events = measure(http, game_id, pages, args.rounds)
        log = http.get(f"/games/{game_id}/log").content
    with serving(redis_url, "bench-history-plain", 0) as url, httpx.Client(base_url=url) as http:
        headers = {"authorization": f"Bearer {ADMIN}"}
        copy = http.post("/games/import", content=log, headers=headers, timeout=120).json()
        plain = measure(http, copy["gameId"], state_probes(version), max(3, args.rounds // 3))
    return {
        "game": f"{args.game} ({args.players} players)",
        "version": version,
        "play_seconds": play_seconds,
        "state": ratios(state, "k=1"),
        "state_without_snapshots": ratios(plain, "k=1"),
        "events": ratios(events, "events(first: 50)"),
    }


if __name__ == "__main__":
    main()
