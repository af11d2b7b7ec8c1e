"""Which of the processes a test starts coverage measures (issue 38: the suite's time).

Under `make test` coverage measures the tests' own process and, through `patch = ["subprocess",
"fork"]` (pyproject.toml), every Python process they start: served replicas, CLI runs, bench
scripts. Measuring a served process roughly doubles its CPU. The tests under `UNMEASURED` drive
the service from outside as its users do, the pages in Chromium and the bench scripts' load,
and reach nothing of it that the other tests do not measure (compared on whole runs:
docs/performance.md). So the served processes and bench scripts those tests start run
unmeasured; their own process stays measured. The SDKs' tests (tests/clients/) stay measured:
unmeasured, they took 69 lines and 25 branches out of the report (the `sdk-types` command's
CLI runs and races only several clients at once meet: a seat taken twice, a socket's
unsubscribe, a graphql-ws `complete` during shutdown). CLI runs are measured everywhere.

A test's folder is read from `PYTEST_CURRENT_TEST` (pytest sets it during each test's set-up,
call and tear-down, so a module's fixture started by its first test counts as that module's).
"""

from __future__ import annotations

import contextlib
import os

UNMEASURED = ("tests/browser/", "tests/bench/")
"""Folders whose tests' processes run unmeasured (see the module's documentation)."""

COVERAGE_VARIABLES = ("COVERAGE_PROCESS_CONFIG", "COVERAGE_PROCESS_START")
"""What starts coverage in a new Python process (coverage.py's `.pth` file reads them)."""


def measured() -> bool:
    """Whether the processes the running test starts are measured."""
    return not os.environ.get("PYTEST_CURRENT_TEST", "").startswith(UNMEASURED)


def scoped(env: dict[str, str]) -> dict[str, str]:
    """`env` for a process the running test starts: without coverage's variables where that
    test's processes run unmeasured."""
    if measured():
        return env
    return {k: v for k, v in env.items() if k not in COVERAGE_VARIABLES}


def stop_unless_asked(env: dict[str, str]) -> None:
    """In a forked child: stops the measurement it inherited unless `env` asks for one (the
    fork server's children take their environment from the request, not from a new start)."""
    if any(k in env for k in COVERAGE_VARIABLES):
        return
    with contextlib.suppress(ImportError):
        import coverage

        current = coverage.Coverage.current()
        if current is not None:
            current.stop()
