"""Codes that say what happened: a seat that owes no decision is told `NOT_YOUR_TURN` (details
`{seat, to_act}`), whatever it submits, in every game (issue 20, item 4). Checked along random
games of every game type and player count: each seat outside `to_act` submits the moves it
could make at its own last decision and the moves the owing seat may make now."""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine import registry
from boardstate.engine.core.driver import Step, playthrough
from boardstate.engine.core.errors import NOT_YOUR_TURN, MoveError
from boardstate.engine.core.rng import Rng
from tests.engine.conformance_hooks import HOOKS

MOVES_PER_SEAT = 12
"""Candidate moves tried per seat and position (the first ones of each list)."""
EVERY = 3
"""Positions checked: every third."""

CASES = [
    (game, players)
    for game, rules in sorted(registry.GAMES.items())
    for players in range(rules.info.min_players, rules.info.max_players + 1)
]


def code_of(rules: Any, state: Any, seat: int, move: Any) -> tuple[str, dict[str, Any]]:
    """The code and details `move` is refused with (`ACCEPTED` when it is not)."""
    try:
        rules.decide(state, seat, move, Rng.for_decision("whose-turn", 1))
    except MoveError as error:
        return error.code, error.details
    return "ACCEPTED", {}


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_seat_that_owes_no_decision_is_told_not_your_turn(game: str, players: int) -> None:
    rules = registry.GAMES[game]
    sets = HOOKS[game].option_sets or (None,)
    tried = 0
    for index, options in enumerate(sets[:2]):
        last: dict[int, tuple[Any, ...]] = {}
        parsed = rules.parse_options(options)
        for item in playthrough(rules, players, f"turn-{game}-{index}", parsed, max_moves=240):
            if not isinstance(item, Step):
                continue
            last[item.seat] = item.legal
            state = item.after
            if item.number % EVERY or rules.is_finished(state):
                continue
            owing = sorted(rules.to_act(state))
            now = [m for s in owing[:1] for m in rules.legal_moves(state, s)[:MOVES_PER_SEAT]]
            for seat in set(range(players)) - set(owing):
                for move in [*last.get(seat, ())[:MOVES_PER_SEAT], *now]:
                    code, details = code_of(rules, state, seat, move)
                    assert (code, details) == (
                        NOT_YOUR_TURN,
                        {"seat": seat, "toAct": owing, "to_act": owing},
                    ), (item.number, seat, move)
                    tried += 1
    assert tried > 0
