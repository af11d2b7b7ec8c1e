"""Which ends count for ratings and the places they give (`service.features.ratings.outcomes`):
winners first, then by score with ties, the seats that left last (the last to leave first); bot
seats rated as their policy; abandoned, unrated, imported and forked games not at all; a seat
that never moved left out, the others' places closed up (issue 37)."""

from __future__ import annotations

import dataclasses
from typing import Any

from boardstate.engine import registry
from boardstate.engine.core.rules import Outcome
from boardstate.engine.table.options import BotSeat, TableOptions
from boardstate.service.features.ratings.outcomes import rated_result
from boardstate.service.log import record_model
from boardstate.service.log.event_builder import created_event
from boardstate.service.log.game_record import GameRecord, Table

AT = "2026-12-04T10:00:00.000Z"


def ended(
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    out: tuple[int, ...] = (),
    moved: tuple[int, ...] | None = None,
    **changes: Any,
) -> GameRecord:
    """A finished, rated trekking game of len(scores) seats with these results, in which each
    seat made `moved[seat]` moves of its own (one each by default)."""
    rules = registry.get("trekking")
    players = len(scores)
    first = created_event(
        rules, players, rules.parse_options(None), "s", False, AT, {"rated": True}
    )
    record = record_model.start_record("g", first, "s")
    fields: dict[str, Any] = {"player_ids": tuple(f"p{s}" for s in range(players))}
    table = Table(out=out, moved=(1,) * players if moved is None else moved)
    fields |= {"state": object(), "result": Outcome(scores, winners, {}), "table": table}
    return dataclasses.replace(record, **(fields | changes))


def test_winners_rank_first_then_scores_with_ties() -> None:
    found = rated_result(ended((5, 9, 5, 2), (1,)), AT)
    assert found is not None
    assert found.players == ("p0", "p1", "p2", "p3")
    assert found.ranks == (1, 0, 1, 2)


def test_seats_that_left_rank_last_the_last_to_leave_first() -> None:
    found = rated_result(ended((9, 1, 1, 0), (1,), out=(0, 3)), AT)
    assert found is not None
    assert found.ranks == (3, 0, 1, 2)  # seat 0 left first, though it scored best


def test_a_bot_seat_is_rated_as_its_policy() -> None:
    bots = TableOptions(bots=(BotSeat(1, "heuristic"),))
    found = rated_result(ended((0, 1), (1,), setup=bots, player_ids=("p0", None)), AT)
    assert found is not None
    assert found.players == ("p0", "bot:heuristic")


def test_games_that_do_not_count() -> None:
    record = ended((1, 0), (0,))
    assert rated_result(dataclasses.replace(record, table=Table(abandoned=True)), AT) is None
    assert rated_result(dataclasses.replace(record, imported=True), AT) is None
    assert rated_result(dataclasses.replace(record, created={}), AT) is None  # not rated
    forked = {**record.created, "forkedFrom": {"gameId": "f"}}
    assert rated_result(dataclasses.replace(record, created=forked), AT) is None
    assert rated_result(dataclasses.replace(record, player_ids=("p0", None)), AT) is None
    assert rated_result(dataclasses.replace(record, result=None), AT) is None


def test_a_seat_that_never_moved_is_left_out_and_the_places_close_up() -> None:
    found = rated_result(ended((5, 9, 5, 2), (1,), moved=(3, 2, 0, 1)), AT)
    assert found is not None
    assert (found.players, found.seats) == (("p0", "p1", "p3"), (0, 1, 3))
    assert found.ranks == (1, 0, 2)  # seat 3 was third of four: now third of three
    assert found.seat(2) == 3
    # a two-player game one seat of which never moved rates nobody, whoever won
    assert rated_result(ended((1, 0), (0,), moved=(2, 0)), AT) is None
    assert rated_result(ended((0, 1), (1,), moved=(2, 0)), AT) is None
    assert rated_result(ended((1, 0), (0,), moved=()), AT) is None  # nobody moved


def test_a_bot_seat_counts_without_moving_and_the_pair_bound_is_the_games_own() -> None:
    bots = TableOptions(bots=(BotSeat(1, "heuristic"),))
    lone = ended((0, 1), (1,), setup=bots, player_ids=("p0", None), moved=(0, 4))
    assert rated_result(lone, AT) is None  # the human never moved
    played = dataclasses.replace(lone, table=Table(moved=(1, 0)))
    found = rated_result(played, AT)
    assert found is not None
    assert found.players == ("p0", "bot:heuristic")
    assert found.per_pair == 5  # no bound recorded: the default
    bounded = {**played.created, "ratedGamesPerPair": 0}
    unbounded = rated_result(dataclasses.replace(played, created=bounded), AT)
    assert unbounded is not None
    assert unbounded.per_pair == 0
