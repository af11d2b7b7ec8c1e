"""Which game an exported log is, and which content: what makes imports idempotent.

A game is named by its own evidence: `GameCreated.data.seedCommitment` (a fresh 256-bit value
per game unless a client reuses its seed), the final version and the final `stateHash` (which
the verifier reproduces from the seed and every move). `import_id` derives the game id an
import is stored under from these, so the store's atomic create ("only if the id is new")
decides which of two concurrent imports of one game wins, and a second import finds the first.

`content_digest` is the SHA-256 of the events in their export form (NDJSON and msgpack exports
of one log give the same digest). The same game with the same digest is the same log: the
import returns the existing game (idempotent, like an `Idempotency-Key` retry at Stripe). The
same game with another digest (times shifted, a field edited so that the log still verifies)
is `LOG_CONFLICT` (409), as a reused idempotency key with other parameters is.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Sequence

from boardstate.service.store import StoredEvent

ID_BYTES = 12
"""Bytes of the derived id: 16 URL-safe base64 characters, as `secrets.token_urlsafe(12)`."""


def import_id(events: Sequence[StoredEvent]) -> str:
    """Returns the game id of the import of `events` (see the module docstring)."""
    first = events[0].data.get("seedCommitment") if events else None
    last = events[-1] if events else None
    parts = [
        "boardstate-import",
        str(first),
        str(last.version if last else 0),
        last.state_hash if last else "",
    ]
    digest = hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).digest()
    return base64.urlsafe_b64encode(digest[:ID_BYTES]).decode("ascii")


def content_digest(events: Sequence[StoredEvent]) -> str:
    """Returns the lowercase hex SHA-256 of `events` in their export form, one canonical JSON
    document (sorted keys, no spaces) per event."""
    hasher = hashlib.sha256()
    for event in events:
        line = json.dumps(
            event.to_export(), sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        hasher.update(line.encode("utf-8", "surrogatepass"))
        hasher.update(b"\n")
    return hasher.hexdigest()


def identify(events: Sequence[StoredEvent]) -> tuple[str, str]:
    """Returns `(import_id, content_digest)` of `events`."""
    return import_id(events), content_digest(events)
