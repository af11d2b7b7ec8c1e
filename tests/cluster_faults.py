"""Faults injected into test-started Redis servers: pause, kill, cut replication, fail over.

Every function acts on an `EmbeddedRedis` (or a `RedisClusterServers`) the tests started
themselves; processes are found by the `process_id` their own server reports.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator

import redis
from redis.crc import key_slot

from boardstate.service.local.embedded_redis import EmbeddedRedis
from tests.redis_support import RedisClusterServers, parse_info, wait_streaming

WAIT_TIMEOUT_S = 30.0


def client(node: EmbeddedRedis) -> redis.Redis:
    """Returns a synchronous client of one node (close it after use)."""
    return redis.Redis(host="127.0.0.1", port=node.port, socket_timeout=5)


def info(node: EmbeddedRedis, section: str) -> dict[str, str]:
    """Returns one INFO section of a node as strings."""
    with client(node) as c:
        return {str(k): str(v) for k, v in c.info(section).items()}


def pid(node: EmbeddedRedis) -> int:
    """Returns the process id of a running node."""
    return int(info(node, "server")["process_id"])


@contextlib.contextmanager
def paused(node: EmbeddedRedis) -> Iterator[None]:
    """Stops a node with SIGSTOP for the duration of the block (it cannot answer anything)."""
    process = pid(node)
    os.kill(process, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(process, signal.SIGCONT)


def kill(node: EmbeddedRedis) -> None:
    """Kills a node with SIGKILL (no shutdown, no last words to its replicas)."""
    os.kill(pid(node), signal.SIGKILL)


def cut_replication(master: EmbeddedRedis) -> None:
    """Closes the master's replication links; writes after this reach no replica until one
    reconnects (a paused replica cannot)."""
    with client(master) as c:
        c.execute_command("CLIENT", "KILL", "TYPE", "replica")


def live(cluster: RedisClusterServers) -> list[EmbeddedRedis]:
    """Returns the nodes whose process still runs."""
    return [node for node in cluster.nodes if node.running]


def master_of(cluster: RedisClusterServers, key: str) -> EmbeddedRedis:
    """Returns the node that a live node names as the master of `key`'s slot."""
    slot = key_slot(key.encode())
    for node in live(cluster):
        with contextlib.suppress(redis.RedisError), client(node) as c:
            for start, end, master, *_ in c.cluster("SLOTS"):
                if start <= slot <= end:
                    return _node_on(cluster, int(master[1]))
    raise LookupError(f"no live node knows the master of slot {slot}")


def replica_of(cluster: RedisClusterServers, master: EmbeddedRedis) -> EmbeddedRedis:
    """Returns a node that replicates `master` (its link may be down)."""
    for node in live(cluster):
        fields = info(node, "replication")
        if fields.get("role") == "slave" and int(fields["master_port"]) == master.port:
            return node
    raise LookupError(f"no replica of the node on port {master.port}")


def _node_on(cluster: RedisClusterServers, port: int) -> EmbeddedRedis:
    return next(node for node in cluster.nodes if node.port == port)


def take_over(node: EmbeddedRedis) -> None:
    """Promotes a replica at once (CLUSTER FAILOVER TAKEOVER: no vote, no handshake)."""
    with client(node) as c:
        c.cluster("FAILOVER", "TAKEOVER")


def wait_master(cluster: RedisClusterServers, node: EmbeddedRedis) -> None:
    """Waits until `node` is a master and every live node reports `cluster_state:ok`."""
    deadline = time.monotonic() + WAIT_TIMEOUT_S
    while time.monotonic() < deadline:
        with contextlib.suppress(redis.RedisError):
            if info(node, "replication").get("role") == "master" and all(
                _state(other) == "ok" for other in live(cluster)
            ):
                return
        time.sleep(0.1)
    raise TimeoutError(f"node on port {node.port} was not promoted in time")


def _state(node: EmbeddedRedis) -> str:
    with client(node) as c:
        return parse_info(c.cluster("INFO")).get("cluster_state", "")


def add_replica(cluster: RedisClusterServers, master: EmbeddedRedis) -> EmbeddedRedis:
    """Starts a new node, joins it to the cluster as a replica of `master` and waits until it
    is in sync (what an operator, or a restarted Redis pod, does after a failover)."""
    node = cluster.new_node(len(cluster.nodes)).start()
    cluster.nodes.append(node)
    with client(node) as c, client(master) as m:
        c.cluster("MEET", "127.0.0.1", master.port)
        master_id = m.cluster("MYID")
        deadline = time.monotonic() + WAIT_TIMEOUT_S
        while True:
            try:
                c.cluster("REPLICATE", master_id)
                break
            except redis.ResponseError:  # the master is not known yet
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        wait_streaming(m, _key_on(cluster, master), 1)
    return node


def _key_on(cluster: RedisClusterServers, master: EmbeddedRedis) -> str:
    """Returns a key whose slot `master` owns."""
    for i in range(100_000):
        if master_of(cluster, key := f"bs-test-probe-{i}") is master:
            return key
    raise LookupError("no key maps to this master")
