"""The archive's Prometheus metrics: games archived, failures, bytes written, lag, deletions."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge


class ArchiveMetrics:
    """Metrics on `registry` (default: one of their own, as `boardstate archive run` has)."""

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
        self.lag = Gauge(
            "boardstate_archive_lag_seconds",
            "Age of the oldest game due for archiving and not archived (0: none waiting).",
            registry=reg,
        )
        self.deleted = Counter(
            "boardstate_archive_deleted_games",
            "Archived games deleted by retention (BOARDSTATE_ARCHIVE_RETENTION_DAYS).",
            registry=reg,
        )
