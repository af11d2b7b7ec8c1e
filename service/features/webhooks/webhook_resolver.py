"""Resolving a webhook target once, for both its check and its connection (DNS rebinding).

`Resolver.target(url, allow_private)` parses the URL, resolves its host once, checks every
address (`service.features.webhooks.webhook_targets`) and answers a `Target` holding the checked
addresses: the delivery connects to one of them (`service.features.webhooks.webhook_post`) and never
resolves the name again, so a name that answers a public address to the check and `127.0.0.1` to the
connection reaches nothing. The same runs at registration and before every attempt.

The system resolver (`getaddrinfo`) runs in the resolver's own threads, at most `RESOLVE_S`
per lookup: a name whose DNS servers never answer holds neither the event loop nor the
process's shared executor, only its own delivery.

Tests only: `BOARDSTATE_WEBHOOK_TEST_HOSTS=<path>` names a JSON file `{"name": [[addresses],
...]}`; lookup n of a listed name (counted per process, from 0) answers list n, the last one
repeating, so a name can answer differently each time, as a rebinding DNS server with TTL 0
does. Names it does not list go to the system resolver.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import functools
import json
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from boardstate.service.features.webhooks.webhook_targets import (
    TargetRefused,
    check_addresses,
    parse_target,
)

RESOLVE_S = 5.0


@dataclasses.dataclass(frozen=True, slots=True)
class Target:
    """A URL's parts and the addresses its host resolved to, every one checked."""

    url: str
    scheme: str
    host: str
    port: int
    addresses: tuple[str, ...]

    @property
    def host_header(self) -> str:
        """The `Host` header: the name (an IPv6 literal bracketed), the port unless default."""
        name = f"[{self.host}]" if ":" in self.host else self.host
        default = 443 if self.scheme == "https" else 80
        return name if self.port == default else f"{name}:{self.port}"


class Resolver:
    """Resolves and checks webhook targets in threads of its own."""

    def __init__(self, threads: int, test_hosts: str | None = None) -> None:
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="webhook-dns")
        self.test_hosts = Path(test_hosts) if test_hosts else None
        self.lookups: collections.Counter[str] = collections.Counter()

    async def target(self, url: object, allow_private: bool) -> Target:
        """The checked target of `url`; raises `TargetRefused`."""
        scheme, host, port = parse_target(url)
        try:
            async with asyncio.timeout(RESOLVE_S):
                found = await self.addresses(host, port)
        except TimeoutError:
            raise TargetRefused(f"host {host!r} does not resolve within {RESOLVE_S:g} s") from None
        addresses = check_addresses(host, found, allow_private)
        return Target(str(url), scheme, host, port, addresses)

    async def addresses(self, host: str, port: int) -> list[str]:
        """Every address `host` resolves to now (one lookup)."""
        listed = self._listed(host)
        if listed is not None:
            return listed
        lookup = functools.partial(socket.getaddrinfo, host, port, type=socket.SOCK_STREAM)
        try:
            infos = await asyncio.get_running_loop().run_in_executor(self.pool, lookup)
        except (OSError, UnicodeError) as exc:
            raise TargetRefused(f"host {host!r} does not resolve: {exc}") from None
        return [str(info[4][0]) for info in infos]

    def _listed(self, host: str) -> list[str] | None:
        if self.test_hosts is None:
            return None
        table: dict[str, Any] = json.loads(self.test_hosts.read_text())
        answers = table.get(host)
        if not answers:
            return None
        n = self.lookups[host]
        self.lookups[host] += 1
        return [str(a) for a in answers[min(n, len(answers) - 1)]]

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
