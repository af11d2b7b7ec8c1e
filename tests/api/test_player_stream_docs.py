"""docs/players.md, "Your own stream" and "Your games": its `sh` blocks run in order in one
shell against a real service process, with a token the service issued; its GraphQL query runs
with the same token."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator

import httpx
import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.doc_blocks import blocks
from tests.redis_support import RedisServer


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    process = ServiceProcess(redis_server.url, unique_prefix()).start()
    yield process
    process.stop()


def test_the_stream_and_games_walkthrough_runs(server: ServiceProcess) -> None:
    shells = blocks("players.md", "sh")
    assert [title for title, _ in shells] == ["Follow your stream", "List your games"]
    token = httpx.post(f"{server.url}/v1/players", trust_env=False).json()["token"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", "\n".join(code for _, code in shells)],
        env=env | {"BOARDSTATE_URL": server.url, "TOKEN": token},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert "event: game.started" in lines
    page = json.loads(lines[-1])
    assert page["totalCount"] == 1
    (query,) = [code for _, code in blocks("players.md", "graphql") if "games(" in code]
    answer = httpx.post(
        f"{server.url}/graphql",
        json={"query": query},
        headers={"authorization": f"Bearer {token}"},
        trust_env=False,
    ).json()
    assert answer["data"]["me"]["games"]["totalCount"] == 1
    assert answer["data"]["me"]["games"]["edges"][0]["node"]["id"] == page["items"][0]["id"]
