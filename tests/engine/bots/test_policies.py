"""Bot policies (issue 17): always legal, never raising, deterministic, and blind to what the seat
may not know.

Conformance mode: seeded games of every game type, player count and option variant are played by
every policy (search with a small playout budget); each choice must be one of the seat's legal
moves. Information: the same seat's knowledge with other hidden cards behind it gives the same
choice, and the resampler keeps the seat's view while dealing the hidden cards anew.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine import registry
from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.policies import POLICIES, policy
from boardstate.engine.bots.seen import Seen, observe
from boardstate.engine.core.driver import opening
from boardstate.engine.core.replay import apply
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules

BUDGET = Budget(playouts=6, millis=60_000)
QUICK = {"tf22-mine": {"max_rounds": 2}}
CASES = [
    (game_type, players)
    for game_type, rules in sorted(registry.GAMES.items())
    for players in range(rules.info.min_players, rules.info.max_players + 1)
]


def _positions(
    rules: GameRules[Any, Any, Any], players: int, seed: str, limit: int
) -> list[tuple[Any, list[Any]]]:
    """Positions of a seeded random game: (state, events so far)."""
    start = opening(rules, players, seed, rules.parse_options(QUICK.get(rules.info.id)))
    state, events = start.state, list(start.events)
    out = []
    pick = Rng.for_decision("positions:" + seed, 0)
    for step in range(limit):
        waiting = sorted(rules.to_act(state))
        if rules.is_finished(state) or not waiting:
            break
        out.append((state, list(events)))
        seat = waiting[0]
        move = pick.choice(list(rules.legal_moves(state, seat)))
        state, facts = apply(rules, state, seat, move, Rng.for_decision(seed, step))
        events += facts
    return out


@pytest.mark.parametrize(("game_type", "players"), CASES)
@pytest.mark.parametrize("policy_id", POLICIES)
def test_every_policy_chooses_a_legal_move_without_raising(
    game_type: str, players: int, policy_id: str
) -> None:
    rules = registry.get(game_type)
    positions = _positions(rules, players, f"legal-{policy_id}", 400)
    for index, (state, events) in enumerate(positions[:: max(1, len(positions) // 12)]):
        seat = sorted(rules.to_act(state))[0]
        seen = observe(rules, state, seat, players, events)
        move = policy(policy_id)(seen, Rng.for_decision("choose", index), BUDGET)
        assert move in seen.legal


OPTION_SETS = [
    ("trambahn", 2, {"money_halving": "ceil", "display_refill": "after_each_purchase"}),
    ("trambahn", 2, {"tie_break": "extra_tours"}),
    ("tinners-trail", 3, {"arsenic": True}),
    ("tinners-trail", 4, {"arsenic": True}),
    ("trekking", 3, {"equal_years": "break", "tie_break": "shared"}),
    ("tf22-mine", 2, {"symbol_cards": "strategic", "max_rounds": 2}),
    ("tf22-mine", 3, {"symbol_cards": "chance", "allow_forfeit_ore": True, "max_rounds": 2}),
]


@pytest.mark.parametrize(("game_type", "players", "options"), OPTION_SETS)
def test_every_policy_plays_legal_moves_under_every_option_set(
    game_type: str, players: int, options: dict[str, Any]
) -> None:
    rules = registry.get(game_type)
    start = opening(rules, players, "options", rules.parse_options(options))
    state, events = start.state, list(start.events)
    for step in range(240):
        waiting = sorted(rules.to_act(state))
        if rules.is_finished(state) or not waiting:
            break
        seat = waiting[0]
        seen = observe(rules, state, seat, players, events)
        policy_id = POLICIES[step % len(POLICIES)]
        move = policy(policy_id)(seen, Rng.for_decision("opts", step), BUDGET)
        assert move in seen.legal
        state, facts = apply(rules, state, seat, move, Rng.for_decision("opts-game", step))
        events += facts


def _hidden_twin(seen_rules: GameRules[Any, Any, Any], state: Any, seat: int) -> Any:
    """Another state the seat cannot tell apart from `state` (hidden cards dealt anew)."""
    hooks = seen_rules.bots
    assert hooks is not None
    for k in range(20):
        twin = hooks.resample(state, seat, Rng.for_decision("twin", k))
        if twin != state:
            return twin
    return None


@pytest.mark.parametrize("game_type", ["trambahn", "trekking", "tf22-mine"])
@pytest.mark.parametrize("policy_id", POLICIES)
def test_the_same_knowledge_with_other_hidden_cards_gives_the_same_choice(
    game_type: str, policy_id: str
) -> None:
    rules = registry.get(game_type)
    players = rules.info.min_players
    checked = 0
    for state, events in _positions(rules, players, "hidden", 200)[3::6]:
        seat = sorted(rules.to_act(state))[0]
        twin = _hidden_twin(rules, state, seat)
        if twin is None:
            continue
        assert rules.view(twin, seat) == rules.view(state, seat)
        seen = observe(rules, state, seat, players, events)
        seen_twin = observe(rules, twin, seat, players, events)
        assert _knowledge(seen) == _knowledge(seen_twin)
        a = policy(policy_id)(seen, Rng.for_decision("same", 1), BUDGET)
        b = policy(policy_id)(seen_twin, Rng.for_decision("same", 1), BUDGET)
        assert a == b
        checked += 1
    assert checked >= 2


def _knowledge(seen: Seen) -> tuple[Any, ...]:
    return (seen.view, seen.events, seen.legal)


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
def test_a_policy_is_deterministic_given_its_rng(game_type: str) -> None:
    rules = registry.get(game_type)
    state, events = _positions(rules, rules.info.min_players, "det", 30)[-1]
    seat = sorted(rules.to_act(state))[0]
    seen = observe(rules, state, seat, rules.info.min_players, events)
    for policy_id in POLICIES:
        first = policy(policy_id)(seen, Rng.for_decision("d", 7), BUDGET)
        assert policy(policy_id)(seen, Rng.for_decision("d", 7), BUDGET) == first


def test_the_heuristic_beats_random_at_trambahn() -> None:
    """A smoke check of strength (the measured figures: bench/bots.py, docs/bots.md)."""
    from bench.bots import play

    rules = registry.get("trambahn")
    wins = 0.0
    for g in range(4):
        seats = ["heuristic", "random"] if g % 2 == 0 else ["random", "heuristic"]
        winners, _ = play(rules, 2, f"strength-{g}", seats, [BUDGET, BUDGET])
        hero = g % 2
        wins += (1 / len(winners)) if hero in winners else 0
    assert wins >= 3
