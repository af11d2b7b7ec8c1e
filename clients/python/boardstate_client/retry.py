"""Retries with bounded waits, below every call: an httpx transport that sends a request again,
unchanged, when the service asks for it and doing so is safe (as the TypeScript SDK's
`retryingFetch`):

* `429 RATE_LIMITED` (any request: the limiter refused it before any work), after its
  `Retry-After`;
* `503 STORE_UNAVAILABLE`, a `502`/`503`/`504` without a problem body (a balancer), or no answer
  at all (the network): only a request that may be repeated, i.e. a read (`GET`, `HEAD`,
  `OPTIONS`), a request with an `Idempotency-Key`, or a move with a `moveId` (the service applies
  a move id once and answers a repeat with the first result);
* `503 APPEND_UNCERTAIN` (the store may or may not have written the move): only a move with a
  `moveId`.

Waits: the answer's `Retry-After` when it has one, else `base_delay` doubling up to `max_delay`;
each plus a random share (`jitter`), so clients refused together do not come back together. At
most `max_attempts` attempts and `max_total_wait` seconds of waiting in all: a wait that would
pass that bound is not made, and the last answer is returned (or the network error raised).
"""

from __future__ import annotations

import asyncio
import dataclasses
import email.utils
import json
import random
import re
import time
from collections.abc import Callable

import httpx

READS = frozenset({"GET", "HEAD", "OPTIONS"})
GATEWAY = frozenset({502, 503, 504})
MOVES = re.compile(r"/v1/games/[^/]+/moves$")


@dataclasses.dataclass(frozen=True, slots=True)
class RetryInfo:
    """What `on_retry` is told before each wait: the request, the attempt that failed (1 for
    the first), the wait in seconds, the answer's status and problem code (None when the
    network failed) and the network error (None when there was an answer)."""

    method: str
    url: str
    attempt: int
    wait: float
    status: int | None
    code: str | None
    error: BaseException | None


@dataclasses.dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How often and how long a call is retried; `RetryPolicy(max_attempts=1)` turns it off."""

    max_attempts: int = 5
    max_total_wait: float = 30.0
    base_delay: float = 0.2
    max_delay: float = 5.0
    jitter: float = 0.2
    on_retry: Callable[[RetryInfo], None] | None = None

    def backoff(self, attempt: int) -> float:
        """The wait after attempt `attempt` when the answer has no `Retry-After`."""
        return float(min(self.max_delay, self.base_delay * 2 ** max(0, attempt - 1)))


DEFAULT_RETRY = RetryPolicy()


def retry_after(header: str | None, now: float | None = None) -> float | None:
    """`Retry-After` (seconds, or an HTTP date) in seconds; None when absent or unreadable."""
    if header is None:
        return None
    text = header.strip()
    if text.isdigit():
        return float(text)
    try:
        at = email.utils.parsedate_to_datetime(text).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, at - (time.time() if now is None else now))


def bounded_wait(
    policy: RetryPolicy, attempt: int, waited: float, after: float | None
) -> float | None:
    """The wait before attempt `attempt` + 1, after `waited` seconds of waiting already: `after`
    (the service's `Retry-After`; None: the policy's backoff) plus jitter, or None when the
    policy's bounds say stop."""
    wait = (policy.backoff(attempt) if after is None else after) * (
        1 + random.random() * max(0.0, policy.jitter)
    )
    if attempt >= policy.max_attempts or waited + wait > policy.max_total_wait:
        return None
    return wait


@dataclasses.dataclass(frozen=True, slots=True)
class _Repeatable:
    any: bool
    move: bool


def _repeatable(request: httpx.Request) -> _Repeatable:
    if request.method in READS:
        return _Repeatable(any=True, move=False)
    keyed = "idempotency-key" in request.headers
    if request.method == "POST" and MOVES.search(request.url.path):
        try:
            body = json.loads(request.content)
        except (ValueError, httpx.RequestNotRead):
            body = None
        idempotent = keyed or (isinstance(body, dict) and isinstance(body.get("moveId"), str))
        return _Repeatable(any=idempotent, move=idempotent)
    return _Repeatable(any=keyed, move=False)


def _code(answer: httpx.Response) -> str | None:
    """The problem `code` of an answer already read (None for a success or no problem)."""
    if answer.is_success or "json" not in answer.headers.get("content-type", ""):
        return None
    try:
        code = json.loads(answer.content).get("code")
    except (ValueError, AttributeError):
        return None
    return code if isinstance(code, str) else None


def _should_retry(answer: httpx.Response, code: str | None, repeatable: _Repeatable) -> bool:
    if answer.status_code == 429:
        return code == "RATE_LIMITED" or (code is None and "retry-after" in answer.headers)
    if code == "APPEND_UNCERTAIN":
        return repeatable.move
    if code == "STORE_UNAVAILABLE":
        return repeatable.any
    return code is None and answer.status_code in GATEWAY and repeatable.any


@dataclasses.dataclass(slots=True)
class _Attempts:
    """One call's attempts: decides after each whether to wait and go again, and how long."""

    policy: RetryPolicy
    request: httpx.Request
    repeatable: _Repeatable
    waited: float = 0.0

    def wait(
        self, attempt: int, answer: httpx.Response | None, error: BaseException | None
    ) -> float | None:
        """The wait before the next attempt, or None to stop with this answer (or error)."""
        if answer is None and not self.repeatable.any:
            return None
        code = None if answer is None else _code(answer)
        if answer is not None and not _should_retry(answer, code, self.repeatable):
            return None
        after = None if answer is None else retry_after(answer.headers.get("retry-after"))
        wait = bounded_wait(self.policy, attempt, self.waited, after)
        if wait is None:
            return None
        self.waited += wait
        if self.policy.on_retry is not None:
            status = None if answer is None else answer.status_code
            request = self.request
            info = RetryInfo(request.method, str(request.url), attempt, wait, status, code, error)
            self.policy.on_retry(info)
        return wait


class RetryingTransport(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """An httpx transport (sync and async) that retries as the module says; give it to a client
    with `httpx_args={"transport": RetryingTransport()}` (`connect` does)."""

    def __init__(
        self,
        policy: RetryPolicy = DEFAULT_RETRY,
        sync: httpx.BaseTransport | None = None,
        async_: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.policy = policy
        self.sync = sync or httpx.HTTPTransport()
        self.async_ = async_ or httpx.AsyncHTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        attempts = _Attempts(self.policy, request, _repeatable(request))
        for attempt in range(1, self.policy.max_attempts + 1):
            try:
                answer = self.sync.handle_request(request)
            except httpx.TransportError as error:
                wait = attempts.wait(attempt, None, error)
                if wait is None:
                    raise
            else:
                if answer.is_success:
                    return answer
                answer.read()
                wait = attempts.wait(attempt, answer, None)
                if wait is None:
                    return answer
                answer.close()
            time.sleep(wait)
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        attempts = _Attempts(self.policy, request, _repeatable(request))
        for attempt in range(1, self.policy.max_attempts + 1):
            try:
                answer = await self.async_.handle_async_request(request)
            except httpx.TransportError as error:
                wait = attempts.wait(attempt, None, error)
                if wait is None:
                    raise
            else:
                if answer.is_success:
                    return answer
                await answer.aread()
                wait = attempts.wait(attempt, answer, None)
                if wait is None:
                    return answer
                await answer.aclose()
            await asyncio.sleep(wait)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def close(self) -> None:
        self.sync.close()

    async def aclose(self) -> None:
        await self.async_.aclose()
