"""The conformance suite's "random resignations and timeouts" mode (architecture §5c, issue 16).

For every game type and player count, seeded random games in which seats resign, time out
(stand-in or forfeit) and ask for takebacks at random moments are played through the same
pure functions the service appends with (`service.log`, `service.features.moves.due_work`), with the
time taken from the events. Invariants: every game reaches an end (the rules', or a forced
one); a resigned seat never wins while a seat in play remains; the exported log verifies
(every stateHash, every move re-derived, the lifecycle events folded); every event matches the
published `eventSchema`; and folding the log from the start gives the same state as the one
built move by move.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from boardstate.engine import registry
from boardstate.engine.core.rng import Rng
from boardstate.engine.table.options import split_options
from boardstate.service.contract.service_events import delivered_event_schema
from boardstate.service.features.moves import due_work
from boardstate.service.features.tables import takebacks
from boardstate.service.history.verify import verify_log
from boardstate.service.log import clocks, endings, event_builder, lifecycle, record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft
from boardstate.service.store import StoredEvent

START_MS = 1_790_000_000_000
CASES = [
    (game_type, players, on_timeout)
    for game_type, rules in sorted(registry.GAMES.items())
    for players in range(rules.info.min_players, rules.info.max_players + 1)
    for on_timeout in ("stand-in", "forfeit")
]


def _new_game(
    game_type: str, players: int, clock: dict[str, Any]
) -> tuple[GameRecord, list[StoredEvent]]:
    rules = registry.get(game_type)
    own, table = split_options({"clock": clock})
    at = clocks.ms_iso(START_MS)
    first = event_builder.created_event(
        rules, players, rules.parse_options(own), "seed", True, at, {"table": table.to_wire()}
    )
    record = record_model.start_record("table", first, "seed")
    log = [dataclasses.replace(first, state_hash=record.state_hash())]
    for seat in range(players):
        record, events, _ = event_builder.seat_events(record, seat, f"p{seat}", at)
        log += events
    return record, log


def _lifecycle(
    record: GameRecord, draft: Draft, tag: str, at: str
) -> tuple[GameRecord, list[StoredEvent]]:
    after, events = record_model.extend(record, [draft], f"{tag}-{record.version + 1}", at)
    if draft.type in (lifecycle.RESIGNED, lifecycle.TIMED_OUT):
        cause = "resignation" if draft.type == lifecycle.RESIGNED else "timeout"
        ended = endings.forced_end(after, cause)
        if ended is not None:
            after, more = record_model.extend(after, [ended], None, at)
            events += more
    return after, events


@pytest.mark.parametrize(("game_type", "players", "on_timeout"), CASES)
def test_random_resignations_timeouts_and_takebacks_keep_every_log_verifiable(
    game_type: str, players: int, on_timeout: str
) -> None:
    record, log = _new_game(game_type, players, {"perMoveSeconds": 3600, "onTimeout": on_timeout})
    pick = Rng.for_decision(f"table:{game_type}:{players}:{on_timeout}", 0)
    now = START_MS
    timeouts = resigned = takenback = 0
    for step in range(5000):
        if record.status != "ACTIVE":
            break
        now += 1000
        at = clocks.ms_iso(now)
        due = due_work.due_events(record, now, at)
        if due is not None:
            record, events = due
            log += events
            continue
        owing = sorted(record.to_act)
        seat = pick.choice(owing)
        roll = pick.below(100)
        in_play = len(record.table.in_play(players))
        if (roll < 2 or (resigned == 0 and step >= 12)) and in_play > 2:
            record, events = _lifecycle(record, Draft(lifecycle.RESIGNED, {}, seat), "resign", at)
            resigned += 1
        elif roll < 5 and (on_timeout == "stand-in" or (in_play > 2 and len(owing) == 1)):
            deadline = record.table.deadline(record.clock, seat)  # type: ignore[arg-type]
            assert deadline is not None
            now = deadline
            due = due_work.due_events(record, now, clocks.ms_iso(now))
            assert due is not None
            assert due[1][0].type == lifecycle.TIMED_OUT
            record, events = due
            timeouts += 1
        elif roll < 8 and any(m.seat == seat for m in record.table.history):
            mark = takebacks.target(record, seat)
            since = [e for e in log if e.version > mark.version]
            try:
                takebacks.check_since(record, mark, since)
            except Exception as exc:
                assert getattr(exc, "code", "") == "TAKEBACK_NOT_ALLOWED"
                continue
            data = {"toVersion": mark.version}
            record, events = _lifecycle(
                record, Draft(lifecycle.TAKEBACK_REQUESTED, data, seat), "tb", at
            )
            for other in record.table.answerers(record.players):
                answer = Draft(lifecycle.TAKEBACK_ANSWERED, {"accept": True}, other)
                record, more = _lifecycle(record, answer, "answer", at)
                events += more
            record, more = _lifecycle(record, Draft(lifecycle.TAKEN_BACK, data, seat), "back", at)
            events += more
            assert record.state == mark.state
            takenback += 1
        else:
            rules = record.rules
            move = rules.moves.encode(pick.choice(list(rules.legal_moves(record.state, seat))))
            drafts, wire = event_builder.decide(record, seat, move)
            record, events = event_builder.move_events(
                record, drafts, f"m{record.version + 1}", at, wire
            )
        log += events
    assert record.result is not None, "the game did not end"
    assert record.result.details.get("endedBy", "rules") == "rules"  # the game survived
    assert timeouts + resigned > 0 or players == 2
    assert log[-1].type == record_model.GAME_ENDED
    assert set(record.result.winners) <= set(record.table.in_play(players))
    report = verify_log(log)
    assert report.ok, report.failure
    assert report.complete
    published = Draft202012Validator(delivered_event_schema(record.rules))
    for event in log:  # the service's own events too: TimedOut, MoveTimed, TakenBack, ...
        published.validate({"type": event.type, "data": event.data})
    folded = record_model.fold(record_model.start_record("table", log[0], "seed"), log[1:])
    assert folded.state_hash() == record.state_hash()
    assert folded.status == record.status


def test_a_two_player_resignation_ends_the_game_and_the_other_seat_wins() -> None:
    record, log = _new_game("trambahn", 2, {"perMoveSeconds": 30})
    at = clocks.ms_iso(START_MS + 1000)
    record, events = _lifecycle(record, Draft(lifecycle.RESIGNED, {}, 1), "resign", at)
    log += events
    assert record.status == "FINISHED"
    assert record.result is not None
    assert record.result.winners == (0,)
    assert record.result.details["resigned"] == [1]
    assert record.result.details["endedBy"] == "resignation"
    assert verify_log(log).complete


def test_an_aborted_game_is_abandoned_and_its_log_verifies() -> None:
    record, log = _new_game("trekking", 3, {"initialSeconds": 60, "incrementSeconds": 5})
    at = clocks.ms_iso(START_MS + 1000)
    record, events = record_model.extend(record, [endings.aborted(record, "admin")], None, at)
    log += events
    assert record.status == "ABANDONED"
    report = verify_log(log)
    assert report.ok, report.failure
    assert report.complete


def test_a_budget_clock_charges_the_time_used_and_adds_the_increment() -> None:
    record, _ = _new_game("trambahn", 2, {"initialSeconds": 60, "incrementSeconds": 5})
    seat = min(record.to_act)
    assert record.table.remaining_ms == (60_000, 60_000)
    rules = record.rules
    move = rules.moves.encode(next(iter(rules.legal_moves(record.state, seat))))
    drafts, wire = event_builder.decide(record, seat, move)
    at = clocks.ms_iso(START_MS + 12_000)
    after, events = event_builder.move_events(record, drafts, "m1", at, wire)
    timed = [e for e in events if e.type == lifecycle.MOVE_TIMED]
    assert timed
    remaining = [60_000, 60_000]
    remaining[seat] = 53_000
    assert timed[0].data == {"usedMs": 12_000, "remainingMs": remaining}
    assert after.table.remaining_ms == tuple(remaining)


def test_a_forged_game_ended_is_refused_by_the_verifier() -> None:
    record, log = _new_game("trambahn", 2, {"perMoveSeconds": 30})
    forged = endings.aborted(record, "admin")
    forged = Draft(forged.type, {**forged.data, "winners": [0]}, forged.seat)
    _, events = record_model.extend(record, [forged], None, clocks.ms_iso(START_MS + 1))
    assert not verify_log(log + events).ok


def _takeback_log() -> tuple[list[StoredEvent], GameRecord, int]:
    """A TF22 Mine log with a takeback, a timeout and a resignation; the version of the
    takeback and the record at its end."""
    record, log = _new_game("tf22-mine", 3, {"perMoveSeconds": 60})
    now = START_MS
    rules = record.rules
    taken = 0
    for _ in range(400):
        now += 1000
        at = clocks.ms_iso(now)
        seat = min(record.to_act)
        move = rules.moves.encode(list(rules.legal_moves(record.state, seat))[-1])
        drafts, wire = event_builder.decide(record, seat, move)
        record, events = event_builder.move_events(
            record, drafts, f"m{record.version + 1}", at, wire
        )
        log += events
        mark = takebacks.target(record, seat)
        try:
            takebacks.check_since(record, mark, [e for e in log if e.version > mark.version])
        except Exception:
            continue
        data = {"toVersion": mark.version}
        record, events = record_model.extend(
            record, [Draft(lifecycle.TAKEBACK_REQUESTED, data, seat)], "tb", at
        )
        log += events
        for other in record.table.answerers(3):
            record, events = record_model.extend(
                record,
                [Draft(lifecycle.TAKEBACK_ANSWERED, {"accept": True}, other)],
                f"a{other}",
                at,
            )
            log += events
        record, events = record_model.extend(
            record, [Draft(lifecycle.TAKEN_BACK, data, seat)], "back", at
        )
        log += events
        taken = record.version
        break
    assert taken
    now += 61_000
    due = due_work.due_events(record, now, clocks.ms_iso(now))
    assert due is not None
    record, events = due
    log += events
    record, events = _lifecycle(
        record, Draft(lifecycle.RESIGNED, {}, min(record.to_act)), "resign", clocks.ms_iso(now)
    )
    log += events
    return log, record, taken


def test_boardstate_replay_folds_takebacks_timeouts_and_resignations_to_the_same_states(
    tmp_path: Any,
) -> None:
    import json
    import subprocess
    import sys

    log, record, taken = _takeback_log()
    path = tmp_path / "game.ndjson"
    path.write_text("".join(json.dumps(e.to_export()) + "\n" for e in log))
    assert [e.type for e in log].count(lifecycle.TAKEN_BACK) == 1
    for version in (taken - 1, taken, len(log)):
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "boardstate.service.cli.main",
                "replay",
                str(path),
                "--to",
                str(version),
                "--spectator",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        folded = record_model.fold(
            record_model.start_record("table", log[0], "seed"), log[1:version]
        )
        assert json.loads(out)["view"] == json.loads(
            json.dumps(folded.rules.view(folded.state, None))
        )
    assert json.loads(out)["table"]["resigned"] == list(record.table.resigned)
    assert json.loads(out)["table"]["timeouts"] == list(record.table.timeouts)
