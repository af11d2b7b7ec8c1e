"""The limits of archive object reads (issue 37; docs/security.md, "The archive"), read from the
environment as `service.settings` reads the rest; every variable is in docs/configuration.md.
`service.features.archive.stores` hands them to the object store
(`service.store.archive.object_reads.ReadLimits`), `archived_reads.attach` the cache to the
reader."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from boardstate.service.env_values import integer

MAX_OBJECT_BYTES = 16 * 1024 * 1024
READ_TIMEOUT_SECONDS = 10
CACHE_BYTES = 64 << 20


@dataclasses.dataclass(frozen=True, slots=True)
class ArchiveLimits:
    """How large an archived object may be, and how long one read of it may take."""

    max_object_bytes: int = MAX_OBJECT_BYTES
    """`BOARDSTATE_ARCHIVE_MAX_OBJECT_BYTES`: an object larger than this (compressed) is
    refused from its size, never read (`ARCHIVED_LOG_TOO_LARGE`); the archiver archives no
    game whose object would be larger."""
    read_timeout_seconds: int = READ_TIMEOUT_SECONDS
    """`BOARDSTATE_ARCHIVE_READ_TIMEOUT_SECONDS`: the most one object read waits (a file, or
    S3: also its connect and read timeouts) before it is `STORE_UNAVAILABLE`."""
    cache_bytes: int = CACHE_BYTES
    """`BOARDSTATE_ARCHIVE_CACHE_BYTES`: memory for archived games' events read back
    (`features.archive.reader`, estimated)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> ArchiveLimits:
        return cls(
            max_object_bytes=integer(
                env, "BOARDSTATE_ARCHIVE_MAX_OBJECT_BYTES", MAX_OBJECT_BYTES, lo=1024, hi=1 << 30
            ),
            read_timeout_seconds=integer(
                env, "BOARDSTATE_ARCHIVE_READ_TIMEOUT_SECONDS", READ_TIMEOUT_SECONDS, hi=300
            ),
            cache_bytes=integer(
                env, "BOARDSTATE_ARCHIVE_CACHE_BYTES", CACHE_BYTES, lo=0, hi=1 << 40
            ),
        )
