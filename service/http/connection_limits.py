"""What the server's connection guard (`service.http.protocols`) enforces, and its bookkeeping.

* `ConnectionLimits`: the header read timeout and the caps on open connections of one process
  (`BOARDSTATE_HEADER_TIMEOUT_SECONDS`, `BOARDSTATE_MAX_CONNECTIONS`,
  `BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS`). The process cap never exceeds what the process's
  file descriptor limit leaves after `FD_RESERVE` descriptors and the Redis pool, so a flood of
  connections is refused before the process runs out of descriptors for Redis and its files.
* `raise_fd_limit()`: raises the soft `RLIMIT_NOFILE` to the hard limit (done once, when the
  guard is created).
* `Gate`: counts each client address's open connections and decides whether a new one is let
  in. Peers in `BOARDSTATE_TRUSTED_PROXIES` have no per-address cap (behind a proxy every client
  shares the proxy's address; the per-address rate limits count the forwarded client). At the
  process cap a new connection takes the place of the oldest one waiting for request headers
  (half-sent, closed as if its header deadline had passed, or idle between two requests), so a
  flood of half-sent requests from many addresses cannot keep out a client that sends its
  request at once; only when no connection is waiting is the new one refused.
"""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import resource
import time
from collections.abc import Callable

import structlog

from boardstate.service.settings import Settings

log = structlog.get_logger("boardstate.connections")

FD_RESERVE = 256
"""Descriptors kept for everything but client connections (files, pipes, webhooks, the loop),
on top of `BOARDSTATE_REDIS_POOL_SIZE`."""
MIN_CONNECTIONS = 16
"""The process cap never drops below this, however low the descriptor limit."""
NO_LIMIT_TARGET = 1 << 20
"""Soft limit asked for when the hard limit is unlimited (Linux's default `nr_open`)."""
SWEEP_EVERY = 1024
"""Admissions between two sweeps of addresses whose connections all closed."""
LOG_EVERY_S = 10.0
"""Refusals and timeouts are logged at most once per this many seconds, with a count."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def raise_fd_limit() -> int:
    """Raises the soft limit on open files to the hard limit; returns the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = NO_LIMIT_TARGET if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            log.warning("fd_limit_not_raised", soft=soft, hard=hard)
    return NO_LIMIT_TARGET if soft == resource.RLIM_INFINITY else soft


def address_of(peer: str) -> str:
    """Returns `peer` as the address the caps count (IPv4-mapped IPv6 unwrapped)."""
    try:
        ip = ipaddress.ip_address(peer)
    except ValueError:
        return peer
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


@dataclasses.dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """The guard's limits for one process."""

    header_timeout_s: float
    max_connections: int
    max_per_address: int
    """0: no per-address cap."""
    trusted: tuple[Network, ...] = ()

    @classmethod
    def from_settings(cls, settings: Settings, fd_limit: int) -> ConnectionLimits:
        """The limits of `settings`, the process cap lowered to fit `fd_limit` descriptors."""
        room = fd_limit - FD_RESERVE - settings.redis_pool_size
        cap = min(settings.max_connections, max(MIN_CONNECTIONS, room))
        if cap < settings.max_connections:
            log.warning(
                "max_connections_lowered",
                configured=settings.max_connections,
                used=cap,
                fd_limit=fd_limit,
            )
        return cls(
            header_timeout_s=float(settings.header_timeout_seconds),
            max_connections=cap,
            max_per_address=settings.max_connections_per_address,
            trusted=tuple(ipaddress.ip_network(n, strict=False) for n in settings.trusted_proxies),
        )

    def is_trusted(self, address: str) -> bool:
        """Whether `address` is one of the trusted proxies."""
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)


class _Throttled:
    """Counts an event and logs it at most once per `LOG_EVERY_S`, with the count since."""

    def __init__(self, event: str) -> None:
        self.event = event
        self.count = 0
        self.logged_at = -LOG_EVERY_S

    def note(self, **fields: object) -> None:
        self.count += 1
        now = time.monotonic()
        if now - self.logged_at >= LOG_EVERY_S:
            log.warning(self.event, count=self.count, **fields)
            self.logged_at, self.count = now, 0


class Gate:
    """One process's open connections per client address, and the admission rule."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.by_address: dict[str, set[asyncio.BaseTransport]] = {}
        self.waiting: dict[object, Callable[[], None]] = {}
        """Connections waiting for request headers, oldest first: how to close each."""
        self.admitted = 0
        self.refusals = _Throttled("connections_refused")
        self.evictions = _Throttled("connections_evicted")
        self.timeouts = _Throttled("header_timeouts")

    @classmethod
    def from_settings(cls, settings: Settings) -> Gate:
        """The gate of `settings`, after raising the process's descriptor limit."""
        fd_limit = raise_fd_limit()
        limits = ConnectionLimits.from_settings(settings, fd_limit)
        log.info(
            "connection_limits",
            header_timeout_s=limits.header_timeout_s,
            max_connections=limits.max_connections,
            max_connections_per_address=limits.max_per_address,
            fd_limit=fd_limit,
        )
        return cls(limits)

    def admit(
        self, transport: asyncio.BaseTransport, peer: str | None, open_now: int
    ) -> str | None:
        """Registers a new connection from `peer`; returns why it is refused, or None.
        `open_now`: the process's open connections (HTTP and WebSocket) before this one."""
        address = None if peer is None else address_of(peer)
        if address is not None and not self._admit_address(transport, address):
            self.refusals.note(reason="address", limit=self.limits.max_per_address)
            return "too many connections from this address"
        if open_now >= self.limits.max_connections:
            if not self.waiting:
                self.refusals.note(reason="process", limit=self.limits.max_connections)
                self.release(transport, peer)
                return "too many connections"
            self.evictions.note(limit=self.limits.max_connections)
            close = next(iter(self.waiting.values()))
            close()  # the oldest waiting connection; it leaves `waiting`
        return None

    def _admit_address(self, transport: asyncio.BaseTransport, address: str) -> bool:
        if self.limits.max_per_address == 0 or self.limits.is_trusted(address):
            return True
        self.admitted += 1
        if self.admitted % SWEEP_EVERY == 0:
            self._sweep()
        held = self.by_address.setdefault(address, set())
        for closed in [t for t in held if t.is_closing()]:
            held.discard(closed)  # WebSockets leave without telling the HTTP protocol
        if len(held) >= self.limits.max_per_address:
            return False
        held.add(transport)
        return True

    def wait(self, key: object, close: Callable[[], None]) -> None:
        """Notes a connection that waits for request headers (`close` closes it)."""
        self.waiting[key] = close

    def done_waiting(self, key: object) -> None:
        """The connection's headers are complete, or it closed."""
        self.waiting.pop(key, None)

    def release(self, transport: asyncio.BaseTransport, peer: str | None) -> None:
        """Forgets a connection that closed."""
        if peer is None:
            return
        address = address_of(peer)
        held = self.by_address.get(address)
        if held is not None:
            held.discard(transport)
            if not held:
                del self.by_address[address]

    def _sweep(self) -> None:
        for address, held in list(self.by_address.items()):
            held.difference_update([t for t in held if t.is_closing()])
            if not held:
                del self.by_address[address]
