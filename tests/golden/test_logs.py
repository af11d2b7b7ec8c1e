"""Golden exported logs: regenerated in memory they equal the committed files, and every one,
including the legacy logs of earlier service versions, verifies and replays completely."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardstate.engine.registry import GAMES
from boardstate.service.history.log_format import read_log
from boardstate.service.history.log_replay import describe, fold_to
from boardstate.service.history.verify import verify_log
from boardstate.service.log.upcasting import CURRENT_VERSION
from tests.golden.logs import LEGACY_DIRECTORY, LOG_CASES, LOG_DIRECTORY, LogCase, exported

LEGACY = sorted(LEGACY_DIRECTORY.glob("*__v1-*.ndjson"))
"""Logs of schema v1 (before moves were recorded)."""
OLD_RULES = sorted(LEGACY_DIRECTORY.glob("*__rules-*.ndjson"))
"""Logs of games created with a rules version older than the engine's current one."""


@pytest.mark.parametrize("case", LOG_CASES, ids=lambda c: c.path.name)
def test_a_golden_log_matches_the_committed_file(case: LogCase) -> None:
    assert case.path.exists(), f"{case.path.name} is missing: run `make golden`"
    assert exported(case) == case.path.read_bytes(), (
        f"{case.path.name} differs: run `make golden` and review the diff"
    )


def test_every_golden_log_belongs_to_a_case_and_every_game_type_has_one() -> None:
    assert {p.name for p in LOG_DIRECTORY.glob("*.ndjson")} == {c.path.name for c in LOG_CASES}
    assert {c.game for c in LOG_CASES} == set(GAMES)


@pytest.mark.parametrize("case", LOG_CASES, ids=lambda c: c.path.name)
def test_a_golden_log_verifies_completely(case: LogCase) -> None:
    events = read_log(case.path.read_bytes())
    report = verify_log(events)
    assert report.complete, report.to_json()
    assert report.inferred == 0
    assert all(e.v == CURRENT_VERSION for e in events)
    final = describe(fold_to(events), None, False)
    assert final["status"] == "FINISHED"


@pytest.mark.parametrize("path", LEGACY, ids=lambda p: p.name)
def test_a_legacy_log_of_an_earlier_service_still_verifies_and_replays(path: Path) -> None:
    events = read_log(path.read_bytes())
    assert {e.v for e in events} == {1}
    assert all(e.move is None for e in events)
    report = verify_log(events)
    assert report.complete, report.to_json()
    assert report.inferred == report.moves > 0, "every v1 move is recovered by the upcaster"
    assert fold_to(events).status == "FINISHED"


@pytest.mark.parametrize("path", OLD_RULES, ids=lambda p: p.name)
def test_a_log_of_an_older_rules_version_verifies_and_replays_with_its_own_rules(
    path: Path,
) -> None:
    events = read_log(path.read_bytes())
    created = events[0].data
    recorded = path.name.split("__rules-")[1].split("-")[0]
    assert created["rulesVersion"] == recorded
    assert GAMES[created["gameType"]].info.rules_version != recorded
    report = verify_log(events)
    assert report.complete, report.to_json()
    assert report.inferred == 0
    record = fold_to(events)
    assert record.rules.info.rules_version == recorded
    assert record.status == "FINISHED"


def test_every_legacy_log_is_either_of_schema_v1_or_of_an_older_rules_version() -> None:
    assert set(LEGACY_DIRECTORY.glob("*.ndjson")) == {*LEGACY, *OLD_RULES}
    assert OLD_RULES, "Tinners' Trail 1.0.0 (the area chosen before the roll) must keep replaying"


def test_there_is_a_legacy_v1_log() -> None:
    assert LEGACY, "tests/golden/logs/legacy must hold at least one v1 log"
