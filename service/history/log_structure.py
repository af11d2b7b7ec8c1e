"""The structural checks of an exported log, which need neither the seed nor the rules.

Versions run 1..n in order (a dropped or reordered event shows as a gap or a step back), every
envelope has a known schema version, `GameCreated` is event 1 and well-formed (including a
fork's seed schedule and the idle rule's `table.idleTimeouts`, a positive integer), and
`GameEnded`, if any, is the last event.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from boardstate.service.history.rederive import Mismatch
from boardstate.service.log import idle_tables
from boardstate.service.log.record_model import GAME_CREATED, GAME_ENDED
from boardstate.service.log.upcasting import CURRENT_VERSION
from boardstate.service.store import StoredEvent

HEX64 = re.compile(r"[0-9a-f]{64}")
CREATED_FIELDS: dict[str, type | tuple[type, ...]] = {
    "gameType": str,
    "rulesVersion": str,
    "options": dict,
    "players": int,
    "dataSet": str,
    "dataHash": str,
    "seedCommitment": str,
    "seededByClient": bool,
    "createdAt": str,
}


def check_structure(events: Sequence[StoredEvent]) -> dict[str, Any]:
    """Returns the data of `GameCreated`; raises `Mismatch` at the first malformed event."""
    if not events:
        raise Mismatch(0, "the log is empty")
    for expected, event in enumerate(events, start=1):
        if event.version != expected:
            raise Mismatch(
                event.version,
                f"event {event.version} stands where event {expected} belongs: "
                "an event is missing or out of order",
            )
        if not 1 <= event.v <= CURRENT_VERSION:
            raise Mismatch(event.version, f"unknown event schema v{event.v}")
        if event.type == GAME_CREATED and expected != 1:
            raise Mismatch(event.version, "GameCreated is not event 1")
        if event.type == GAME_ENDED and expected != len(events):
            raise Mismatch(event.version, "GameEnded is not the last event")
    first = events[0]
    if first.type != GAME_CREATED:
        raise Mismatch(1, f"event 1 is {first.type}, not GameCreated")
    return _created(first.data)


def _created(data: Mapping[str, Any]) -> dict[str, Any]:
    for name, kind in CREATED_FIELDS.items():
        value = data.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise Mismatch(1, f"GameCreated.data.{name} is missing or not a {kind}")
    if not HEX64.fullmatch(data["seedCommitment"]):
        raise Mismatch(1, "GameCreated.data.seedCommitment is not 64 lowercase hex digits")
    try:
        idle_tables.recorded(data.get("table"))
    except ValueError as exc:
        raise Mismatch(1, str(exc)) from None
    fork = data.get("forkedFrom")
    if fork is not None:
        _fork(fork)
    return dict(data)


def _fork(fork: Any) -> None:
    if not isinstance(fork, Mapping) or not isinstance(fork.get("seeds"), list):
        raise Mismatch(1, "GameCreated.data.forkedFrom needs gameId, version and seeds")
    previous = 0
    for part in fork["seeds"]:
        ok = isinstance(part, Mapping) and isinstance(part.get("seed"), str)
        before = part.get("before") if ok else None
        if not isinstance(before, int) or before <= previous:
            raise Mismatch(1, "GameCreated.data.forkedFrom.seeds must be {seed, before} ascending")
        previous = before
    if not isinstance(fork.get("version"), int) or fork["version"] != previous:
        raise Mismatch(1, "GameCreated.data.forkedFrom.version must end its seed schedule")
