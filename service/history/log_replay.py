"""Replaying an exported log to any version (`boardstate replay`): pure engine + record_model.

The log is folded from `GameCreated` with the rules it was created with. When the seed is
revealed (the game has ended) every stateHash is checked on the way; a redacted export of a
running game can be folded only as far as its viewer's data allows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from boardstate.engine.core.wire import encode_value
from boardstate.service.failures import LogDiverged
from boardstate.service.history.integrity import (
    APPLY_ERRORS,
    apply_checked,
    start_checked,
)
from boardstate.service.log import record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.store import StoredEvent


class ReplayError(ValueError):
    """The log cannot be replayed to the requested version; the message says why."""


def fold_to(events: Sequence[StoredEvent], version: int | None = None) -> GameRecord:
    """Returns the game at `version` (default: the last event) folded from `events`."""
    if not events:
        raise ReplayError("the log is empty")
    target = events[-1].version if version is None else version
    if not 1 <= target <= len(events):
        raise ReplayError(f"--to must be 1..{len(events)}, not {target}")
    last = events[-1]
    seed = last.data.get("seed") if last.type == GAME_ENDED else None
    try:
        if isinstance(seed, str):
            record = start_checked("replay", events[0], seed)
        else:
            record = record_model.start_record("replay", events[0], "")
        for event in events[1:target]:
            record = apply_checked(record, event) if seed else record_model.apply(record, event)
    except LogDiverged as exc:
        raise ReplayError(f"event {exc.version}: {exc.reason}") from None
    except APPLY_ERRORS as exc:
        raise ReplayError(
            f"cannot replay past event {record.version}: the next event's data is hidden in "
            f"this export ({exc}); export the log again once the game has ended"
        ) from None
    return record


def describe(record: GameRecord, seat: int | None, spectator: bool) -> dict[str, Any]:
    """Returns the game at its version: the full state, or a seat's / a spectator's view."""
    out: dict[str, Any] = {
        "gameType": record.rules.info.id,
        "version": record.version,
        "status": record.status,
        "toAct": list(record.to_act),
        "seats": list(record.seats),
    }
    if record.result is not None:
        out["result"] = encode_value(dataclasses.asdict(record.result))
    if (table := record.table.hashed()) is not None:
        out["table"] = table  # resignations, stand-ins, clocks, a pending takeback
    state = record.state
    if state is None:
        state = record.rules.initial_state(record.players, record.options)
    if seat is not None:
        if not 0 <= seat < record.players:
            raise ReplayError(f"--seat must be 0..{record.players - 1}, not {seat}")
        out["view"] = record.rules.view(state, seat)
    elif spectator:
        out["view"] = record.rules.view(state, None)
    else:
        out["state"] = encode_value(state)
    return out
