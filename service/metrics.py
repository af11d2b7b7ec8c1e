"""Prometheus metrics on a registry of the app's own (so several apps can share a process).

Labelled children on the request path are looked up once and kept (`request_counter`,
`accepted_counter`): `labels()` costs a lock and a tuple per call.

`EDGE`: the connection guard's counters (`service.http.edge.protocol.connection_limits`). The guard
works below the app, on the process's connections, so they are the process's: created once, and
registered on every app's registry."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

from boardstate.engine import registry

CONTENT_TYPE = CONTENT_TYPE_LATEST

REFUSAL_REASONS = ("process_cap", "address_cap", "address_bytes")
EVICTION_REASONS = ("headers", "idle", "body")
TIMEOUT_REASONS = ("headers", "body")
TOO_LARGE_REASONS = ("line", "total")


def _edge_counter(name: str, documentation: str, reasons: tuple[str, ...]) -> Counter:
    counter = Counter(name, documentation, ["reason"], registry=None)
    for reason in reasons:
        counter.labels(reason)  # exported at 0 from the start
    return counter


@dataclasses.dataclass(frozen=True, slots=True)
class EdgeCounters:
    """What the connection guard refused, evicted and timed out in this process."""

    refused: Counter
    evicted: Counter
    timed_out: Counter
    too_large: Counter

    @classmethod
    def create(cls) -> EdgeCounters:
        """New counters (not registered anywhere yet)."""
        return cls(
            refused=_edge_counter(
                "boardstate_connections_refused",
                "Connections answered 503 and closed, by the cap they met (connections, or "
                "head bytes pending from their address).",
                REFUSAL_REASONS,
            ),
            evicted=_edge_counter(
                "boardstate_connections_evicted",
                "Connections closed at the process cap to make room, by what they were "
                "waiting for (headers, idle between requests, the rest of a body).",
                EVICTION_REASONS,
            ),
            timed_out=_edge_counter(
                "boardstate_request_timeouts",
                "Requests whose headers or body did not arrive by their deadline.",
                TIMEOUT_REASONS,
            ),
            too_large=_edge_counter(
                "boardstate_request_headers_too_large",
                "Requests answered 431: a line of their head, or the whole head, too large.",
                TOO_LARGE_REASONS,
            ),
        )

    def collectors(self) -> tuple[Counter, ...]:
        """The counters, to register on a registry."""
        return (self.refused, self.evicted, self.timed_out, self.too_large)


EDGE = EdgeCounters.create()
"""This process's connection guard counters."""


class Metrics:
    """The service's counters, gauges and histograms."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        reg = self.registry
        self.requests = Counter(
            "boardstate_http_requests",
            "HTTP requests and websocket sessions by route and status.",
            ["method", "route", "status"],
            registry=reg,
        )
        self.moves_accepted = Counter(
            "boardstate_moves_accepted", "Moves recorded.", ["game_type"], registry=reg
        )
        self.moves_rejected = Counter(
            "boardstate_moves_rejected", "Moves refused, by code.", ["code"], registry=reg
        )
        self.append_seconds = Histogram(
            "boardstate_append_seconds",
            "Latency of one atomic append to a game's log.",
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5),
            registry=reg,
        )
        self.cache_hits = Counter(
            "boardstate_cache_hits", "Game loads served from the record cache.", registry=reg
        )
        self.cache_misses = Counter(
            "boardstate_cache_misses", "Game loads that folded the whole log.", registry=reg
        )
        self.pictures_rendered = Counter(
            "boardstate_pictures_rendered",
            "Board pictures drawn (GET .../board.svg, Game.boardSvg); a 304 draws none.",
            registry=reg,
        )
        self.games_created = Counter(
            "boardstate_games_created", "Games created.", ["game_type"], registry=reg
        )
        self.subscribers = Gauge(
            "boardstate_subscribers", "Open gameEvents subscriptions.", registry=reg
        )
        self.feed_streams = Gauge(
            "boardstate_feed_streams", "Open feed streams (SSE and subscriptions).", registry=reg
        )
        self.feeds = Gauge(
            "boardstate_feeds", "Shared per-game log readers in this process.", registry=reg
        )
        self.pool_in_use = Gauge(
            "boardstate_redis_pool_in_use",
            "Request connections to Redis checked out now (excludes live stream readers).",
            registry=reg,
        )
        self.stream_readers = Gauge(
            "boardstate_stream_readers",
            "Blocking XREADs this process runs for live streams (one per group of games).",
            registry=reg,
        )

        self.loop_lag = Histogram(
            "boardstate_event_loop_lag_seconds",
            "How late the event loop woke a 10 ms timer: the longest it was held meanwhile.",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5),
            registry=reg,
        )
        self.loop_lag_max = Gauge(
            "boardstate_event_loop_lag_max_seconds",
            "The worst event-loop lag since the process started.",
            registry=reg,
        )

        self.thinking = Gauge(
            "boardstate_thinking",
            "Bot moves (pool=bots) and hints (pool=hints) being thought about in threads now.",
            ["pool"],
            registry=reg,
        )
        self.loop_running = Gauge(
            "boardstate_loop_running",
            "1 while the background loop runs (service.loops), 0 while stopped or restarting.",
            ["loop"],
            registry=reg,
        )
        self.loop_started = Gauge(
            "boardstate_loop_started_timestamp_seconds",
            "When the background loop last (re)started, seconds since the epoch.",
            ["loop"],
            registry=reg,
        )
        self.loop_failures = Counter(
            "boardstate_loop_failures",
            "Times the background loop crashed (it is started again after a backoff).",
            ["loop"],
            registry=reg,
        )
        self.game_types = Gauge(
            "boardstate_game_type_info",
            "1 per game type served, with the package (and its version) that registers it.",
            ["game_type", "package", "version", "rules_version"],
            registry=reg,
        )
        for type_id, source in sorted(registry.SOURCES.items()):
            rules_version = registry.GAMES[type_id].info.rules_version
            self.game_types.labels(type_id, source.package, source.version, rules_version).set(1)
        for counter in EDGE.collectors():
            reg.register(counter)

        self._children: dict[tuple[Any, ...], Any] = {}

    def watch_pool(self, in_use: Callable[[], int], readers: Callable[[], int]) -> None:
        """Reads the pool and reader gauges from these functions at each scrape."""
        self.pool_in_use.set_function(in_use)
        self.stream_readers.set_function(readers)

    def watch_thinking(self, bots: Callable[[], int], hints: Callable[[], int]) -> None:
        """Reads the `thinking` gauges from these functions at each scrape."""
        self.thinking.labels("bots").set_function(bots)
        self.thinking.labels("hints").set_function(hints)

    def request_counter(self, method: str, route: str, status: int) -> Any:
        """Returns the `requests` child of one method, route and status."""
        key = ("requests", method, route, status)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = self.requests.labels(method, route, str(status))
        return child

    def accepted_counter(self, game_type: str) -> Any:
        """Returns the `moves_accepted` child of one game type."""
        key = ("accepted", game_type)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = self.moves_accepted.labels(game_type)
        return child

    def render(self) -> bytes:
        """Returns the Prometheus text exposition."""
        return bytes(generate_latest(self.registry))
