"""The Python SDK's offline fold (`boardstate_client.offline`, issue 19): with the engine alone
it gives the very state the service folds, at every version of every golden log and of a log
full of lifecycle events (a takeback, a timeout, a resignation), from NDJSON or msgpack."""

from __future__ import annotations

import ast
from pathlib import Path

import msgpack
import pytest
from boardstate_client import OfflineLogError, fold_log, offline, read_log, walk_log

from boardstate.service.contract.service_events import SERVICE_EVENT_TYPES
from boardstate.service.history.log_format import read_log as service_read_log
from boardstate.service.history.log_format import write_log
from boardstate.service.log import record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.store import StoredEvent
from tests.golden.logs import LEGACY_DIRECTORY, LOG_CASES, LogCase
from tests.service.test_table_conformance import _takeback_log
from tests.source_trees import parse_file

SDK = Path(__file__).resolve().parents[2] / "clients" / "python" / "boardstate_client"


def service_fold(log: list[StoredEvent]) -> list[GameRecord]:
    record = record_model.start_record("g", log[0], "seed")
    records = [record]
    for event in log[1:]:
        record = record_model.apply(record, event)
        records.append(record)
    return records


def assert_same_at_every_version(log: list[StoredEvent]) -> None:
    lines = [event.to_export() for event in log]
    walked = list(walk_log(lines))
    records = service_fold(log)
    assert len(walked) == len(records)
    for game, record in zip(walked, records, strict=True):
        assert game.version == record.version
        assert game.seats == record.seats
        assert game.state == record.state, f"version {record.version}"


@pytest.mark.parametrize("case", LOG_CASES, ids=lambda c: c.game)
def test_every_version_of_a_golden_log_folds_to_the_services_state(case: LogCase) -> None:
    payload = case.path.read_bytes()
    log = service_read_log(payload)
    assert_same_at_every_version(log)
    end = fold_log(read_log(payload))
    assert end.ended is not None
    assert end.ended["winners"] == log[-1].data["winners"]
    for seat in (None, 0, 1):
        assert end.view(seat) == end.rules.view(end.state, seat)


def test_takebacks_timeouts_and_resignations_fold_as_the_service_folds_them() -> None:
    log, _, taken = _takeback_log()
    assert any(e.type == "TakenBack" for e in log)
    assert_same_at_every_version(log)
    before = fold_log([e.to_export() for e in log], taken - 1)
    assert before.version == taken - 1


def test_a_msgpack_export_reads_like_the_ndjson_one() -> None:
    log, _, _ = _takeback_log()
    ndjson = write_log(log)
    packed = b"".join(msgpack.packb(e.to_export(), use_bin_type=True) for e in log)
    assert read_log(packed) == read_log(ndjson)


def test_gaps_foreign_rules_and_early_views_are_refused_clearly() -> None:
    lines = read_log(LOG_CASES[0].path.read_bytes())
    with pytest.raises(OfflineLogError, match="follows"):
        fold_log(lines[:3] + lines[4:])
    with pytest.raises(OfflineLogError, match="ends at version"):
        fold_log(lines, len(lines) + 5)
    with pytest.raises(OfflineLogError, match="has not started"):
        fold_log(lines, 1).view(None)
    legacy = sorted(LEGACY_DIRECTORY.glob("*.ndjson"))
    assert legacy
    with pytest.raises(OfflineLogError, match="rules"):
        fold_log(read_log(legacy[0].read_bytes()))


def test_the_sdk_imports_the_engine_and_nothing_of_the_service() -> None:
    for path in SDK.glob("*.py"):
        tree = parse_file(path)
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith("boardstate.") or name == "boardstate":
                    assert name.startswith("boardstate.engine"), f"{path.name} imports {name}"


def test_the_sdk_knows_every_service_event_the_service_publishes() -> None:
    # The SDK may not import the service, so it lists the service's events itself; an event it
    # did not know would be decoded as an engine event and fail.
    assert set(offline.SERVICE_EVENTS) == set(SERVICE_EVENT_TYPES)
