"""Property-based fuzzing of the REST API (`/v1`) with schemathesis against a real server process.

Every operation of `schema/openapi.json` (the committed document, which a test keeps equal to
the one served at `/v1/openapi.json`) is generated with arbitrary parameters and bodies; path
ids mostly point at a real game so the checks behind the 404 run too. Every check schemathesis
has runs on every answer (`CHECKS`: no 5xx; status, content type, headers and body as
documented, Server-Sent Events included; a schema-invalid request refused; a schema-valid one
accepted; auth and resource checks), as `schemathesis run --checks all` would.

"A schema-valid request is accepted" (ST202) runs as schemathesis has it, with the settings
`make schema` writes beside the document (`schema/schemathesis.toml`): an operation that may
refuse a valid request for what its schemas cannot see (a seat this game does not have, a version
beyond its log, a cursor this server did not issue, a rule across two fields; `ApiRoute.refusals`,
named in the document's descriptions) expects those statuses too. `refused_as_declared` makes it
exact: such a refusal must carry one of the codes its route declares, so any other 4xx of a
schema-valid request (a `BAD_REQUEST`, a `BAD_JSON`) fails, and the document must then be
tightened or the server fixed. Bounded: `MAX_EXAMPLES` per operation, derandomized.
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
from schemathesis.config import SchemathesisConfig
from schemathesis.openapi.checks import RejectedPositiveData
from schemathesis.specs.openapi.checks import is_unexpected_http_status_case

from boardstate.service.http.edge.problems import STATUS
from boardstate.service.http.rest.declared import DECLARED
from tests.adversarial.conftest import ADMIN_TOKEN
from tests.api.server import ServiceProcess

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("adversarial-fuzz-rest")]

REPO = Path(__file__).resolve().parents[2]
MAX_EXAMPLES = 40
STATUSES: collections.Counter[int] = collections.Counter()
ROUTES = {route.operation_id: route for route in DECLARED}
ALWAYS_ACCEPTED = frozenset({401, 403, 404, 409, 429})
"""The 4xx statuses schemathesis's positive data check accepts of any valid request."""

# `format: printable` (`service.http.rest.values`): what `str.isprintable` accepts, a set no
# JSON Schema pattern can state; names are stripped, so one of spaces only is not a name.
_printable = st.characters(categories=("L", "M", "N", "P", "S")) | st.just(" ")
schemathesis.openapi.format(
    "printable", st.text(_printable, min_size=1, max_size=64).filter(lambda s: bool(s.strip()))
)
SETTINGS = SchemathesisConfig.from_path(REPO / "schema" / "schemathesis.toml")
schema = schemathesis.openapi.from_path(REPO / "schema" / "openapi.json", config=SETTINGS)
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


def refused_as_declared(ctx: Any, response: Any, case: Any) -> bool | None:
    """A valid request refused with a status the operation expects only for its declared
    refusals (`schema/schemathesis.toml`) carries one of their codes: `BAD_REQUEST` only for
    two values that differ, or for the coverage phase's headers that break their pattern."""
    meta = case.meta
    status = response.status_code
    if meta is None or not meta.generation.mode.is_positive or is_unexpected_http_status_case(case):
        return None
    if not 400 <= status < 500 or status in ALWAYS_ACCEPTED:
        return None
    code = _code(response)
    route = ROUTES[case.operation.definition.raw["operationId"]]
    if code == "TWO_VALUES_DIFFER" or (code == "BAD_REQUEST" and not _headers_valid(case)):
        code = "BAD_REQUEST"
    elif code == "BAD_REQUEST":
        code = None
    if code in route.refusals and STATUS[code][0] == status:
        return None
    raise RejectedPositiveData(
        operation=case.operation.label,
        message=f"Valid data refused with {code}, not one of {route.refusals}",
        status_code=status,
        allowed_statuses=sorted({str(STATUS[c][0]) for c in route.refusals}),
    )


CHECKS_ALL = [*CHECKS.get_all(), refused_as_declared]
