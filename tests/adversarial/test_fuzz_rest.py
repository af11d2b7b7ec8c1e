"""Property-based fuzzing of the REST API (`/v1`) with schemathesis against a real server process.

Every operation of `schema/openapi.json` (the committed document, which a test keeps equal to
the one served at `/v1/openapi.json`) is generated with arbitrary parameters and bodies; path
ids mostly point at a real game so the checks behind the 404 run too. Every check schemathesis
has runs on every answer (`CHECKS`: no 5xx; status, content type, headers and body as
documented, Server-Sent Events included; a schema-invalid request refused; a schema-valid one
accepted; auth and resource checks), as `schemathesis run --checks all` would.

"A schema-valid request is accepted" (ST202) holds with one refinement: a refusal that depends
on what a JSON Schema cannot see is not a broken promise of the document. `STATE_CODES` are
those, each answered only when the request meets a particular game (seat 3 of a two-seat game,
version 40 of a game at version 11, a move its rules refuse, options of another game type) or a
particular token. Any other 4xx of a schema-valid request (a `BAD_REQUEST`, a `BAD_JSON`) fails:
the document must then be tightened or the server fixed. Bounded: `MAX_EXAMPLES` per operation,
derandomized.
"""

from __future__ import annotations

import collections
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import hypothesis
import pytest
import schemathesis
from hypothesis import strategies as st
from schemathesis.checks import CHECKS
from schemathesis.openapi.checks import RejectedPositiveData
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.adversarial.conftest import ADMIN_TOKEN
from tests.api.server import ServiceProcess

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("adversarial-fuzz-rest")]

REPO = Path(__file__).resolve().parents[2]
MAX_EXAMPLES = 40
STATUSES: collections.Counter[int] = collections.Counter()
STATE_CODES = frozenset(
    {
        "BAD_SEAT",  # a seat beyond this game's players
        "BAD_VERSION",  # a version beyond this game's log, or not where a fork may start
        "BAD_CURSOR",  # a cursor this server did not issue (opaque, like an unknown id)
        "MALFORMED_MOVE",  # a move's shape is its game type's (one `move` schema per type)
        "ILLEGAL_MOVE",
        "NOT_YOUR_TURN",
        "GAME_FINISHED",
        "GAME_NOT_STARTED",
        "TIME_EXPIRED",
        "HINTS_OFF",  # this game's table options
        "BAD_OPTIONS",  # options of another game type
        "BAD_PLAYER_COUNT",  # this game type's player counts
        "BAD_NAME",  # `playerIds` has one entry per seat of this game
        "BAD_FEED_FILTER",  # a seat token follows its own game only
        "BAD_WEBHOOK",  # a URL that resolves to a private address
        "TWO_VALUES_DIFFER",  # see `_code`
        "BAD_LOG",  # a log route's body is an export: events in order, which a string's
        "LOG_UNVERIFIED",  # JSON Schema cannot state (nor that the log verifies)
        "GAME_NOT_FINISHED",  # a rematch of a game still in play
        "TOO_MANY_SEEKS",  # the player's open seeks, a count of earlier requests
        "BAD_MATCH_REQUEST",  # ratingMin above ratingMax, a challenge to oneself
        "NOT_CHALLENGED",  # who a challenge invited
        "CHALLENGE_CLOSED",  # an answered or expired challenge
    }
)

# `format: printable` (`service.http.openapi_values`): what `str.isprintable` accepts, a set no
# JSON Schema pattern can state; names are stripped, so one of spaces only is not a name.
_printable = st.characters(categories=("L", "M", "N", "P", "S")) | st.just(" ")
schemathesis.openapi.format(
    "printable", st.text(_printable, min_size=1, max_size=64).filter(lambda s: bool(s.strip()))
)
schema = schemathesis.openapi.from_path(REPO / "schema" / "openapi.json")
# The log routes take an export (NDJSON or msgpack) as their body: the drawn value's bytes.
schemathesis.serializer.alias(
    ["application/x-ndjson", "application/msgpack"], "application/octet-stream"
)
STREAM = "streamEvents"
"""On a running game its 200 never ends (a keep-alive every 15 s until `GameEnded`): the stream
is asked of a finished game, whose stream ends after `GameEnded`, and its events are checked
against the document (SSE event schema)."""


@pytest.fixture(scope="module")
def game(service: ServiceProcess) -> Iterator[tuple[str, str, str]]:
    """A started Trambahn game, seat 0's token and a finished (aborted) game."""
    body = {"gameType": "trambahn", "players": 2, "seats": ["ann", "bob"]}
    created = httpx.post(f"{service.url}/v1/games", json=body, timeout=30).json()
    ended = httpx.post(f"{service.url}/v1/games", json=body, timeout=30).json()["game"]["id"]
    admin = {"authorization": f"Bearer {ADMIN_TOKEN}"}
    aborted = httpx.post(f"{service.url}/v1/games/{ended}/abort", headers=admin, timeout=30)
    assert aborted.status_code == 200, aborted.text
    yield created["game"]["id"], created["tokens"][0]["token"], ended
    print(
        f"rest fuzz: {sum(STATUSES.values())} requests, by status {dict(sorted(STATUSES.items()))}"
    )


def test_the_served_document_is_the_committed_one(service: ServiceProcess) -> None:
    served = httpx.get(f"{service.url}/v1/openapi.json", timeout=30)
    assert served.status_code == 200
    assert served.text == (REPO / "schema" / "openapi.json").read_text(encoding="utf-8")


def _pick(value: object) -> int:
    return zlib.crc32(repr(value).encode("utf-8", "surrogatepass"))


@schema.parametrize()
@hypothesis.settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)
def test_no_operation_fails_or_breaks_the_document(
    case: Any, service: ServiceProcess, game: tuple[str, str, str]
) -> None:
    game_id, token, ended = game
    # Stable choices (not `hash`, which is salted per process): most ids are the real game's,
    # half of the requests carry seat 0's token.
    if case.path_parameters and "id" in case.path_parameters and _pick(case.query) % 4:
        stream = case.operation.definition.raw.get("operationId") == STREAM
        case.path_parameters["id"] = ended if stream else game_id
    headers = {"authorization": f"Bearer {token}"} if _pick(case.body) % 2 else {}
    response = case.call(base_url=service.url, headers=headers, timeout=30)
    STATUSES[response.status_code] += 1
    assert response.status_code < 500, response.text[:500]
    case.validate_response(response, headers=headers, checks=CHECKS_ALL)


def _code(response: Any) -> str | None:
    try:
        body = response.json()
    except ValueError:
        return None
    if not isinstance(body, dict):
        return None
    details = body.get("details")
    if body.get("code") == "BAD_REQUEST" and isinstance(details, dict) and "field" in details:
        # One value given twice (`Idempotency-Key` and `moveId`, `If-Match` and
        # `expectedVersion`) and the two differ: OpenAPI has no constraint across a header
        # and a body, so the document cannot say that they must agree.
        return "TWO_VALUES_DIFFER"
    code = body.get("code")
    return code if isinstance(code, str) else None


def _headers_valid(case: Any) -> bool:
    """Whether the case's headers match their documented patterns. The coverage phase draws
    header values from letters and digits only, so it cannot draw a quoted ETag (`If-Match:
    "4"`) and sends `0` instead, still labelled schema-valid: such a case is not."""
    for param in case.operation.definition.raw.get("parameters", []):
        pattern = param.get("schema", {}).get("pattern")
        value = (case.headers or {}).get(param["name"]) if param["in"] == "header" else None
        if pattern and isinstance(value, str) and re.search(pattern, value) is None:
            return False
    return True


def accepted_unless_state(ctx: Any, response: Any, case: Any) -> bool | None:
    """ST202, with the refusals only a game's state can cause allowed (`STATE_CODES`)."""
    try:
        return positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        if _code(response) in STATE_CODES or not _headers_valid(case):
            return None
        raise


CHECKS_ALL = [c for c in CHECKS.get_all() if c is not positive_data_acceptance] + [
    accepted_unless_state
]
