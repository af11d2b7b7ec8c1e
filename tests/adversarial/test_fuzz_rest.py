"""Property-based fuzzing of the REST API (`/v1`) with schemathesis against a real server process.

Every operation of `schema/openapi.json` (the committed document, which a test keeps equal to
the one served at `/v1/openapi.json`) is generated with arbitrary parameters and bodies; path
ids mostly point at a real game so the checks behind the 404 run too. Each answer must not be a
5xx and must conform to the document (status, content type, headers, body schema; problems are
problem+json), except that a schema-valid body must be accepted: the rules refuse some
(422), which a JSON Schema cannot express. Bounded: `MAX_EXAMPLES` per operation, derandomized.
"""

from __future__ import annotations

import collections
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import hypothesis
import pytest
import schemathesis
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.api.server import ServiceProcess

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("adversarial-fuzz-rest")]

REPO = Path(__file__).resolve().parents[2]
MAX_EXAMPLES = 40
STATUSES: collections.Counter[int] = collections.Counter()

# The Server-Sent Events operation (`streamEvents`) is left out: on a running game its 200 is an
# endless `text/event-stream` (a keep-alive every 15 s, no end before `GameEnded`), which
# `case.call` would read until its timeout and which schemathesis cannot check against a schema
# anyway. Its refusals (400/401/404/204) are tested in tests/api/test_sse.py.
schema = schemathesis.openapi.from_path(REPO / "schema" / "openapi.json").exclude(
    operation_id="streamEvents"
)


@pytest.fixture(scope="module")
def game(service: ServiceProcess) -> Iterator[tuple[str, str]]:
    """A started Trambahn game and seat 0's token."""
    body = {"gameType": "trambahn", "players": 2, "seats": ["ann", "bob"]}
    created = httpx.post(f"{service.url}/v1/games", json=body, timeout=30).json()
    yield created["game"]["id"], created["tokens"][0]["token"]
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
    case: Any, service: ServiceProcess, game: tuple[str, str]
) -> None:
    game_id, token = game
    # Stable choices (not `hash`, which is salted per process): most ids are the real game's,
    # half of the requests carry seat 0's token.
    if case.path_parameters and "id" in case.path_parameters and _pick(case.query) % 4:
        case.path_parameters["id"] = game_id
    headers = {"authorization": f"Bearer {token}"} if _pick(case.body) % 2 else {}
    response = case.call(base_url=service.url, headers=headers, timeout=30)
    STATUSES[response.status_code] += 1
    assert response.status_code < 500, response.text[:500]
    # A schema-valid body may still break the rules (a player count, a name, a move): those
    # refusals are 422 by design (DESIGN §5b), so "valid data is accepted" does not apply.
    case.validate_response(response, headers=headers, excluded_checks=[positive_data_acceptance])
