"""The error codes of archived games' reads (docs/archive.md, "Reading archived games"), beside
`service.contract.codes` (codes are API). Both are HTTP 503 with `Retry-After` (a GraphQL
error's `extensions.code`, a command socket `error`'s `code`): the game exists (lists show it)
but this server cannot serve its log now; an operator can, and nothing of it is lost.

* `ARCHIVED_LOG_MISSING` — the game is archived, but the object its index entry names is not in
  this server's archive store (`BOARDSTATE_ARCHIVE_STORE` points elsewhere, or the object was
  removed there). Not `LOG_DIVERGED`: nothing says the log is corrupt.
* `ARCHIVED_LOG_TOO_LARGE` — the game's object is larger than this server reads
  (`BOARDSTATE_ARCHIVE_MAX_OBJECT_BYTES`), or its log longer than it decompresses (64 MiB);
  nothing of it was read whole.

An object that was read and does not verify (it does not decompress, its log does not hash to
its name or does not replay, it inflates past the length of its log) is `LOG_DIVERGED`; an
object store that does not answer within its deadline, or a name that is not a regular file,
is `STORE_UNAVAILABLE`.
"""

from __future__ import annotations

ARCHIVED_LOG_MISSING = "ARCHIVED_LOG_MISSING"
ARCHIVED_LOG_TOO_LARGE = "ARCHIVED_LOG_TOO_LARGE"

ARCHIVE_CODES: tuple[str, ...] = (ARCHIVED_LOG_MISSING, ARCHIVED_LOG_TOO_LARGE)
