"""The archive's Prometheus counters: games archived, failures, bytes written."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter


class ArchiveMetrics:
    """Counters on `registry` (default: one of their own, as `boardstate archive run` has)."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        reg = registry or CollectorRegistry()
        self.archived = Counter(
            "boardstate_archived_games", "Games archived to the object store.", registry=reg
        )
        self.failures = Counter(
            "boardstate_archive_failures", "Games whose archiving failed (retried).", registry=reg
        )
        self.bytes = Counter(
            "boardstate_archive_bytes", "Compressed bytes written to the archive.", registry=reg
        )
