"""The service's failures: one class per stable code, defined in `service.failures` only."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import boardstate.service.contract.codes as codes
from boardstate.engine.core.errors import MoveError
from boardstate.schema.results import VersionConflict, move_failure
from boardstate.service import failures
from tests.source_trees import parse_file

ROOT = Path(__file__).resolve().parents[2]


def failure_classes() -> list[type[Exception]]:
    return [
        value
        for value in vars(failures).values()
        if inspect.isclass(value)
        and issubclass(value, Exception)
        and value.__module__ == failures.__name__
    ]


def test_service_errors_carry_their_codes() -> None:
    assert failures.GameNotFound("x").code == "GAME_NOT_FOUND"
    assert failures.SeatTaken("x").code == "SEAT_TAKEN"
    assert failures.Unauthorized("x").code == "UNAUTHORIZED"
    conflict = failures.VersionConflictError(3, 5)
    assert (conflict.code, conflict.expected, conflict.current) == ("VERSION_CONFLICT", 3, 5)
    assert failures.AppendUncertain("x").code == "APPEND_UNCERTAIN"
    assert isinstance(failures.AppendUncertain("x"), failures.StoreUnavailable)
    assert failures.StoreFull("x").code == "STORE_FULL"
    assert isinstance(failures.StoreFull("x"), failures.StoreUnavailable)
    limited = failures.RateLimited("slow down", 7)
    assert (limited.code, limited.details, limited.retry_after) == (
        "RATE_LIMITED",
        {"retryAfter": 7},
        7,
    )
    assert failures.QuotaExceeded("x").code == "QUOTA_EXCEEDED"


def test_one_class_per_code_and_every_code_is_an_api_code() -> None:
    seen = [getattr(cls, "code", None) for cls in failure_classes()]
    assert len(seen) == len(set(seen))
    assert set(seen) <= set(codes.ALL_CODES)


def test_the_schema_maps_a_version_conflict_by_its_code() -> None:
    result = move_failure(failures.VersionConflictError(3, 5))
    assert isinstance(result, VersionConflict)
    assert (result.expected_version, result.current_version) == (3, 5)


def test_no_other_module_of_the_service_defines_an_error_class_of_a_failure_code() -> None:
    names = {cls.__name__ for cls in failure_classes()}
    offenders = []
    for path in (ROOT / "service").rglob("*.py"):
        if path.name == "failures.py":
            continue
        tree = parse_file(path)
        offenders += [
            f"{path.relative_to(ROOT)}:{node.name}"
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef) and node.name in names
        ]
    assert offenders == []


def test_rejections_are_move_errors_and_other_failures_are_not() -> None:
    transport = {
        failures.StoreUnavailable,
        failures.AppendUncertain,
        failures.StoreFull,
        failures.LogDiverged,
        failures.RulesUnavailable,
        failures.GameTypeNotInstalled,
        failures.BadLog,
        failures.LogUnverified,
        failures.LogConflict,
        failures.TooManyStreams,
    }
    for cls in failure_classes():
        assert issubclass(cls, MoveError) == (cls not in transport), cls
