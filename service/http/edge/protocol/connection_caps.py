"""What the server's connection guard (`service.http.edge.protocol.protocols`) enforces, from the
settings.

* `ConnectionLimits`: the header and body read timeouts, the caps on open connections of one
  process (`BOARDSTATE_HEADER_TIMEOUT_SECONDS`, `BOARDSTATE_BODY_TIMEOUT_SECONDS`,
  `BOARDSTATE_MAX_CONNECTIONS`, `BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS`) and the head limits
  (`service.http.edge.protocol.header_settings`). The process cap never exceeds what the process's
  file descriptor limit leaves after `FD_RESERVE` descriptors and the Redis pool, so a flood of
  connections is refused before the process runs out of descriptors for Redis and its files.
* `raise_fd_limit()`: raises the soft `RLIMIT_NOFILE` to the hard limit (done once, when the
  guard is created).
* `plain_ip`, `address_of`: the address the caps count for a peer.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import resource

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


def plain_ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """Returns the IP address `text` names, an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what
    a dual-stack listener reports for an IPv4 client) as its IPv4 address; None if not one."""
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def address_of(peer: str) -> str:
    """Returns `peer` as the address the caps count (IPv4-mapped IPv6 unwrapped)."""
    ip = plain_ip(peer)
    return peer if ip is None else str(ip)


@dataclasses.dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """The guard's limits for one process."""

    header_timeout_s: float
    max_connections: int
    max_per_address: int
    """0: no per-address cap."""
    trusted: tuple[Network, ...] = ()
    body_timeout_s: float = 30.0
    max_header_line: int = 8 * 1024
    """A request's line or header line, its ending included (`BOARDSTATE_MAX_HEADER_LINE_BYTES`)."""
    max_header_bytes: int = 32 * 1024
    """A request's whole head (`BOARDSTATE_MAX_HEADER_BYTES`)."""
    max_pending_per_address: int = 1024 * 1024
    """Head bytes pending per address (`BOARDSTATE_MAX_PENDING_BYTES_PER_ADDRESS`); 0: no cap."""

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
            body_timeout_s=float(settings.body_timeout_seconds),
            max_header_line=settings.headers.max_line_bytes,
            max_header_bytes=settings.headers.max_bytes,
            max_pending_per_address=settings.headers.max_pending_per_address,
        )

    def is_trusted(self, address: str) -> bool:
        """Whether `address` is one of the trusted proxies."""
        ip = plain_ip(address)
        return ip is not None and any(ip in network for network in self.trusted)
