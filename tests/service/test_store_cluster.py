"""The store contract on a three-master Redis Cluster; a game's keys share one slot."""

from __future__ import annotations

import pytest
from redis.asyncio.cluster import RedisCluster

from boardstate.service.local.embedded_redis import free_port
from boardstate.service.store import AppendRequest, RedisEventStore, StoreUnavailable, connect
from tests.service.store_contract import StoreContract, created, event

pytestmark = pytest.mark.redis


class TestStoreOnACluster(StoreContract):
    @pytest.fixture
    def store(self, cluster_store: RedisEventStore) -> RedisEventStore:
        return cluster_store


async def test_every_key_of_a_game_lies_in_one_slot(cluster_store: RedisEventStore) -> None:
    game_id = await created(cluster_store, appended=20)
    request = AppendRequest(21, [event(22)], "m1", ((1, "token-hash"),), {"status": "ACTIVE"})
    assert (await cluster_store.append(game_id, request)).appended
    client = cluster_store.client
    assert isinstance(client, RedisCluster)
    slots = {
        await client.cluster_keyslot(key) for key in cluster_store.keys(game_id).append().ordered()
    }
    assert len(slots) == 1
    (slot,) = slots
    node = client.get_node_from_key(cluster_store.keys(game_id).log)
    count = await client.execute_command("CLUSTER", "COUNTKEYSINSLOT", slot, target_nodes=node)
    assert count == 4
    assert await cluster_store.version(game_id) == 22


async def test_games_spread_over_the_masters(cluster_store: RedisEventStore) -> None:
    client = cluster_store.client
    assert isinstance(client, RedisCluster)
    nodes = set()
    for _ in range(12):
        game_id = await created(cluster_store)
        node = client.get_node_from_key(cluster_store.keys(game_id).log)
        assert node is not None
        nodes.add(node.name)
    assert len(nodes) > 1


async def test_no_cluster_at_the_url_is_unavailable() -> None:
    store = connect(f"redis://127.0.0.1:{free_port()}/0", cluster=True)
    try:
        with pytest.raises(StoreUnavailable):
            await store.version("g1")
        assert not await store.ping()
    finally:
        await store.close()
