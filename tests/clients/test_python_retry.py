"""What the Python SDK's retrying transport sends again, and how long it waits (issue 29): the
decisions on real `httpx` requests and answers (the transport with a real service is covered by
test_python_package.py: reads refused 429 are retried after `Retry-After`)."""

from __future__ import annotations

import email.utils
import json

import httpx
import pytest
from boardstate_client.retry import RetryPolicy, _repeatable, _should_retry, retry_after

URL = "http://service.test/v1/games/g1"


def problem(status: int, code: str | None, **headers: str) -> httpx.Response:
    if code is None:
        return httpx.Response(status, headers=headers)
    body = json.dumps({"code": code, "detail": "", "status": status}).encode()
    content_type = {"content-type": "application/problem+json"}
    return httpx.Response(status, content=body, headers={**headers, **content_type})


def decide(request: httpx.Request, answer: httpx.Response) -> bool:
    answer.read()
    code = None
    if "json" in answer.headers.get("content-type", ""):
        code = json.loads(answer.content)["code"]
    return _should_retry(answer, code, _repeatable(request))


READ = httpx.Request("GET", URL)
MOVE = httpx.Request("POST", f"{URL}/moves", json={"seat": 0, "move": {}, "moveId": "m1"})
BARE_MOVE = httpx.Request("POST", f"{URL}/moves", json={"seat": 0, "move": {}})
CREATE = httpx.Request("POST", "http://service.test/v1/games", json={"gameType": "trambahn"})
KEYED = httpx.Request("POST", "http://service.test/v1/games", headers={"idempotency-key": "k"})


@pytest.mark.parametrize("request_", [READ, MOVE, BARE_MOVE, CREATE, KEYED])
def test_rate_limited_is_retried_for_every_request(request_: httpx.Request) -> None:
    assert decide(request_, problem(429, "RATE_LIMITED", **{"retry-after": "1"}))


@pytest.mark.parametrize(
    ("request_", "retried"),
    [(READ, True), (MOVE, True), (KEYED, True), (BARE_MOVE, False), (CREATE, False)],
)
def test_store_unavailable_and_gateways_only_where_repeating_is_safe(
    request_: httpx.Request, retried: bool
) -> None:
    assert decide(request_, problem(503, "STORE_UNAVAILABLE")) is retried
    assert decide(request_, problem(502, None)) is retried


@pytest.mark.parametrize(
    ("request_", "retried"), [(MOVE, True), (READ, False), (BARE_MOVE, False), (KEYED, False)]
)
def test_append_uncertain_only_for_a_move_with_its_id(
    request_: httpx.Request, retried: bool
) -> None:
    assert decide(request_, problem(503, "APPEND_UNCERTAIN")) is retried


@pytest.mark.parametrize("code", ["ILLEGAL_MOVE", "VERSION_CONFLICT", "NOT_FOUND"])
def test_refusals_a_repeat_would_not_change_are_not_retried(code: str) -> None:
    assert not decide(MOVE, problem(409, code))


def test_retry_after_in_seconds_or_as_a_date() -> None:
    assert retry_after("3") == 3.0
    assert retry_after(None) is None
    assert retry_after("soon") is None
    date = email.utils.formatdate(1_000_010.0, usegmt=True)
    assert retry_after(date, now=1_000_000.0) == 10.0
    assert retry_after(date, now=1_000_020.0) == 0.0


def test_waits_without_retry_after_double_up_to_the_bound() -> None:
    policy = RetryPolicy(base_delay=0.2, max_delay=1.0)
    assert [policy.backoff(n) for n in range(1, 6)] == [0.2, 0.4, 0.8, 1.0, 1.0]
