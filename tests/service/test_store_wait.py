"""`BOARDSTATE_APPEND_WAIT_REPLICAS`: a write counts only once a replica has it (`WAIT` on the
append's own connection); otherwise it is `AppendUncertain`, and a retry learns the truth."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator

import pytest

from boardstate.service.settings import Settings, SettingsError
from boardstate.service.store import AppendRequest, AppendUncertain, RedisEventStore, connect
from tests.cluster_faults import info, master_of, paused, replica_of
from tests.conftest import unique_prefix
from tests.redis_support import RedisClusterServers, RedisServer, wait_streaming
from tests.service.store_contract import created, event

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def pair() -> Iterator[tuple[RedisServer, RedisServer]]:
    """A master and its replica, in sync (tests keep apart by key prefix)."""
    with RedisServer() as master, RedisServer() as replica:
        with master.client() as client:
            client.config_set("repl-diskless-sync-delay", 0)
        with replica.client() as client:
            client.replicaof("127.0.0.1", master.port)
        deadline = time.monotonic() + 20
        while info(replica.server, "replication").get("master_link_status") != "up":
            assert time.monotonic() < deadline, "the replica did not sync"
            time.sleep(0.05)
        with master.client() as client:
            wait_streaming(client, "probe", 1)
        yield master, replica


@pytest.fixture
async def store(pair: tuple[RedisServer, RedisServer]) -> AsyncIterator[RedisEventStore]:
    store = connect(
        pair[0].url, cluster=False, prefix=unique_prefix(), wait_replicas=1, wait_timeout_ms=300
    )
    yield store
    await store.close()


async def test_an_acknowledged_append_is_on_the_replica(
    store: RedisEventStore, pair: tuple[RedisServer, RedisServer]
) -> None:
    game_id = await created(store, appended=2)
    outcome = await store.append(game_id, AppendRequest(3, [event(4)], "m4"))
    assert outcome.appended
    with pair[1].client() as replica:
        assert replica.xlen(store.keys(game_id).log) == 4


async def test_an_append_no_replica_confirms_is_uncertain_until_a_retry_confirms_it(
    store: RedisEventStore, pair: tuple[RedisServer, RedisServer]
) -> None:
    game_id = await created(store, appended=2)
    with paused(pair[1].server):
        started = time.monotonic()
        with pytest.raises(AppendUncertain, match="0 of 1 replica"):
            await store.append(game_id, AppendRequest(3, [event(4)], "m4"))
        assert time.monotonic() - started >= 0.3
        assert await store.version(game_id) == 4  # on the master, not acknowledged
        with pytest.raises(AppendUncertain):
            await store.move_outcome(game_id, "m4")
    outcome = await store.move_outcome(game_id, "m4")
    assert outcome is not None
    assert (outcome.first_version, outcome.last_version) == (4, 4)
    retried = await store.append(game_id, AppendRequest(3, [event(4)], "m4"))
    assert retried.duplicate_move
    assert retried.current_version == 4


async def test_refused_appends_wait_for_nothing(
    store: RedisEventStore, pair: tuple[RedisServer, RedisServer]
) -> None:
    game_id = await created(store, appended=2)
    with paused(pair[1].server):
        stale = await store.append(game_id, AppendRequest(1, [event(2)], "late"))
        assert stale.version_conflict
        assert await store.move_outcome(game_id, "never") is None


async def test_more_replicas_than_there_are_never_confirm(
    pair: tuple[RedisServer, RedisServer],
) -> None:
    store = connect(
        pair[0].url, cluster=False, prefix=unique_prefix(), wait_replicas=2, wait_timeout_ms=100
    )
    try:
        with pytest.raises(AppendUncertain, match="1 of 2 replica"):
            await created(store)
    finally:
        await store.close()


async def test_without_wait_a_paused_replica_changes_nothing(
    pair: tuple[RedisServer, RedisServer],
) -> None:
    store = connect(pair[0].url, cluster=False, prefix=unique_prefix())
    try:
        with paused(pair[1].server):
            game_id = await created(store, appended=2)
            assert (await store.append(game_id, AppendRequest(3, [event(4)], "m4"))).appended
    finally:
        await store.close()


async def test_on_a_cluster_wait_goes_to_the_master_of_the_games_slot() -> None:
    with RedisClusterServers(masters=3, replicas=3) as cluster:
        store = connect(cluster.url, cluster=True, prefix=unique_prefix(), wait_replicas=1)
        try:
            game_id = await created(store, appended=2)
            master = master_of(cluster, store.keys(game_id).log)
            own = replica_of(cluster, master)
            others = [n for n in cluster.nodes[cluster.masters :] if n is not own]
            with paused(others[0]), paused(others[1]):
                assert (await store.append(game_id, AppendRequest(3, [event(4)], "m4"))).appended
            with paused(own), pytest.raises(AppendUncertain, match="0 of 1 replica"):
                await store.append(game_id, AppendRequest(4, [event(5)], "m5"))
        finally:
            await store.close()


@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("BOARDSTATE_APPEND_WAIT_REPLICAS", "-1"),
        ("BOARDSTATE_APPEND_WAIT_REPLICAS", "17"),
        ("BOARDSTATE_APPEND_WAIT_TIMEOUT_MS", "0"),
        ("BOARDSTATE_APPEND_WAIT_TIMEOUT_MS", "soon"),
        ("BOARDSTATE_SHUTDOWN_GRACE_SECONDS", "0"),
        ("BOARDSTATE_SHUTDOWN_GRACE_SECONDS", "3601"),
    ],
)
def test_durability_and_shutdown_settings_are_validated(name: str, raw: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: raw})


def test_durability_and_shutdown_settings_default_and_parse() -> None:
    assert Settings.from_env({}).append_wait_replicas == 0
    assert Settings.from_env({}).shutdown_grace_seconds == 20
    env = {"BOARDSTATE_APPEND_WAIT_REPLICAS": "1", "BOARDSTATE_APPEND_WAIT_TIMEOUT_MS": "250"}
    settings = Settings.from_env(env | {"BOARDSTATE_SHUTDOWN_GRACE_SECONDS": "5"})
    assert (settings.append_wait_replicas, settings.append_wait_timeout_ms) == (1, 250)
    assert settings.shutdown_grace_seconds == 5
