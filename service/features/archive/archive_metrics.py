"""The archive's Prometheus metrics: games archived, failures, bytes written, lag, deletions;
object reads by outcome."""

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


class ArchiveReadMetrics:
    """How reads of archived objects ended (`ArchiveReader`), on the service's registry: one
    count per object fetched, by `outcome` (`READ_OUTCOMES`), so a missing object is told apart
    from one that does not verify, and both from a store that does not answer."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.reads = Counter(
            "boardstate_archive_object_reads",
            "Archived objects fetched for reads, by outcome: ok, missing, diverged (does not "
            "verify), too_large, timeout (no answer within the deadline), unavailable.",
            ["outcome"],
            registry=registry or CollectorRegistry(),
        )
        for outcome in READ_OUTCOMES:
            self.reads.labels(outcome)

    def count(self, outcome: str) -> None:
        self.reads.labels(outcome).inc()


READ_OUTCOMES = ("ok", "missing", "diverged", "too_large", "timeout", "unavailable")
