"""`KeySet`: the integrator's player-token verification keys (`BOARDSTATE_PLAYER_JWKS`).

A JWKS document (RFC 7517), inline or in a file. Each key's algorithm is fixed by the key (its
`alg`, else what its type implies: `oct` HS256, `RSA` RS256, `EC` by curve, `OKP` EdDSA), so a
token cannot choose another. A file is checked for changes at most every `RELOAD_SECONDS` and
re-read when its modification time or size changed: publishing a new key set is a key
rotation without a restart. A file that no longer parses keeps the last good set (and logs).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import jwt
import structlog

from boardstate.service.env_values import SettingsError

log = structlog.get_logger("boardstate.identity")
RELOAD_SECONDS = 2.0
MAX_JWKS_BYTES = 256 * 1024


def parse_jwks(text: str) -> dict[str, tuple[Any, str]]:
    """Returns `kid -> (key, algorithm)` of a JWKS document; raises `ValueError`."""
    doc = json.loads(text)
    if not isinstance(doc, dict) or not isinstance(doc.get("keys"), list):
        raise ValueError('a JWKS document is an object {"keys": [...]}')
    found: dict[str, tuple[Any, str]] = {}
    for raw in doc["keys"]:
        try:
            key = jwt.PyJWK.from_dict(raw)
        except jwt.PyJWTError as exc:
            raise ValueError(f"unusable key {raw.get('kid')!r}: {exc}") from exc
        if key.algorithm_name.lower() == "none":
            raise ValueError("a key may not have the algorithm none")
        found[str(key.key_id or "")] = (key.key, key.algorithm_name)
    return found


class KeySet:
    """The verification keys by `kid`, reloaded from their file when it changes."""

    def __init__(self, source: str | None) -> None:
        self.path: Path | None = None
        self.keys: dict[str, tuple[Any, str]] = {}
        self._stamp: tuple[int, int] | None = None
        self._checked = 0.0
        if source is None:
            return
        if source.lstrip().startswith("{"):
            self.keys = _parsed(source, "BOARDSTATE_PLAYER_JWKS")
            return
        self.path = Path(source)
        if not self.path.is_file():
            raise SettingsError(f"BOARDSTATE_PLAYER_JWKS: no such file {source}")
        self._reload(strict=True)

    def find(self, kid: object) -> tuple[Any, str] | None:
        """Returns the key and algorithm for a token's `kid` (a token without `kid` gets the
        only key of a one-key set), or None."""
        self._maybe_reload()
        if kid is None and len(self.keys) == 1:
            return next(iter(self.keys.values()))
        return self.keys.get(kid) if isinstance(kid, str) and kid else None

    def _maybe_reload(self) -> None:
        now = time.monotonic()
        if self.path is None or now - self._checked < RELOAD_SECONDS:
            return
        self._checked = now
        self._reload(strict=False)

    def _reload(self, strict: bool) -> None:
        assert self.path is not None
        try:
            stat = os.stat(self.path)
            stamp = (stat.st_mtime_ns, stat.st_size)
            if stamp == self._stamp:
                return
            if stat.st_size > MAX_JWKS_BYTES:
                raise ValueError(f"over {MAX_JWKS_BYTES} bytes")
            keys = _parsed(self.path.read_text(encoding="utf-8"), str(self.path))
        except (OSError, SettingsError, ValueError) as exc:
            if strict:
                raise SettingsError(f"BOARDSTATE_PLAYER_JWKS: {exc}") from exc
            log.warning("jwks_reload_failed", path=str(self.path), error=str(exc))
            return
        self.keys, self._stamp = keys, stamp
        log.info("jwks_loaded", path=str(self.path), keys=sorted(keys))


def _parsed(text: str, where: str) -> dict[str, tuple[Any, str]]:
    try:
        return parse_jwks(text)
    except (ValueError, TypeError, AttributeError) as exc:
        raise SettingsError(f"{where}: not a usable JWKS document ({exc})") from exc
