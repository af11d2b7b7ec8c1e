"""Which ends count for ratings and the places they give (`service.features.ratings.outcomes`):
winners first, then by score with ties, the seats that left last (the last to leave first); bot
seats rated as their policy; abandoned, unrated, imported and forked games not at all."""

from __future__ import annotations

import dataclasses
from typing import Any

from boardstate.engine import registry
from boardstate.engine.core.rules import Outcome
from boardstate.engine.table.options import BotSeat, TableOptions
from boardstate.service.features.ratings.outcomes import rated_result
from boardstate.service.log import record_model
from boardstate.service.log.event_builder import created_event
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.lifecycle import Table

AT = "2026-12-04T10:00:00.000Z"


def ended(
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    out: tuple[int, ...] = (),
    **changes: Any,
) -> GameRecord:
    """A finished, rated trekking game of len(scores) seats with these results."""
    rules = registry.get("trekking")
    players = len(scores)
    first = created_event(
        rules, players, rules.parse_options(None), "s", False, AT, {"rated": True}
    )
    record = record_model.start_record("g", first, "s")
    fields: dict[str, Any] = {"player_ids": tuple(f"p{s}" for s in range(players))}
    fields |= {"state": object(), "result": Outcome(scores, winners, {}), "table": Table(out=out)}
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
