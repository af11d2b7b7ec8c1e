"""docs/players.md runs: its Python block as written, and its shell blocks in order, in one
shell, against a real service process (the token of the first is used by the second)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator

import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.doc_blocks import block, blocks
from tests.redis_support import RedisServer

RATINGS_BLOCKS = ("Rebuild the ratings, then check them",)
"""The ratings' shell blocks, run by tests/service/test_ratings_docs.py on a store of their own."""


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    process = ServiceProcess(redis_server.url, unique_prefix()).start()
    yield process
    process.stop()


def test_the_signing_example_makes_a_token_the_service_would_verify() -> None:
    namespace: dict[str, object] = {}
    exec(compile(block("players.md", "Sign a player token"), "players.md", "exec"), namespace)
    assert isinstance(namespace["token"], str)
    assert namespace["jwks"]["keys"][0]["kid"] == "accounts-2026-12"  # type: ignore[index]


def test_the_shell_walkthrough_makes_a_player_who_joins_a_game(server: ServiceProcess) -> None:
    shells = [s for s in blocks("players.md", "bash") if s[0] not in RATINGS_BLOCKS]
    assert [title for title, _ in shells] == [
        "A new player, and who it is",
        "Join a game as that player",
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", "\n".join(code for _, code in shells)],
        env=env | {"BOARDSTATE_URL": server.url},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    decoder, text, found = json.JSONDecoder(), done.stdout.strip(), []
    while text:
        value, end = decoder.raw_decode(text)
        found.append(value)
        text = text[end:].strip()
    me, joined = found
    assert me["playerId"].startswith("p_")
    assert me["issuedByService"] is True
    assert joined["seat"] == 0
