"""Helpers of the adversarial load tests: memory figures of Redis and of a service process."""

from __future__ import annotations

from pathlib import Path

import redis

from tests.api.server import ServiceProcess

CREATE = """
mutation($seats: [String!]) {
  createGame(gameType: "trambahn", players: 2, seats: $seats) {
    __typename
    ... on GameCreated { game { id } tokens { token } }
    ... on Rejected { code details }
  }
}"""


def redis_memory(url: str) -> int:
    """Returns Redis's `used_memory` in bytes."""
    client = redis.Redis.from_url(url)
    try:
        return int(client.info("memory")["used_memory"])
    finally:
        client.close()


def service_rss(service: ServiceProcess) -> int:
    """Returns the resident set size of the service process in bytes (Linux)."""
    process = service._process
    assert process is not None
    for line in Path(f"/proc/{process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def mib(size: int) -> str:
    """Returns `size` bytes as MiB with one decimal."""
    return f"{size / 2**20:.1f} MiB"
