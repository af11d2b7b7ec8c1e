"""Redis servers started by the tests themselves, on free ports (DESIGN §6).

`RedisServer` is one throw-away server; `RedisClusterServers` is a cluster of three masters
(slots assigned with CLUSTER ADDSLOTS and joined with CLUSTER MEET, which works on Redis 6.2 and
7.x alike). Both run the binary `service.embedded_redis` finds and never touch any other server.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Self

import redis

from service.embedded_redis import EmbeddedRedis

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


class RedisClusterServers(_Servers):
    """Three cluster-enabled masters sharing the 16384 slots, ready when `start()` returns."""

    def __init__(self, masters: int = 3) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="bs-cluster-"))
        args = ("--cluster-enabled", "yes", "--cluster-node-timeout", "2000")
        self.nodes = [
            EmbeddedRedis(
                self.dir / f"node{i}",
                persistent=False,
                extra_args=(*args, "--cluster-config-file", f"nodes-{i}.conf"),
                port_span=CLUSTER_BUS_OFFSET,
            )
            for i in range(masters)
        ]

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
            per_node = -(-CLUSTER_SLOTS // len(clients))
            for i, client in enumerate(clients):
                client.cluster("SET-CONFIG-EPOCH", i + 1)
                slots = range(i * per_node, min((i + 1) * per_node, CLUSTER_SLOTS))
                client.cluster("ADDSLOTS", *slots)
            for port in self.ports[1:]:
                clients[0].cluster("MEET", "127.0.0.1", port)
            self._wait_ready(clients)
        except BaseException:
            self.stop()
            raise
        finally:
            for client in clients:
                client.close()
        return self

    def _wait_ready(self, clients: list[redis.Redis]) -> None:
        deadline = time.monotonic() + CLUSTER_READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if all(self._node_ready(client) for client in clients):
                return
            time.sleep(0.05)
        raise RuntimeError(f"cluster on ports {self.ports} not ready in time")

    def _node_ready(self, client: redis.Redis) -> bool:
        info = client.cluster("INFO")
        if isinstance(info, dict):
            fields = {str(name): str(value) for name, value in info.items()}
        else:
            text = info.decode() if isinstance(info, bytes) else str(info)
            fields = dict(line.split(":", 1) for line in text.split() if ":" in line)
        if fields.get("cluster_state") != "ok":
            return False
        if fields.get("cluster_known_nodes") != str(len(self.nodes)):
            return False
        ranges = client.cluster("SLOTS")
        return len(ranges) == len(self.nodes)

    def stop(self) -> None:
        """Stops every node and removes their directories."""
        for node in self.nodes:
            node.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
