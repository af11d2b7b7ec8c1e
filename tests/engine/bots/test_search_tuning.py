"""The search plays each game as the game's `BotHooks.search` says (issue 42): its root is the
one-ply ranking by the search's evaluation, cut to the tuning's width."""

from __future__ import annotations

import dataclasses
from typing import Any

from boardstate.engine import registry
from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.heuristic import heuristic_policy, one_ply
from boardstate.engine.bots.search import search_policy
from boardstate.engine.bots.seen import Seen, observe
from boardstate.engine.core.bot_hooks import SearchTuning
from boardstate.engine.core.driver import opening
from boardstate.engine.core.replay import apply
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules

BUDGET = Budget(playouts=4, millis=60_000)


def _contrary(rules: GameRules[Any, Any, Any]) -> GameRules[Any, Any, Any]:
    """`rules` whose search keeps one root move and values positions the game's way reversed."""
    hooks = rules.bots
    assert hooks is not None
    evaluate = hooks.evaluate

    def reversed_evaluation(state: Any, seat: int) -> float:
        return -evaluate(state, seat)

    tuning = SearchTuning(root_width=1, evaluate=reversed_evaluation)
    return dataclasses.replace(rules, bots=dataclasses.replace(hooks, search=tuning))


def _unique_best(ranked: list[tuple[float, Any]]) -> Any:
    """The move with the best score if no other move has it, else None."""
    top = max(score for score, _ in ranked)
    best = [move for score, move in ranked if score == top]
    return best[0] if len(best) == 1 else None


def _decisive_seen(rules: GameRules[Any, Any, Any]) -> Seen:
    """The first decision of a heuristic game where the search's evaluation has one best move,
    another than the heuristic's."""
    hooks = rules.bots
    assert hooks is not None
    start = opening(rules, 2, "tuning", rules.parse_options(None))
    state, events = start.state, list(start.events)
    for step in range(rules.info.max_game_length):
        seat = min(rules.to_act(state))
        seen = observe(rules, state, seat, 2, events)
        move = heuristic_policy(seen, _rng(), BUDGET)
        best = _unique_best(one_ply(seen, _rng(), None, hooks.search_evaluate))
        if len(seen.legal) > 1 and best is not None and best != move:
            return seen
        state, facts = apply(rules, state, seat, move, Rng.for_decision("game", step))
        events += facts
    raise AssertionError("no decisive decision")


def test_the_search_shortlists_by_the_games_search_evaluation_and_root_width() -> None:
    rules = _contrary(registry.get("tinners-trail"))
    seen = _decisive_seen(rules)
    hooks = rules.bots
    assert hooks is not None
    best = _unique_best(one_ply(seen, _rng(), None, hooks.search_evaluate))
    assert search_policy(seen, _rng(), BUDGET) == best
    assert heuristic_policy(seen, _rng(), BUDGET) != best


def test_a_game_without_a_tuning_plays_the_default_search() -> None:
    for rules in registry.GAMES.values():
        hooks = rules.bots
        assert hooks is not None
        if rules.info.id not in ("tinners-trail", "tf22-mine"):
            assert hooks.search == SearchTuning()
            assert hooks.search_evaluate is hooks.evaluate


def _rng() -> Rng:
    return Rng.for_decision("tuning", 0)
