"""`connect`: a generated client whose every call retries (`boardstate_client.retry`)."""

from __future__ import annotations

from typing import overload

import httpx
from boardstate_api import AuthenticatedClient, Client

from boardstate_client.retry import DEFAULT_RETRY, RetryingTransport, RetryPolicy

TIMEOUT = 30.0


@overload
def connect(
    url: str, token: str, *, retry: RetryPolicy = ..., timeout: float = ...
) -> AuthenticatedClient: ...


@overload
def connect(
    url: str, token: None = None, *, retry: RetryPolicy = ..., timeout: float = ...
) -> Client: ...


def connect(
    url: str,
    token: str | None = None,
    *,
    retry: RetryPolicy = DEFAULT_RETRY,
    timeout: float = TIMEOUT,
) -> Client | AuthenticatedClient:
    """A client of the service at `url` (anonymous, or with a seat's or an admin's `token`)
    whose calls, sync and async, streams included, retry as `retry` says (a
    `RetryingTransport` below httpx). Use it with any `boardstate_api` operation."""
    args = {"transport": RetryingTransport(retry)}
    if token is None:
        return Client(url, timeout=httpx.Timeout(timeout), httpx_args=args)
    return AuthenticatedClient(url, token=token, timeout=httpx.Timeout(timeout), httpx_args=args)
