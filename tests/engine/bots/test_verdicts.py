"""Verdicts on decisions (issue 42): the search bot's view of a move played.

Each verdict names a legal move as the bot's, gives chances in [0, 1], labels the bot's own move
"the best move" and a move giving away much of the chance of winning "a costly move", rests on
no more playouts than it was given, stops when told to, and is the same every time for the same
seat's knowledge (so an analysis can be recomputed from an archived log).
"""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine import registry
from boardstate.engine.bots.seen import Seen, observe
from boardstate.engine.bots.verdicts import (
    BEST,
    ONLY,
    judge,
    label_of,
)
from boardstate.engine.core.driver import opening
from boardstate.engine.core.replay import apply
from boardstate.engine.core.rng import Rng

LABELS = {BEST, ONLY, "a costly move", "a mistake", "an inaccuracy", None}


def _decisions(game_type: str, players: int, seed: str, count: int) -> list[Seen]:
    """The seat's knowledge at the first `count` decisions with a choice of a random game."""
    rules = registry.get(game_type)
    start = opening(rules, players, seed, rules.parse_options(None))
    state, events = start.state, list(start.events)
    pick = Rng.for_decision("verdicts:" + seed, 0)
    out: list[Seen] = []
    for step in range(400):
        waiting = sorted(rules.to_act(state))
        if rules.is_finished(state) or not waiting or len(out) >= count:
            break
        seat = waiting[0]
        seen = observe(rules, state, seat, players, events)
        if len(seen.legal) > 1:
            out.append(seen)
        move = pick.choice(list(seen.legal))
        state, facts = apply(rules, state, seat, move, Rng.for_decision(seed, step))
        events += facts
    return out


def test_labels_name_the_big_swings() -> None:
    assert label_of("a", "a", 0.6, 0.6) == BEST
    assert label_of("b", "a", 0.6, 0.3) == "a costly move"
    assert label_of("b", "a", 0.6, 0.48) == "a mistake"
    assert label_of("b", "a", 0.6, 0.54) == "an inaccuracy"
    assert label_of("b", "a", 0.6, 0.58) is None
    assert label_of("b", "a", None, 0.1) is None


@pytest.mark.parametrize(("game_type", "players"), [("trambahn", 2), ("tinners-trail", 3)])
def test_a_verdict_is_legal_bounded_and_reproducible(game_type: str, players: int) -> None:
    for seen in _decisions(game_type, players, f"v-{game_type}", 4):
        for played in (seen.legal[0], seen.legal[-1]):
            first = judge(seen, played, Rng.for_decision("j", 1), 12)
            again = judge(seen, played, Rng.for_decision("j", 1), 12)
            assert first == again
            assert first.best in seen.legal
            assert 0 < first.playouts <= 12
            assert first.label in LABELS
            for chance in (first.before, first.after):
                assert chance is not None
                assert 0.0 <= chance <= 1.0
            if played == first.best:
                assert (first.label, first.after) == (BEST, first.before)


def test_a_verdict_stops_when_told_and_a_forced_move_is_not_searched() -> None:
    seen = _decisions("trambahn", 2, "v-stop", 1)[0]
    calls: list[Any] = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    stopped = judge(seen, seen.legal[0], Rng.for_decision("j", 2), 10_000, stop)
    assert stopped.playouts < 10
    forced = Seen(seen.rules, seen.seat, seen.players, seen.view, seen.events, seen.legal[:1])
    only = judge(forced, seen.legal[0], Rng.for_decision("j", 3), 50)
    assert (only.label, only.playouts, only.before) == (ONLY, 0, None)
