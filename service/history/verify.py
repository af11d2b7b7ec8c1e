"""Verifying an exported log offline (`boardstate verify`, `POST /games/import`); no Redis.

With the seed revealed (a finished game's log ends with `GameEnded`) everything is checked:
versions 1..n in order; the seed against `GameCreated.data.seedCommitment`; the rules version
and data set (`service.log.rulebook`); every `stateHash`; the setup and every move re-derived from
the rules and the seed (`service.history.rederive`); the final `GameEnded` against the rules'
outcome. Any edited, dropped or reordered event fails, naming the first event that does not hold.

The seed may also be given (`seed=`, `boardstate verify --seed`): whoever knows it (the creator
of a client-seeded game, an operator) can verify a complete log of a running game the same way.

Without the seed (an unfinished game, whose export is redacted for its viewer) only the
structure is checked: versions, envelopes, that every event decodes with the game's rules, that
moves parse, and the fold as far as the viewer's data allows. The report says what was not.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from boardstate.service.failures import LogDiverged, RulesUnavailable
from boardstate.service.history import rederive, table_checks, time_checks
from boardstate.service.history.envelopes import check_envelopes
from boardstate.service.history.integrity import APPLY_ERRORS, apply_checked, start_checked
from boardstate.service.history.log_structure import check_structure
from boardstate.service.history.rederive import Mismatch
from boardstate.service.history.verify_report import Report
from boardstate.service.log import endings, event_builder, record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.lifecycle import LIFECYCLE_EVENTS
from boardstate.service.log.record_model import (
    GAME_CREATED,
    GAME_ENDED,
    SEAT_JOINED,
    SERVICE_EVENTS,
)
from boardstate.service.log.rulebook import rules_for
from boardstate.service.log.upcasting import MOVE_FIELD_SINCE
from boardstate.service.store import StoredEvent


def verify_log(
    events: Sequence[StoredEvent],
    game_id: str = "verify",
    seed: str | None = None,
    now: datetime | None = None,
) -> Report:
    """Verifies a whole exported log (with `seed`, also one that does not reveal it); see the
    module docstring. `now` (default: the system clock) is what no `at` may be later than,
    give or take `envelopes.MAX_CLOCK_SKEW`."""
    report = Report(events=len(events))
    try:
        created = check_structure(events)
        check_envelopes(events, created, now)
        report.game_type = str(created["gameType"])
        report.rules_version = str(created["rulesVersion"])
        report.data_set = str(created["dataSet"])
        report.players = int(created["players"])
        try:
            rules_for(created)
        except RulesUnavailable as exc:
            raise Mismatch(1, str(exc)) from None
        report.checked.append(
            f"versions 1..{len(events)} in order, envelopes well-formed (times, seats, moveIds)"
        )
        report.checked.append("rules version and data set available here")
        seed = _known_seed(events, created, seed, report)
        if seed is None:
            _partial(game_id, events, report)
        else:
            report.record = _replay(game_id, events, seed, report)
    except Mismatch as exc:
        report.failure = exc
    return report


def _known_seed(
    events: Sequence[StoredEvent], created: dict[str, Any], given: str | None, report: Report
) -> str | None:
    last = events[-1]
    report.finished = last.type == GAME_ENDED
    seed, where = (last.data.get("seed"), "revealed") if report.finished else (given, "given")
    if seed is None:
        return None
    if not isinstance(seed, str):
        raise Mismatch(last.version, "GameEnded carries no seed")
    if hashlib.sha256(seed.encode("utf-8")).hexdigest() != created["seedCommitment"]:
        version = last.version if report.finished else 1
        raise Mismatch(version, f"the {where} seed does not match GameCreated's commitment")
    report.seed_revealed = True
    report.checked.append(f"the {where} seed matches seedCommitment")
    return seed


def _apply(record: GameRecord, event: StoredEvent) -> GameRecord:
    try:
        return apply_checked(record, event)
    except LogDiverged as exc:
        raise Mismatch(exc.version, exc.reason) from None


def _replay(game_id: str, events: Sequence[StoredEvent], seed: str, report: Report) -> GameRecord:
    try:
        record = start_checked(game_id, events[0], seed)
    except LogDiverged as exc:
        raise Mismatch(1, exc.reason) from None
    i, count = 1, len(events)
    pending: tuple[GameRecord, str] | None = None  # the record before the last move, its at
    while i < count:
        event = events[i]
        timed_for, pending = pending, None
        if event.type == SEAT_JOINED:
            if event.seat is None or not 0 <= event.seat < record.players:
                raise Mismatch(event.version, f"SeatJoined names seat {event.seat}")
            if record.seats[event.seat] is not None:
                raise Mismatch(event.version, f"seat {event.seat} joined twice")
            record, i = _apply(record, event), i + 1
            if record.state is not None:
                drafts = event_builder.setup_drafts(record)
                group = events[i : i + len(drafts)]
                rederive.compare(drafts, group, "the setup")
                time_checks.same_at(group, event.at, "the SeatJoined that started the game")
                for item in group:
                    record = _apply(record, item)
                record, i = _ended(record, events, i + len(group), None)
            continue
        if event.type in LIFECYCLE_EVENTS:
            before, move_at = timed_for or (None, None)
            time_checks.check_lifecycle(record, before, move_at, event)
            record, i = _apply(record, event), i + 1
            report.lifecycle += 1
            record, i = table_checks.ended(record, events, i)
            continue
        if event.type == GAME_ENDED and record.result is None:
            table_checks.check_abort(record, event)
            record, i = _apply(record, event), i + 1
            if i < count:
                raise Mismatch(events[i].version, "an event follows GameEnded")
            continue
        if event.type in SERVICE_EVENTS or record.state is None:
            raise Mismatch(event.version, f"{event.type} is not expected here")
        if event.seat is None or event.move_id is None:
            raise Mismatch(event.version, f"{event.type} belongs to no move (seat or moveId null)")
        j = i + 1
        while j < count and _same_move(event, events[j]):
            j += 1
        group = events[i:j]
        time_checks.same_at(group, event.at, "its move")
        before = record
        if event.move is not None:
            rederive.check_move(record, group, event.move)
        elif event.v >= MOVE_FIELD_SINCE:
            raise Mismatch(event.version, "the first event of a move carries no `move`")
        else:
            rederive.infer_move(record, group)
            report.inferred += 1
        for item in group:
            record = _apply(record, item)
        report.moves += 1
        record, i = _ended(record, events, j, event.move_id)
        pending = (before, event.at)
    if report.finished and record.result is None:
        raise Mismatch(count, "GameEnded without the end of the game")
    report.checked.append(f"every stateHash ({count}) reproduced with the seed")
    report.checked.append(f"setup and {report.moves} moves re-derived from the rules and the seed")
    if report.lifecycle:
        report.checked.append(f"{report.lifecycle} table events (resign, clock, takeback) folded")
    if report.inferred:
        report.checked.append(f"{report.inferred} moves of v1 events inferred from legal moves")
    return record


def _same_move(first: StoredEvent, event: StoredEvent) -> bool:
    return (
        event.move_id == first.move_id
        and event.type not in SERVICE_EVENTS
        and event.move is None
        and event.seat == first.seat
    )


def _ended(
    record: GameRecord, events: Sequence[StoredEvent], i: int, move_id: str | None
) -> tuple[GameRecord, int]:
    """After a group: if the rules end the game, checks `GameEnded` and that nothing follows."""
    if endings.rules_end(record) is None:
        return record, i
    if i >= len(events) or events[i].type != GAME_ENDED:
        version = events[i].version if i < len(events) else events[-1].version
        raise Mismatch(version, "the game is over here, but the log does not end with GameEnded")
    rederive.check_ended(record, events[i], move_id)
    if move_id is not None:
        time_checks.same_at(events[i : i + 1], events[i - 1].at, "its move")
    record = _apply(record, events[i])
    if i + 1 < len(events):
        raise Mismatch(events[i + 1].version, "an event follows GameEnded")
    return record, i + 1


def _partial(game_id: str, events: Sequence[StoredEvent], report: Report) -> None:
    """Checks what can be checked without the seed."""
    record = record_model.start_record(game_id, events[0], "")
    rules = record.rules
    for event in events[1:]:
        if event.type == GAME_CREATED:
            raise Mismatch(event.version, "a second GameCreated")
        if event.type not in SERVICE_EVENTS:
            try:
                record_model.decode_engine_event(rules, event)
                if event.move is not None:
                    rules.parse_move(dict(event.move))
            except APPLY_ERRORS as exc:
                raise Mismatch(event.version, f"{event.type} does not decode: {exc}") from None
    report.checked.append("every event and move decodes with the game's rules")
    folded = 1
    for event in events[1:]:
        try:
            record = record_model.apply(record, event)
        except APPLY_ERRORS:
            break
        folded = event.version
    report.unchecked.append(
        "stateHashes and random outcomes: the seed is revealed only when the game has ended"
    )
    if folded < len(events):
        report.unchecked.append(
            f"the fold after event {folded}: later events hide data from this log's viewer"
        )
    else:
        report.checked.append(f"all {folded} events fold with the rules")
