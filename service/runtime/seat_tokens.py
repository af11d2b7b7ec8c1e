"""Seat tokens: random, shown once, stored only as SHA-256 hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """Returns a fresh seat token (256 random bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """Returns the lowercase hex SHA-256 of a token, as stored."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    """Tells whether `token` hashes to `stored_hash` (constant-time; False when either is None)."""
    if token is None or stored_hash is None:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def admin_token_matches(expected: str | None, token: str | None) -> bool:
    """Tells whether `token` is the operator's `BOARDSTATE_ADMIN_TOKEN` (constant-time; False
    when the server has none)."""
    if expected is None or token is None:
        return False
    return hmac.compare_digest(token.encode("utf-8"), expected.encode("utf-8"))


def admin_needed(what: str, expected: str | None) -> str:
    """The message of a refusal for want of the admin token: `what` ("webhooks need") and, when
    the server has none, which setting gives it one (issue 39, item 7)."""
    if expected is None:
        return (
            f"{what} the admin token, and this server has none: start it with "
            "BOARDSTATE_ADMIN_TOKEN set (16+ characters) and send Authorization: Bearer <it>"
        )
    return f"{what} Authorization: Bearer <admin token> (the server's BOARDSTATE_ADMIN_TOKEN)"
