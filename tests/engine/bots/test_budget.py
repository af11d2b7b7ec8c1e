"""Thinking is cancellable (issue 27): a policy asked to stop (`Budget.stop`) returns its best
move so far at its next check, never thinks on, and a budget without a stop or a clock thinks
exactly as before (the same move for the same RNG)."""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine import registry
from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.heuristic import heuristic_policy
from boardstate.engine.bots.search import search_policy
from boardstate.engine.bots.seen import Seen, observe, observe_redacted
from boardstate.engine.core.driver import opening
from boardstate.engine.core.replay import apply
from boardstate.engine.core.rng import Rng


def _position(game_type: str) -> tuple[Any, list[Any], Seen]:
    """The state, the events so far and a seat's knowledge at the first position of a seeded
    game where the seat to act has three legal moves or more."""
    rules = registry.get(game_type)
    options = rules.parse_options({"max_rounds": 3} if game_type == "tf22-mine" else None)
    start = opening(rules, 2, "budget", options)
    state, events = start.state, list(start.events)
    for step in range(200):
        seat = sorted(rules.to_act(state))[0]
        legal = list(rules.legal_moves(state, seat))
        if len(legal) >= 3:
            return state, events, observe(rules, state, seat, 2, events)
        state, facts = apply(rules, state, seat, legal[0], Rng.for_decision("budget", step))
        events += facts
    raise AssertionError("no position with three legal moves")


def _busy_position(game_type: str) -> Seen:
    return _position(game_type)[2]


class Tripwire:
    """A `stop` that says stop from its `after`-th question on, and counts the questions."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.asked = 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.asked >= self.after


@pytest.mark.parametrize("game_type", ["trambahn", "tf22-mine"])
@pytest.mark.parametrize("after", [1, 2, 5])
def test_a_search_asked_to_stop_answers_at_its_next_check(game_type: str, after: int) -> None:
    seen = _busy_position(game_type)
    stop = Tripwire(after)
    budget = Budget(playouts=100_000, millis=3_600_000, stop=stop)
    move = search_policy(seen, Rng.for_decision("stop", 1), budget)
    assert move in seen.legal
    assert stop.asked == after  # it returned when told, without another question


@pytest.mark.parametrize("game_type", ["trambahn", "tf22-mine"])
def test_a_heuristic_asked_to_stop_scores_only_its_first_candidate(game_type: str) -> None:
    seen = _busy_position(game_type)
    stop = Tripwire(1)
    move = heuristic_policy(seen, Rng.for_decision("stop", 1), Budget(stop=stop))
    assert move in seen.legal
    assert stop.asked == 1


def test_an_elapsed_clock_stops_a_search_like_a_stop() -> None:
    seen = _busy_position("trambahn")
    ticks = iter(range(10_000))

    def clock() -> float:  # one second per question: the 1 ms budget is gone at once
        return float(next(ticks))

    move = search_policy(seen, Rng.for_decision("stop", 1), Budget(millis=1, clock=clock))
    assert move in seen.legal
    assert next(ticks) < 60  # a handful of questions, not 200 playouts' worth


@pytest.mark.parametrize("game_type", ["trambahn", "tf22-mine"])
def test_a_stop_that_never_trips_changes_nothing(game_type: str) -> None:
    seen = _busy_position(game_type)
    plain = Budget(playouts=8, millis=3_600_000)
    watched = Budget(playouts=8, millis=3_600_000, stop=lambda: False)
    first = search_policy(seen, Rng.for_decision("same", 3), plain)
    assert first == search_policy(seen, Rng.for_decision("same", 3), watched)


@pytest.mark.parametrize("game_type", ["trambahn", "tf22-mine"])
def test_observe_redacted_is_observe_of_events_redacted_once(game_type: str) -> None:
    state, events, seen = _position(game_type)
    rules = seen.rules
    redacted = tuple(rules.redact(e, seen.seat) for e in events)
    again = observe_redacted(rules, state, seen.seat, seen.players, redacted)
    assert (again.view, again.events, again.legal) == (seen.view, seen.events, seen.legal)
