"""Tables nobody sits at end (issue 27; `service.log.idle_tables`), through the same pure
functions the steward appends with (`service.features.moves.due_work`) and the verifier checks with.

A clocked game whose `GameCreated.data.table` records `idleTimeouts: K` ends ABANDONED
(`endedBy: "idle"`) right after the `TimedOut` that makes every person at the table (seats in
play, not bots, not handed to a policy) time out K times in a row; a move of the seat's own
resets its count, the stand-in's move for its timeout does not. Logs that record no K (all
those written before the rule) never end so, and still verify.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from boardstate.engine import registry
from boardstate.engine.table.options import parse_bots, split_options
from boardstate.service.contract.service_events import delivered_event_schema
from boardstate.service.features.moves import due_work
from boardstate.service.history.log_format import read_log
from boardstate.service.history.verify import verify_log
from boardstate.service.log import clocks, event_builder, idle_tables, lifecycle, record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft
from boardstate.service.store import StoredEvent

START_MS = 1_790_000_000_000
SEED = "idle-seed"
CLOCK = {"perMoveSeconds": 1}
OLD_LOG = (
    Path(__file__).resolve().parents[1]
    / "golden/logs/before-idle/tf22-mine__p4__idle-table-bc18143.ndjson"
)
"""An idle 4-player TF22 Mine table (`max_rounds: 1`, 1 s stand-in clocks, nobody moving) as the
service wrote it before the rule: made with the steward's pure functions of commit bc18143."""

Log = list[StoredEvent]


def new_game(
    k: int, players: int = 4, bots: tuple[int, ...] = (), rounds: int = 200
) -> tuple[GameRecord, Log]:
    """A started TF22 Mine game with 1 s stand-in clocks whose GameCreated records `k`."""
    rules = registry.get("tf22-mine")
    raw = [{"seat": s, "policy": "random"} for s in bots]
    own, table = split_options({"max_rounds": rounds, "clock": CLOCK}, parse_bots(raw, players))
    extra = {"table": idle_tables.table_wire(table, k)}
    first = event_builder.created_event(
        rules, players, rules.parse_options(own), SEED, True, clocks.ms_iso(START_MS), extra
    )
    record = record_model.start_record("idle", first, SEED)
    log = [dataclasses.replace(first, state_hash=record.state_hash())]
    for seat in range(players):
        record, events, _ = event_builder.seat_events(record, seat, f"p{seat}", first.at)
        log += events
    return record, log


def own_move(record: GameRecord, seat: int, at: str) -> tuple[GameRecord, Log]:
    """`seat` plays its first legal move itself (a person, or a bot's worker)."""
    rules = record.rules
    move = rules.moves.encode(next(iter(rules.legal_moves(record.state, seat))))
    drafts, wire = event_builder.decide(record, seat, move)
    return event_builder.move_events(record, drafts, f"m{record.version + 1}", at, wire)


def play(
    record: GameRecord, log: Log, movers: tuple[int, ...] = (), seconds: int = 10_000
) -> tuple[GameRecord, Log]:
    """Lets time pass a second at a time: `movers` move at once when they owe a move, every
    other seat lets its clock run out (the steward's timeouts and stand-ins)."""
    now = clocks.iso_ms(log[-1].at)
    for _ in range(seconds):
        if record.status != "ACTIVE":
            break
        at = clocks.ms_iso(now)
        owing = [s for s in record.to_act if s in movers]
        if owing:
            record, events = own_move(record, owing[0], at)
            log = log + events
            continue
        now += 1000
        due = due_work.due_events(record, now, clocks.ms_iso(now))
        while due is not None:
            record, events = due
            log = log + events
            due = due_work.due_events(record, now, clocks.ms_iso(now))
    return record, log


def rehashed(log: Log) -> Log:
    """`log` with every stateHash recomputed (a forger who knows the revealed seed)."""
    record = record_model.start_record("idle", log[0], SEED)
    out = [dataclasses.replace(log[0], state_hash=record.state_hash())]
    for event in log[1:]:
        record = record_model.apply(record, event)
        out.append(dataclasses.replace(event, state_hash=record.state_hash()))
    return out


def with_created(log: Log, **table: Any) -> Log:
    """`log` whose GameCreated records `table` changes (None: the key removed)."""
    data = dict(log[0].data)
    merged = {**data["table"], **table}
    data["table"] = {k: v for k, v in merged.items() if v is not None}
    return [dataclasses.replace(log[0], data=data), *log[1:]]


def test_an_idle_table_ends_after_k_timeouts_in_a_row_of_every_seat_and_verifies() -> None:
    record, log = play(*new_game(3))
    assert record.status == "ABANDONED"
    assert record.result is not None
    details = record.result.details
    assert (details["endedBy"], details["idleTimeouts"]) == ("idle", 3)
    assert record.result.winners == ()
    assert record.result.scores == (0, 0, 0, 0)
    assert min(record.table.idle) == 3  # the last seat's third timeout ended it
    assert log[-2].type == lifecycle.TIMED_OUT  # GameEnded instead of that seat's stand-in
    assert log[-1].type == record_model.GAME_ENDED
    assert len(log) < 120  # against ~13,600 events played to the 200th round
    report = verify_log(log)
    assert report.ok, report.failure
    assert report.complete
    published = Draft202012Validator(delivered_event_schema(record.rules))
    for event in log:  # GameCreated with table.idleTimeouts, the idle GameEnded too
        published.validate({"type": event.type, "data": event.data})


def test_without_the_rule_the_stand_ins_play_on() -> None:
    record, log = play(*new_game(0), seconds=60)
    assert "idleTimeouts" not in log[0].data["table"]
    assert record.status == "ACTIVE"
    assert min(record.table.idle) > 3


def test_a_log_written_before_the_rule_still_verifies() -> None:
    events = read_log(OLD_LOG.read_bytes())
    assert "idleTimeouts" not in events[0].data["table"]
    timeouts = [e.seat for e in events if e.type == lifecycle.TIMED_OUT]
    assert all(timeouts.count(seat) >= 3 for seat in range(4))  # idle, as the rule counts
    report = verify_log(events)
    assert report.complete, report.to_json()
    record = record_model.fold(record_model.start_record("old", events[0], ""), events[1:])
    assert record.status == "FINISHED"  # by its rules, as it was written


@pytest.mark.parametrize(
    ("change", "where"),
    [({"idleTimeouts": 4}, "early"), ({"idleTimeouts": None}, "no rule")],
    ids=["GameEnded-idle-too-early", "GameEnded-idle-without-the-rule"],
)
def test_an_idle_end_the_rule_does_not_give_fails_verification(
    change: dict[str, Any], where: str
) -> None:
    _, log = play(*new_game(3))
    report = verify_log(with_created(log, **change))
    assert not report.ok
    assert report.failure is not None
    assert report.failure.version == log[-1].version  # the GameEnded


def test_an_idle_end_placed_early_by_a_forger_fails_verification() -> None:
    _, log = play(*new_game(3))
    first_timeout = next(i for i, e in enumerate(log) if e.type == lifecycle.TIMED_OUT)
    ended = log[-1]
    forged = [*log[: first_timeout + 1], dataclasses.replace(ended, version=first_timeout + 2)]
    report = verify_log(rehashed(forged))
    assert not report.ok
    assert report.failure is not None
    assert report.failure.version == first_timeout + 2
    assert "neither the rules nor the table" in report.failure.message


def test_a_table_that_goes_on_after_the_idle_end_is_due_fails_verification() -> None:
    # Played without the rule, then made to claim it: the log goes on where it had to end.
    _, log = play(*new_game(0), seconds=40)
    report = verify_log(with_created(log, idleTimeouts=3), seed=SEED)
    assert not report.ok
    assert report.failure is not None
    assert "timed out idleTimeouts times in a row" in report.failure.message


def test_a_seat_that_plays_keeps_the_table_open_until_it_leaves() -> None:
    record, log = play(*new_game(3), movers=(0,), seconds=120)
    assert record.status == "ACTIVE"
    assert record.table.idle[0] == 0
    assert min(record.table.idle[1:]) > 3  # the others are long gone
    # The last person who played resigns: the next timeout ends the table.
    at = log[-1].at
    record, events = record_model.extend(record, [Draft(lifecycle.RESIGNED, {}, 0)], "r", at)
    log = log + events
    record, log = play(record, log, seconds=10)
    assert record.status == "ABANDONED"
    assert record.result is not None
    assert record.result.details["endedBy"] == "idle"
    assert record.result.details["resigned"] == [0]
    report = verify_log(log)
    assert report.ok, report.failure


def test_a_move_of_its_own_resets_a_seats_count_the_stand_ins_does_not() -> None:
    record, log = new_game(3)
    record, log = play(record, log, seconds=3)
    seat = next(s for s in range(4) if record.table.idle and record.table.idle[s])
    before = record.table.idle[seat]
    assert before >= 1  # its timeouts counted, though the stand-in moved for it each time
    record, log = play(record, log, movers=(seat,), seconds=40)
    assert record.table.idle[seat] == 0


def test_bot_seats_and_seats_handed_to_a_policy_are_nobody_to_wait_for() -> None:
    # One person and three bots: the person's K timeouts end the table (the bots move on).
    record, log = play(*new_game(3, bots=(1, 2, 3)), movers=(1, 2, 3))
    assert record.status == "ABANDONED"
    assert record.result is not None
    assert record.result.details["endedBy"] == "idle"
    assert verify_log(log).ok
    # An admin handed seats 1..3 to the stand-in: seat 0 alone is the table.
    record, log = new_game(2)
    for seat in (1, 2, 3):
        draft = Draft(lifecycle.STAND_IN_SEATED, {"policy": "stand-in"}, seat)
        record, events = record_model.extend(record, [draft], f"s{seat}", log[-1].at)
        log += events
    assert idle_tables.humans(record) == [0]
    record, log = play(record, log)
    assert record.status == "ABANDONED"
    assert verify_log(log).ok
    # Bots alone: nobody to wait for (the event cap bounds such games).
    record, _ = new_game(1, players=2, bots=(0, 1))
    idle = dataclasses.replace(record.table, idle=(9, 9))
    assert idle_tables.abandoned(dataclasses.replace(record, table=idle)) is None


def test_the_parameter_is_recorded_for_clocked_games_only_and_must_be_positive() -> None:
    _, clocked = split_options({"clock": CLOCK})
    _, plain = split_options({"hints": True})
    assert idle_tables.table_wire(clocked, 3)["idleTimeouts"] == 3
    assert "idleTimeouts" not in idle_tables.table_wire(clocked, 0)
    assert "idleTimeouts" not in idle_tables.table_wire(plain, 3)
    _, log = play(*new_game(3))
    for bad in (0, -1, "3", True, 2.5):
        report = verify_log(with_created(log, idleTimeouts=bad))
        assert not report.ok
        assert report.failure is not None
        assert report.failure.version == 1
