"""The committed OpenAPI document equals the generated one, and it covers every route and code."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from starlette.routing import Route

from boardstate.service.contract.codes import ALL_CODES
from boardstate.service.http.edge.problems import INTERNAL, STATUS
from boardstate.service.http.openapi.document import document, text
from boardstate.service.http.rest.declared import DECLARED
from boardstate.service.http.rest.v1 import V1_ROUTES

OPENAPI_FILE = Path(__file__).resolve().parents[2] / "schema" / "openapi.json"
UNDOCUMENTED = {"/v1/openapi.json", "/v1/docs"}


def test_committed_openapi_equals_the_generated_document() -> None:
    assert OPENAPI_FILE.read_text(encoding="utf-8") == text(), (
        "schema/openapi.json is stale: run `python scripts/export_openapi.py` (or `make schema`)"
    )


def test_the_status_table_covers_every_code_and_nothing_else() -> None:
    assert set(STATUS) == {*ALL_CODES, INTERNAL}
    fixed = {
        "UNAUTHORIZED": 401,
        "GAME_NOT_FOUND": 404,
        "UNKNOWN_GAME_TYPE": 404,
        "VERSION_CONFLICT": 409,
        "SEAT_TAKEN": 409,
        "GAME_FULL": 409,
        "IDEMPOTENCY_KEY_REUSED": 409,
        "MALFORMED_MOVE": 422,
        "ILLEGAL_MOVE": 422,
        "NOT_YOUR_TURN": 422,
        "GAME_FINISHED": 422,
        "GAME_NOT_STARTED": 422,
        "RATE_LIMITED": 429,
        "STORE_UNAVAILABLE": 503,
        "APPEND_UNCERTAIN": 503,
        "STORE_FULL": 503,
        "REQUEST_TOO_LARGE": 413,
        "BAD_JSON": 400,
        "BAD_REQUEST": 400,
        INTERNAL: 500,
    }
    assert {code: STATUS[code][0] for code in fixed} == fixed


def test_every_route_is_documented_with_the_fixed_names() -> None:
    paths = set(document()["paths"])
    routed = {
        r.path.replace("{game_id}", "{id}")
        .replace("{type_id}", "{type}")
        .replace("{seat:int}", "{seat}")
        for r in V1_ROUTES
        if isinstance(r, Route)
    }
    assert routed - UNDOCUMENTED == paths
    assert paths == {
        "/v1/game-types",
        "/v1/game-types/{type}",
        "/v1/games",
        "/v1/games/{id}",
        "/v1/games/import",
        "/v1/games/verify",
        "/v1/games/{id}/fork",
        "/v1/games/{id}/seats",
        "/v1/games/{id}/state",
        "/v1/games/{id}/board.svg",
        "/v1/games/{id}/legal-moves",
        "/v1/games/{id}/moves",
        "/v1/games/{id}/events",
        "/v1/games/{id}/events/stream",
        "/v1/games/{id}/log",
        "/v1/games/{id}/abort",
        "/v1/games/{id}/seats/{seat}",
        "/v1/games/{id}/seats/{seat}/resign",
        "/v1/games/{id}/seats/{seat}/takeback",
        "/v1/games/{id}/seats/{seat}/takeback/answer",
        "/v1/games/{id}/seats/{seat}/token",
        "/v1/games/{id}/seats/{seat}/stand-in",
        "/v1/games/{id}/suggested-move",
        "/v1/games/{id}/analysis",
        "/v1/webhooks",
        "/v1/webhooks/{id}",
        "/v1/webhooks/{id}/deliveries",
        "/v1/webhooks/{id}/deliveries/{deliveryId}/resend",
        "/v1/feed/stream",
        "/v1/players",
        "/v1/players/me",
        "/v1/players/me/token",
        "/v1/players/me/tokens/revoke",
        "/v1/players/me/stream",
        "/v1/players/me/games",
        "/v1/dumps/{gameType}",
        "/v1/seeks",
        "/v1/seeks/{id}",
        "/v1/challenges",
        "/v1/challenges/{id}",
        "/v1/challenges/{id}/accept",
        "/v1/challenges/{id}/decline",
        "/v1/challenges/{id}/cancel",
        "/v1/games/{id}/rematch",
        "/v1/ratings/{gameType}/leaderboard",
        "/v1/players/{playerId}/ratings",
        "/v1/players/{playerId}/ratings/{gameType}/history",
    }


def test_the_event_stream_is_documented_as_sse_answers() -> None:
    stream = document()["paths"]["/v1/games/{id}/events/stream"]["get"]
    assert {(p["in"], p["name"]) for p in stream["parameters"]} == {
        ("path", "id"),
        ("query", "afterVersion"),
        ("header", "Last-Event-ID"),
        ("query", "withState"),
    }
    assert stream["security"] == [{"bearerAuth": []}, {}]
    responses = stream["responses"]
    assert set(responses) == {"200", "204", "400", "401", "404", "429", "503"}
    ok = responses["200"]
    assert set(ok["content"]) == {"text/event-stream"}
    assert all(f"`{line}:" in ok["description"] for line in ("id", "event", "data"))
    example = ok["content"]["text/event-stream"]["example"]
    assert example.startswith("id: 5\nevent: TurnStarted\ndata: {")
    codes = {status: r["description"] for status, r in responses.items() if status >= "400"}
    assert codes == {
        "400": "Problem: BAD_REQUEST, BAD_VERSION. Also for a request valid by this document "
        "(for what its schemas cannot see): BAD_VERSION",
        "401": "Problem: UNAUTHORIZED",
        "404": "Problem: GAME_NOT_FOUND",
        "429": "Problem: RATE_LIMITED, TOO_MANY_STREAMS",
        "503": "Problem: STORE_UNAVAILABLE, TOO_MANY_STREAMS",
    }
    for status in ("429", "503"):
        assert "Retry-After" in responses[status]["headers"]


def test_the_board_picture_is_documented_as_svg() -> None:
    picture = document()["paths"]["/v1/games/{id}/board.svg"]["get"]
    assert picture["operationId"] == "getBoardSvg"
    assert {(p["in"], p["name"]) for p in picture["parameters"]} == {
        ("path", "id"),
        ("query", "seat"),
        ("query", "version"),
        ("header", "If-None-Match"),
    }
    ok = picture["responses"]["200"]
    assert set(ok["content"]) == {"image/svg+xml"}
    assert {"ETag", "Content-Security-Policy"} <= set(ok["headers"])
    assert set(picture["responses"]) == {"200", "304", "400", "401", "404", "422", "429", "503"}


def test_problem_codes_are_an_enum_and_bearer_auth_is_declared() -> None:
    doc = json.loads(text())
    assert doc["openapi"].startswith("3.1")
    problem = doc["components"]["schemas"]["ProblemOut"]
    assert set(problem["properties"]["code"]["enum"]) == {*ALL_CODES, INTERNAL}
    assert doc["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
    move = doc["paths"]["/v1/games/{id}/moves"]["post"]
    assert {"200", "201", "401", "409", "422", "503"} <= set(move["responses"])
    assert move["requestBody"]["content"]["application/json"]["example"]["move"]


def test_committed_schemathesis_settings_are_the_generated_ones() -> None:
    check = [sys.executable, "scripts/export_openapi.py", "--check"]
    result = subprocess.run(check, cwd=OPENAPI_FILE.parents[1], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_every_refusal_of_a_valid_request_is_a_documented_problem_of_its_route() -> None:
    """`ApiRoute.refusals` (what the schemas cannot see) are answers the operation documents:
    its status is one of the route's, and its code one the status lists."""
    operations = {
        op["operationId"]: op for ops in document()["paths"].values() for op in ops.values()
    }
    declared = [route for route in DECLARED if route.refusals]
    assert len(declared) > 20
    for route in declared:
        responses = operations[route.operation_id]["responses"]
        for code in route.refusals:
            status = STATUS[code][0]
            assert status in route.errors, (route.operation_id, code)
            listed = responses[str(status)]["description"]
            problems, _, refused = listed.partition(". Also for a request valid")
            assert code in problems.removeprefix("Problem: ").split(", "), (
                route.operation_id,
                code,
            )
            assert code in refused, (route.operation_id, code)
