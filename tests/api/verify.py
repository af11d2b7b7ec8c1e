"""Verifying an exported log: seed commitment, setup draws and every stateHash (DESIGN §4)."""

from __future__ import annotations

import hashlib
from typing import Any

from boardstate.engine.core.rng import Rng
from boardstate.service.log import record_model
from boardstate.service.store import StoredEvent


def stored(line: dict[str, Any]) -> StoredEvent:
    return StoredEvent(
        version=line["version"],
        type=line["type"],
        v=line["v"],
        seat=line["seat"],
        move_id=line["moveId"],
        data=line["data"],
        at=line["at"],
        state_hash=line["stateHash"],
    )


def verify(game_id: str, log: list[dict[str, Any]]) -> record_model.GameRecord:
    """Checks the seed commitment, the setup draws and every stateHash; returns the fold."""
    seed = log[-1]["data"]["seed"]
    assert hashlib.sha256(seed.encode()).hexdigest() == log[0]["data"]["seedCommitment"]
    record = record_model.start_record(game_id, stored(log[0]), seed)
    assert record.state_hash() == log[0]["stateHash"]
    for line in log[1:]:
        record = record_model.apply(record, stored(line))
        assert record.state_hash() == line["stateHash"], line["version"]
        if line["type"] == "SeatJoined" and record.state is not None:
            rules = record.rules
            setup = rules.setup(record.state, Rng.for_decision(seed, record.version))
            wires = [rules.events.encode(e) for e in setup]
            logged = log[record.version : record.version + len(wires)]
            assert wires == [{"type": x["type"], **x["data"]} for x in logged]
    return record
