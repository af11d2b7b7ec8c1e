"""The analysis of one game cannot be made to cost unbounded work (issue 42).

Attack: a game long enough that even a few playouts per move add up (a TF22 Mine game played
randomly to its round limit, dozens of moves), analysed with a budget of one playout. The playouts
spent stay within the game's budget or the floor of `MIN_PER_MOVE` per move, whichever is larger
(never more per move than `MAX_PER_MOVE`), and the time limit (`stop`, the pool's) ends it: the
moves not reached get no verdict and the analysis says it is incomplete. A log that has not
ended (a running game's) is refused before any search.
"""

from __future__ import annotations

import dataclasses

import pytest

from boardstate.engine import registry
from boardstate.service.features.bots.move_verdicts import (
    MAX_PER_MOVE,
    MIN_PER_MOVE,
    analyse,
    per_move,
)
from boardstate.service.log.event_builder import play_offline


def _log(game_type: str, players: int, seed: str, options: object = None) -> list:  # type: ignore[type-arg]
    rules = registry.get(game_type)
    return play_offline(rules, [f"p{i}" for i in range(players)], seed, options)


def test_the_budget_is_shared_and_floored_per_move() -> None:
    assert per_move(4000, 100) == 40
    assert per_move(4000, 5) == MAX_PER_MOVE
    assert per_move(10, 1000) == MIN_PER_MOVE
    assert per_move(10, 0) == 10


def test_a_long_game_costs_at_most_its_floor_per_move() -> None:
    log = _log("tf22-mine", 2, "long-analysis", {"max_rounds": 8})
    moves = [e for e in log if e.move is not None]
    assert len(moves) > 50
    done = analyse("long", log, playouts=1)
    assert done["complete"] is True
    assert len(done["moves"]) == len(moves)
    assert done["playoutsPerMove"] == MIN_PER_MOVE
    assert done["playouts"] <= MIN_PER_MOVE * len(moves)


def test_the_time_limit_ends_an_analysis_and_says_so() -> None:
    log = _log("trambahn", 2, "stopped-analysis")
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 40

    done = analyse("stopped", log, playouts=1_000_000, stop=stop)
    assert done["complete"] is False
    reached = [m for m in done["moves"] if m["best"] is not None]
    assert done["moves"][-1]["best"] is None
    assert done["moves"][-1]["label"] is None
    assert len(reached) < len(done["moves"])
    assert done["playouts"] <= MAX_PER_MOVE * len(reached)


def test_a_log_that_has_not_ended_is_refused_before_any_search() -> None:
    log = _log("trambahn", 2, "running-analysis")
    with pytest.raises(ValueError, match="does not end"):
        analyse("running", log[:-5], playouts=100)


def test_a_move_that_cannot_be_judged_gets_no_verdict_and_the_rest_do() -> None:
    log = _log("trambahn", 2, "unreadable-analysis")
    index = next(i for i, e in enumerate(log) if e.move is not None)
    log[index] = dataclasses.replace(log[index], move={"type": "no_such_move"})
    done = analyse("unreadable", log, playouts=40)
    assert done["moves"][0]["best"] is None
    assert done["moves"][0]["label"] is None
    assert all(m["best"] is not None for m in done["moves"][1:])
