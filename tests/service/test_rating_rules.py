"""The rules that keep ratings from being farmed, as pure functions (issue 37): which moves are
a seat's own (`Table.moved`: not the stand-in's after a timeout or a resignation, not a policy's,
not one taken back), and the bound on one pair's rated games in 24 hours of end times
(`features.ratings.pairs`: both ways in time, per the bound each game records, 0 for none)."""

from __future__ import annotations

import dataclasses
import json

from boardstate.engine import registry
from boardstate.service.features.ratings.outcomes import RatedResult
from boardstate.service.features.ratings.pairs import (
    KEPT_MS,
    WINDOW_MS,
    decide,
    ended_ms,
    pair_field,
    pairs_of,
)
from boardstate.service.log import lifecycle, record_model
from boardstate.service.log.clocks import ms_iso
from boardstate.service.log.event_builder import created_event
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft

HOUR = 3600 * 1000
DAY0 = "2026-12-01T10:00:00.000Z"


def game() -> GameRecord:
    """A three-seat game under way (its engine state a stand-in: the table's rules are the
    fold's, `record_model.FOLDS`)."""
    rules = registry.get("trambahn")
    first = created_event(rules, 3, rules.parse_options(None), "s", True, DAY0)
    record = record_model.start_record("g", first, "s")
    return dataclasses.replace(record, seats=("a", "b", "c"), state="state before 2")


def moved(record: GameRecord, seat: int) -> GameRecord:
    """The game after a move of `seat` (one fact, folded as the referee folds it)."""
    after = f"state before {record.version + 2}"
    draft = Draft("Played", {}, seat, after=after)
    return record_model.extend(record, [draft], "m", DAY0, {"type": "play"})[0]


def table_event(record: GameRecord, kind: str, seat: int, **data: object) -> GameRecord:
    return record_model.extend(record, [Draft(kind, data, seat)], "t", DAY0)[0]


def test_a_move_is_the_seats_own_unless_a_stand_in_or_policy_made_it() -> None:
    record = moved(game(), 0)
    table = record.table
    assert (table.moved, table.has_moved(0), table.has_moved(1)) == ((1, 0, 0), True, False)
    # seat 1 times out: the stand-in's move appended with it is not its own, the next one is
    record = moved(table_event(record, lifecycle.TIMED_OUT, 1, onTimeout="stand-in"), 1)
    assert record.table.moved == (1, 0, 0)
    record = moved(record, 1)
    assert record.table.moved == (1, 1, 0)
    # seat 2 resigns before it moved: every later move of it is the stand-in's
    record = moved(table_event(record, lifecycle.RESIGNED, 2), 2)
    assert not record.table.has_moved(2)
    # an admin hands seat 0 to a policy: its later moves are the policy's
    record = moved(table_event(record, lifecycle.STAND_IN_SEATED, 0, policy="random"), 0)
    assert record.table.moved == (1, 1, 0)
    # forfeiting on time: the same as resigning
    forfeit = table_event(moved(game(), 0), lifecycle.TIMED_OUT, 1, onTimeout="forfeit")
    assert not moved(forfeit, 1).table.has_moved(1)


def test_a_move_taken_back_no_longer_counts() -> None:
    record = moved(moved(game(), 0), 1)  # the moves started at versions 1 and 2
    assert record.table.moved == (1, 1, 0)
    back = table_event(record, lifecycle.TAKEN_BACK, 1, toVersion=2)  # seat 1's move taken back
    assert (back.table.moved, back.state) == ((1, 0, 0), "state before 3")
    back = table_event(record, lifecycle.TAKEN_BACK, 0, toVersion=1)  # both
    assert not back.table.has_moved(0)
    assert not back.table.has_moved(1)


def result(
    game: str, at: str, per_pair: int = 5, players: tuple[str, ...] = ("a", "b")
) -> RatedResult:
    return RatedResult(game, "trambahn", at, players, tuple(range(len(players))), (), per_pair)


def at(hours: float) -> str:
    return ms_iso(ended_ms(DAY0) + round(hours * HOUR))


def play(results: list[RatedResult]) -> tuple[list[bool], dict[str, bytes]]:
    """Decides each game in turn from the records the earlier ones left."""
    records: dict[str, bytes] = {}
    counted = []
    for game in results:
        fields = pairs_of(game)
        counts, written = decide(game, [records.get(f) for f in fields])
        counted.append(counts)
        records.update(zip(fields, written, strict=False))
    return counted, records


def test_five_games_of_a_pair_count_in_24_hours_of_end_times_whatever_the_order() -> None:
    six = [result(f"g{n}", at(n)) for n in range(6)]
    counted, records = play(six)
    assert counted == [True] * 5 + [False]
    # 24 hours after the first, one more counts; the record keeps 48 hours of end times
    counted, records = play([*six, result("g6", at(24)), result("g7", at(24.5))])
    assert counted[6:] == [True, False]  # g7 is within a day of g1..g4 and g6
    ends = json.loads(records[pair_field("a", "b")])
    assert ends == sorted(ends)
    assert max(ends) - min(ends) < KEPT_MS
    # applied out of order: a game that ended before five counted ones is held too
    late = [*[result(f"g{n}", at(n + 1)) for n in range(5)], result("early", at(0))]
    assert play(late)[0] == [True] * 5 + [False]
    assert WINDOW_MS == 24 * HOUR


def test_the_bound_is_the_games_own_and_counts_every_pair_of_a_larger_game() -> None:
    unbounded = [result(f"g{n}", at(n / 10), per_pair=0) for n in range(8)]
    assert play(unbounded)[0] == [True] * 8
    # a game of three is held when any two of its players are over the bound
    pair_games = [result(f"g{n}", at(n / 10), per_pair=2) for n in range(2)]
    trio = result("t", at(1), players=("a", "b", "c"))
    trio = RatedResult("t", "trambahn", trio.ended_at, ("c", "b", "a"), (0, 1, 2), (), 2)
    counted, records = play([*pair_games, trio])
    assert counted == [True, True, False]
    assert set(records) == {pair_field("a", "b")}
    assert pairs_of(trio) == [pair_field("b", "c"), pair_field("a", "c"), pair_field("a", "b")]
