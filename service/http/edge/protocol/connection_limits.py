"""The server's connection guard's bookkeeping (`service.http.edge.protocol.protocols`): `Gate`.

`Gate` counts each client address's open connections and decides whether a new one is let
in, with the limits of `service.http.edge.protocol.connection_caps.ConnectionLimits`. Peers in
`BOARDSTATE_TRUSTED_PROXIES` have no per-address cap (behind a proxy every client shares the
proxy's address; the per-address rate limits count the forwarded client). At the process cap a
new connection takes the place of the connection that has waited longest for a client: for a
request's headers or body since the request began (closed as if its deadline had passed), or
idle between two requests since the last answer. A flood of half-sent requests or trickled
bodies from many addresses therefore cannot keep out a client that sends its request at once
(its connection is the youngest); only when no connection waits (all are answering, streaming
or WebSockets) is the new one refused. It also keeps the head bytes each address has pending
(`service.http.edge.protocol.pending_bytes`).

Refusals, evictions, timeouts and heads too large are counted (`service.metrics.EDGE`, by
reason) and logged at most once per `LOG_EVERY_S` with a count.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import structlog
from prometheus_client import Counter

from boardstate.service.http.edge.protocol.connection_caps import (
    ConnectionLimits,
    address_of,
    raise_fd_limit,
)
from boardstate.service.http.edge.protocol.pending_bytes import PendingBytes
from boardstate.service.metrics import EDGE
from boardstate.service.settings import Settings

log = structlog.get_logger("boardstate.connections")

SWEEP_EVERY = 1024
"""Admissions between two sweeps of addresses whose connections all closed."""
LOG_EVERY_S = 10.0
"""Refusals and timeouts are logged at most once per this many seconds, with a count."""

Evict = Callable[[], str]
"""Closes a waiting connection to make room; returns what it waited for (`EVICTION_REASONS`)."""


class _Throttled:
    """Counts an event (on `counter`, by reason) and logs it at most once per `LOG_EVERY_S`,
    with the count since."""

    def __init__(self, event: str, counter: Counter) -> None:
        self.event = event
        self.counter = counter
        self.count = 0
        self.logged_at = -LOG_EVERY_S

    def note(self, reason: str, **fields: object) -> None:
        self.counter.labels(reason).inc()
        self.count += 1
        now = time.monotonic()
        if now - self.logged_at >= LOG_EVERY_S:
            log.warning(self.event, count=self.count, reason=reason, **fields)
            self.logged_at, self.count = now, 0


class Gate:
    """One process's open connections per client address, and the admission rule."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.by_address: dict[str, set[asyncio.BaseTransport]] = {}
        self.waiting: dict[object, Evict] = {}
        """Connections waiting for their client, longest first: how to close each."""
        self.admitted = 0
        self.pending = PendingBytes(limits.max_pending_per_address)
        self.refusals = _Throttled("connections_refused", EDGE.refused)
        self.evictions = _Throttled("connections_evicted", EDGE.evicted)
        self.timeouts = {
            "headers": _Throttled("header_timeouts", EDGE.timed_out),
            "body": _Throttled("body_timeouts", EDGE.timed_out),
        }
        self.too_large = _Throttled("headers_too_large", EDGE.too_large)

    @classmethod
    def from_settings(cls, settings: Settings) -> Gate:
        """The gate of `settings`, after raising the process's descriptor limit."""
        fd_limit = raise_fd_limit()
        limits = ConnectionLimits.from_settings(settings, fd_limit)
        log.info(
            "connection_limits",
            header_timeout_s=limits.header_timeout_s,
            body_timeout_s=limits.body_timeout_s,
            max_connections=limits.max_connections,
            max_connections_per_address=limits.max_per_address,
            max_header_line_bytes=limits.max_header_line,
            max_header_bytes=limits.max_header_bytes,
            max_pending_bytes_per_address=limits.max_pending_per_address,
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
            self.refusals.note("address_cap", limit=self.limits.max_per_address)
            return "too many connections from this address"
        if open_now >= self.limits.max_connections:
            if not self.waiting:
                self.refusals.note("process_cap", limit=self.limits.max_connections)
                self.release(transport, peer)
                return "too many connections"
            evict = next(iter(self.waiting.values()))
            reason = evict()  # the connection waiting longest; it leaves `waiting`
            self.evictions.note(reason, limit=self.limits.max_connections)
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

    def wait(self, key: object, evict: Evict) -> None:
        """Notes a connection that waits for its client (`evict` closes it); one already
        waiting keeps its place."""
        self.waiting.setdefault(key, evict)

    def done_waiting(self, key: object) -> None:
        """The connection's request is wholly in, or it closed."""
        self.waiting.pop(key, None)

    def timed_out(self, part: str) -> None:
        """A request's `part` (`headers`, `body`) did not arrive in time."""
        limits = self.limits
        timeout_s = limits.header_timeout_s if part == "headers" else limits.body_timeout_s
        self.timeouts[part].note(part, timeout_s=timeout_s)

    def head_too_large(self, reason: str) -> None:
        """A request's head broke `reason` (`line`, `total`) and was answered 431."""
        limits = self.limits
        limit = limits.max_header_line if reason == "line" else limits.max_header_bytes
        self.too_large.note(reason, limit=limit)

    def pending_key(self, peer: str | None) -> str | None:
        """The address whose pending head bytes a connection from `peer` counts against, or
        None when they are not counted (no cap, a trusted proxy, no address)."""
        address = None if peer is None else address_of(peer)
        trusted = address is not None and self.limits.is_trusted(address)
        return address if self.pending.counts(address, trusted) else None

    def hold(self, key: str, before: int, after: int) -> bool:
        """A connection of `key` (`pending_key`) held `before` head bytes and now holds
        `after`; False, counted and logged, when that takes the address past its cap."""
        if self.pending.move(key, before, after):
            return True
        self.refusals.note("address_bytes", limit=self.pending.cap)
        return False

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
