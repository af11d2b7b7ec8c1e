"""`tests.measured`: which processes a test starts run under coverage (issue 38)."""

from __future__ import annotations

import pytest

from tests.measured import COVERAGE_VARIABLES, measured, scoped

ENV = {"PATH": "/usr/bin", "COVERAGE_PROCESS_CONFIG": "{}", "COVERAGE_PROCESS_START": "x"}


@pytest.mark.parametrize(
    "test", ["tests/bench/test_a.py::test_b (setup)", "tests/browser/x.py::y (call)"]
)
def test_a_test_driving_the_service_from_outside_starts_unmeasured_processes(
    test: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_CURRENT_TEST", test)
    assert not measured()
    assert scoped(dict(ENV)) == {"PATH": "/usr/bin"}


@pytest.mark.parametrize(
    "test", ["tests/api/test_a.py::test_b (setup)", "tests/clients/x.py::y (call)", ""]
)
def test_every_other_test_starts_measured_processes(
    test: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_CURRENT_TEST", test)
    assert measured()
    assert scoped(dict(ENV)) == ENV
    assert set(COVERAGE_VARIABLES) <= set(scoped(dict(ENV)))
