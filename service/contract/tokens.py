"""Bearer tokens: the seat token a caller presents, read the same way by every door."""

from __future__ import annotations


def bearer_token(value: object) -> str | None:
    """Returns the token of an `Authorization: Bearer <token>` value, else None."""
    if not isinstance(value, str):
        return None
    scheme, _, token = value.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        return None
    return token
