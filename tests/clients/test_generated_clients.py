"""The generated halves of the SDKs are what the generators make of today's OpenAPI document and
game types: scripts/generate_clients.py regenerates them into a temporary folder and compares them
with the committed clients/python/boardstate_api, clients/python/boardstate_client/games/,
clients/typescript/src/schema.ts and clients/typescript/src/games/. The game types it reads without a service are the very ones a
running service publishes at `GET /v1/game-types`."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "generate_clients.py"


def test_the_committed_sdks_are_regenerated_unchanged() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.redis
def test_the_game_types_the_typescript_types_come_from_are_what_the_service_publishes(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    spec = importlib.util.spec_from_file_location("generate_clients", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    read = json.loads(script.game_types(tmp_path / "game-types.json").read_bytes())
    with ServiceProcess(redis_server.url, unique_prefix()) as server:
        published = httpx.get(f"{server.url}/v1/game-types", timeout=30).json()
    assert [t["id"] for t in read] == ["tf22-mine", "tinners-trail", "trambahn", "trekking"]
    assert read == published
