"""`boardstate serve --workers 2` (issue 15, item 3): two processes share the port, each with
its own caches, and racing on one game they append every version once.

Many clients submit the same next move of one game at once, each on a connection of its own, so
the kernel spreads them over both workers: exactly one is accepted per version, the others get
`VersionConflict`; both workers then answer with the same head; the log has every version once
and verifies; and both workers did the work (each one's CPU time grew)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from asyncio.subprocess import PIPE
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bench.peer_machine import tree
from tests.api.client import SUBMIT, Api
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

RACERS = 8
ROUNDS = 12


@pytest.fixture(scope="module")
def two_workers(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, workers=2) as process:
        yield process


def worker_cpu(supervisor: int) -> dict[int, int]:
    """Clock ticks (user + system) used so far by each worker process."""
    out = {}
    for pid in tree(supervisor)[1:]:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        out[pid] = int(fields[11]) + int(fields[12])
    return out


async def racing_submit(url: str, body: dict[str, Any], token: str) -> dict[str, Any]:
    """One submission on a fresh connection (so the kernel picks the worker)."""
    async with httpx.AsyncClient(base_url=url, trust_env=False, timeout=30) as client:
        answer = await client.post(
            "/graphql", json=body, headers={"authorization": f"Bearer {token}"}
        )
    result: dict[str, Any] = answer.json()["data"]["submitMove"]
    return result


async def test_two_workers_racing_on_one_game_append_each_version_once(
    two_workers: ServiceProcess, tmp_path: Path
) -> None:
    api = Api(two_workers.url)
    try:
        game_id, tokens = await api.new_game(seed="two-workers")
        before = worker_cpu(two_workers.pid)
        assert len(before) == 2
        for round_ in range(ROUNDS):
            game = await api.game(game_id, "version toAct")
            seat, version = game["toAct"][0], game["version"]
            move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
            bodies = [
                {"query": SUBMIT, "variables": {"g": game_id, "s": seat, "m": move, "v": version}}
                for _ in range(RACERS)
            ]
            for i, body in enumerate(bodies):
                body["variables"]["id"] = f"race-{round_}-{i}"  # type: ignore[index]
            results = await asyncio.gather(
                *(racing_submit(two_workers.url, b, tokens[seat]) for b in bodies)
            )
            kinds = sorted(r["__typename"] for r in results)
            assert kinds == ["MoveAccepted"] + ["VersionConflict"] * (RACERS - 1), results
            accepted = next(r for r in results if r["__typename"] == "MoveAccepted")
            heads = await asyncio.gather(
                *(fresh_version(two_workers.url, game_id) for _ in range(RACERS))
            )
            assert set(heads) == {accepted["version"]}  # both workers caught up
        after = worker_cpu(two_workers.pid)
        assert all(after[pid] > before[pid] for pid in before), (before, after)
    finally:
        await api.close()
    log = tmp_path / "game.ndjson"
    async with httpx.AsyncClient(base_url=two_workers.url, trust_env=False) as client:
        export = await client.get(f"/games/{game_id}/log", params={"format": "ndjson"})
    log.write_bytes(export.content)
    verify = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "boardstate.service.cli.main",
        "verify",
        str(log),
        stdout=PIPE,
        stderr=PIPE,
    )
    out, err = await asyncio.wait_for(verify.communicate(), 120)
    assert verify.returncode == 0, out + err


async def fresh_version(url: str, game_id: str) -> int:
    async with httpx.AsyncClient(base_url=url, trust_env=False, timeout=30) as client:
        query = {
            "query": "query($g: ID!) { game(id: $g) { version } }",
            "variables": {"g": game_id},
        }
        answer = await client.post("/graphql", json=query)
    version: int = answer.json()["data"]["game"]["version"]
    return version


async def test_a_worker_that_dies_is_replaced_and_the_service_keeps_answering(
    two_workers: ServiceProcess,
) -> None:
    workers = tree(two_workers.pid)[1:]
    os.kill(workers[0], signal.SIGKILL)
    for _ in range(100):
        now = tree(two_workers.pid)[1:]
        if len(now) == 2 and workers[0] not in now:
            break
        await asyncio.sleep(0.1)
    assert len(now) == 2, now
    assert workers[0] not in now, now
    async with httpx.AsyncClient(base_url=two_workers.url, trust_env=False) as client:
        for _ in range(20):  # fresh connections: both workers answer
            response = await client.get("/readyz", headers={"connection": "close"})
            assert response.status_code == 200
