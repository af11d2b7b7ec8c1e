"""Redis servers started by the tests themselves, on free ports (architecture §6).

`RedisServer` is one throw-away server; `RedisClusterServers` is a cluster of three masters
(slots assigned with CLUSTER ADDSLOTS and joined with CLUSTER MEET, which works on Redis 6.2 and
7.x alike), optionally with replicas (CLUSTER REPLICATE). Both run the binary
`service.local.embedded_redis` finds and never touch any other server.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Self

import redis
from redis.crc import key_slot

from boardstate.service.local.embedded_redis import EmbeddedRedis

CLUSTER_SLOTS = 16384
CLUSTER_BUS_OFFSET = 10_000
CLUSTER_READY_TIMEOUT_S = 20.0


class _Servers:
    """Context-manager plumbing shared by the two kinds of test servers."""

    def start(self) -> Self:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


class RedisServer(_Servers):
    """One redis-server without persistence in a temporary directory."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="bs-redis-"))
        self.server = EmbeddedRedis(self.dir, persistent=False)

    @property
    def url(self) -> str:
        """The server's `redis://` URL."""
        return self.server.url

    @property
    def port(self) -> int:
        """The server's port."""
        return self.server.port

    def client(self) -> redis.Redis:
        """Returns a new synchronous client of this server (close it after use)."""
        return redis.Redis(host="127.0.0.1", port=self.port)

    def start(self) -> Self:
        """Starts the server (no-op when it runs)."""
        self.server.start()
        return self

    def stop(self) -> None:
        """Stops the server and removes its directory."""
        self.server.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def restart_empty(self) -> None:
        """Shuts the server down without saving (`SHUTDOWN NOSAVE`: every key, consumer group
        and loaded script gone, every client's connection cut) and starts it again, empty, on
        the same port: a Redis restarted without persistence."""
        port = self.port
        with self.client() as client, contextlib.suppress(redis.ConnectionError):
            client.shutdown(nosave=True)
        self.server.stop()
        self.server.start(port=port)


class RedisClusterServers(_Servers):
    """Three cluster-enabled masters sharing the 16384 slots, ready when `start()` returns.

    With `replicas`, that many more nodes replicate the masters in turn (node `masters + i`
    replicates master `i % masters`); `start()` returns once every replica is in sync.
    """

    def __init__(self, masters: int = 3, replicas: int = 0) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="bs-cluster-"))
        self.masters = masters
        self.nodes = [self.new_node(i) for i in range(masters + replicas)]

    def new_node(self, index: int) -> EmbeddedRedis:
        """Returns a cluster-enabled server (not started) with its own directory."""
        # Replicas sync at once and may always be promoted, however long they were cut off.
        args = (
            *("--cluster-enabled", "yes", "--cluster-node-timeout", "2000"),
            *("--repl-diskless-sync-delay", "0", "--cluster-replica-validity-factor", "0"),
        )
        return EmbeddedRedis(
            self.dir / f"node{index}",
            persistent=False,
            extra_args=(*args, "--cluster-config-file", f"nodes-{index}.conf"),
            port_span=CLUSTER_BUS_OFFSET,
        )

    @property
    def url(self) -> str:
        """The URL of the first node; a cluster client discovers the others."""
        return self.nodes[0].url

    @property
    def ports(self) -> list[int]:
        """The nodes' ports."""
        return [node.port for node in self.nodes]

    def clients(self) -> list[redis.Redis]:
        """Returns one synchronous client per node (close them after use)."""
        return [redis.Redis(host="127.0.0.1", port=port) for port in self.ports]

    def start(self) -> Self:
        """Starts the nodes, assigns the slots, joins them and waits for `cluster_state:ok`."""
        for node in self.nodes:
            node.start()
        clients = self.clients()
        try:
            per_node = -(-CLUSTER_SLOTS // self.masters)
            for i, client in enumerate(clients):
                client.cluster("SET-CONFIG-EPOCH", i + 1)
                if i < self.masters:
                    slots = range(i * per_node, min((i + 1) * per_node, CLUSTER_SLOTS))
                    client.cluster("ADDSLOTS", *slots)
            for port in self.ports[1:]:
                clients[0].cluster("MEET", "127.0.0.1", port)
            self._wait_known(clients)
            for i, client in enumerate(clients[self.masters :]):
                master_id = clients[i % self.masters].cluster("MYID")
                client.cluster("REPLICATE", master_id)
            self._wait_ready(clients)
            for i, client in enumerate(clients[: self.masters]):
                start = i * per_node
                slots = range(start, min(start + per_node, CLUSTER_SLOTS))
                replicas = len(range(i, len(clients) - self.masters, self.masters))
                wait_streaming(client, _key_in(slots), replicas)
        except BaseException:
            self.stop()
            raise
        finally:
            for client in clients:
                client.close()
        return self

    def _wait_known(self, clients: list[redis.Redis]) -> None:
        deadline = time.monotonic() + CLUSTER_READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if all(
                parse_info(c.cluster("INFO")).get("cluster_known_nodes") == str(len(clients))
                for c in clients
            ):
                return
            time.sleep(0.05)
        raise RuntimeError(f"cluster nodes on ports {self.ports} did not meet in time")

    def _wait_ready(self, clients: list[redis.Redis]) -> None:
        deadline = time.monotonic() + CLUSTER_READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if all(self._node_ready(client) for client in clients) and all(
                parse_info(c.info("replication")).get("master_link_status", "up") == "up"
                for c in clients
            ):
                return
            time.sleep(0.05)
        raise RuntimeError(f"cluster on ports {self.ports} not ready in time")

    def _node_ready(self, client: redis.Redis) -> bool:
        fields = parse_info(client.cluster("INFO"))
        if fields.get("cluster_state") != "ok":
            return False
        if fields.get("cluster_known_nodes") != str(len(self.nodes)):
            return False
        ranges = client.cluster("SLOTS")
        return len(ranges) == self.masters

    def stop(self) -> None:
        """Stops every node and removes their directories."""
        for node in self.nodes:
            node.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def parse_info(info: object) -> dict[str, str]:
    """Returns the fields of a CLUSTER INFO or INFO reply (text or parsed) as strings."""
    if isinstance(info, dict):
        return {str(name): str(value) for name, value in info.items()}
    text = info.decode() if isinstance(info, bytes) else str(info)
    return dict(line.split(":", 1) for line in text.split() if ":" in line)


def _key_in(slots: range) -> str:
    """Returns a key whose hash slot is in `slots`."""
    return next(k for i in range(100_000) if key_slot((k := f"probe-{i}").encode()) in slots)


def wait_streaming(master: redis.Redis, key: str, replicas: int) -> None:
    """Waits until `replicas` replicas acknowledge a write on `master` (`key` must be its).

    A replica's link is up as soon as its full sync ends, but Redis 7 streams writes to it only
    after its first acknowledgement, up to a second later: until then WAIT cannot count it.
    """
    if replicas <= 0:
        return
    deadline = time.monotonic() + CLUSTER_READY_TIMEOUT_S
    while True:
        master.set(key, "1")
        if int(master.wait(replicas, 200)) >= replicas:
            master.delete(key)
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"replicas do not acknowledge writes to {master}")
