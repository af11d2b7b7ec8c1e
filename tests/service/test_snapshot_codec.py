"""Snapshot blobs round-trip every game type's state exactly and refuse other engine code."""

from __future__ import annotations

import dataclasses

import msgpack
import pytest

from boardstate.engine.registry import GAMES
from boardstate.service.features.moves import snapshot_writer
from boardstate.service.history.log_format import read_log
from boardstate.service.log import record_model
from boardstate.service.log.upcasting import CURRENT_VERSION, UnknownSchemaVersion, Upcaster, upcast
from tests.golden.logs import LOG_CASES, LogCase


@pytest.mark.parametrize("case", LOG_CASES, ids=lambda c: c.game)
def test_a_snapshot_of_every_version_decodes_to_the_same_record(case: LogCase) -> None:
    events = read_log(case.path.read_bytes())
    record = record_model.start_record("g", events[0], str(events[-1].data["seed"]))
    proto = record
    for event in events[1:]:
        record = record_model.apply(record, event)
        if record.version % 7 == 0 or record.version == len(events):
            back = snapshot_writer.decode(proto, snapshot_writer.encode(record))
            assert back == record
            assert back.state_hash() == event.state_hash


def test_a_snapshot_of_other_engine_code_is_refused() -> None:
    events = read_log(LOG_CASES[0].path.read_bytes())
    proto = record_model.start_record("g", events[0], "seed")
    doc = msgpack.unpackb(snapshot_writer.encode(proto), raw=False)
    doc["fingerprint"] = "0" * 32
    with pytest.raises(ValueError, match="fingerprint"):
        snapshot_writer.decode(proto, msgpack.packb(doc))
    with pytest.raises(ValueError, match="msgpack"):
        snapshot_writer.decode(proto, b"\xc1")


def test_the_fingerprint_changes_with_the_rules_version_and_the_state_shape() -> None:
    rules = GAMES["trambahn"]
    state_cls = type(rules.initial_state(2, rules.parse_options(None)))
    base = snapshot_writer.fingerprint(rules, state_cls)
    info = dataclasses.replace(rules.info, rules_version="9.9.9")
    other = dataclasses.replace(rules, info=info)
    assert snapshot_writer.fingerprint(other, state_cls) != base

    @dataclasses.dataclass(frozen=True)
    class Reshaped:
        turn: int

    assert snapshot_writer.fingerprint(rules, Reshaped) != base


def test_an_old_event_is_upcast_by_the_upcasters_of_its_type_and_newer_ones_are_refused() -> None:
    steps = [
        Upcaster("rename", "Noted", 1, lambda d: {"count": d["n"]}),
        Upcaster("other game", "Noted", 1, lambda d: {**d, "x": 0}, game_type="trekking"),
        Upcaster("other type", "Counted", 1, lambda d: {**d, "y": 0}),
    ]
    assert upcast("trambahn", "Noted", 1, {"n": 3}, steps) == {"count": 3}
    assert upcast("trekking", "Noted", 1, {"n": 3}, steps) == {"count": 3, "x": 0}
    assert upcast("trambahn", "Noted", CURRENT_VERSION, {"n": 3}, steps) == {"n": 3}
    with pytest.raises(UnknownSchemaVersion):
        upcast("trambahn", "Noted", CURRENT_VERSION + 1, {}, steps)
