"""Folding a log while checking it: every event must apply and reproduce its `stateHash`.

The service folds with these functions whenever it reads a log, so a log that does not
reproduce its own hashes (edited, truncated, or written by other rules) is refused with
`LogDiverged` instead of being served: the current version (on which moves are decided) with
every event checked, a past version with the hash of the served version checked (and, only on
a mismatch, every event again to name the first that diverges). `service.history.verify` checks
every event of an exported log and, once the seed is revealed, re-derives every random outcome.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from boardstate.engine.core.errors import MoveError
from boardstate.service.failures import LogDiverged, RulesUnavailable
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import apply, start_record
from boardstate.service.store.base import StoredEvent

APPLY_ERRORS: tuple[type[Exception], ...] = (
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    AssertionError,
    MoveError,
)
"""What a malformed or foreign event can raise while it is decoded, upcast or applied
(`WireError` and `UnknownSchemaVersion` are `ValueError`s)."""


def check_hash(record: GameRecord, event: StoredEvent) -> None:
    """Raises `LogDiverged` unless `record` (folded through `event`) has its stateHash."""
    actual = record.state_hash()
    if actual != event.state_hash:
        raise LogDiverged(
            record.game_id,
            event.version,
            f"stateHash {event.state_hash[:16]}… stored, {actual[:16]}… recomputed",
        )


def apply_checked(record: GameRecord, event: StoredEvent) -> GameRecord:
    """Returns the record after `event`; raises `LogDiverged` if it cannot apply or its hash
    differs."""
    try:
        after = apply(record, event)
    except APPLY_ERRORS as exc:
        reason = f"cannot apply {event.type}: {exc}"
        raise LogDiverged(record.game_id, event.version, reason) from None
    check_hash(after, event)
    return after


def fold_checked(record: GameRecord, events: Iterable[StoredEvent]) -> GameRecord:
    """Returns the record after `events`, each applied with `apply_checked`."""
    for event in events:
        record = apply_checked(record, event)
    return record


def fold_to_checked(record: GameRecord, events: Sequence[StoredEvent]) -> list[GameRecord]:
    """Returns the record after each of `events`, checking only the last stateHash (the state
    a read serves); on a mismatch, folds again checking each event to name the first one that
    diverges. Raises `LogDiverged`."""
    start, out = record, []
    for event in events:
        try:
            record = apply(record, event)
        except APPLY_ERRORS as exc:
            reason = f"cannot apply {event.type}: {exc}"
            raise LogDiverged(record.game_id, event.version, reason) from None
        out.append(record)
    if events:
        try:
            check_hash(record, events[-1])
        except LogDiverged:
            fold_checked(start, events)
            raise
    return out


def start_checked(game_id: str, first: StoredEvent, seed: str) -> GameRecord:
    """Returns the record after event 1, checked; raises `LogDiverged` or `RulesUnavailable`."""
    try:
        record = start_record(game_id, first, seed)
    except RulesUnavailable:
        raise
    except APPLY_ERRORS as exc:
        raise LogDiverged(game_id, first.version, f"not a valid GameCreated: {exc}") from None
    check_hash(record, first)
    return record
