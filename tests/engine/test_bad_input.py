"""Junk thrown at every game's `decide`: only typed errors come out, and state is unchanged."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardstate.engine.core.driver import Opening, Step, playthrough
from boardstate.engine.core.errors import MALFORMED_MOVE, MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.registry import GAMES

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@cache
def _positions(game_id: str) -> list[tuple[Any, int]]:
    """A few positions of a seeded game with the seat to act in each."""
    rules = GAMES[game_id]
    out: list[tuple[Any, int]] = []
    for item in playthrough(rules, rules.info.min_players, "junk", max_moves=40):
        if isinstance(item, Opening):
            out.append((item.state, min(rules.to_act(item.state))))
        elif isinstance(item, Step) and item.number % 8 == 0 and rules.to_act(item.after):
            out.append((item.after, min(rules.to_act(item.after))))
    return out


def _move_like(game_id: str) -> st.SearchStrategy[Any]:
    """Dicts with a real move type and junk or plausible fields."""
    types = sorted(GAMES[game_id].moves.by_type)
    fields = st.dictionaries(
        st.sampled_from(
            [
                "card",
                "line",
                "tram",
                "passengers",
                "terminal",
                "itinerary",
                "crystals",
                "cell",
                "crew",
                "to",
                "target",
                "loader",
                "way",
                "units",
                "a",
                "b",
                "area",
                "x",
            ]
        ),
        JSON,
        max_size=3,
    )
    return st.builds(lambda t, f: {"type": t, **f}, st.sampled_from(types), fields)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_junk_moves_raise_only_typed_errors_and_change_nothing(game_id: str, data: Any) -> None:
    rules = GAMES[game_id]
    positions = _positions(game_id)
    state, seat = positions[data.draw(st.integers(0, len(positions) - 1))]
    before = copy.deepcopy(state)
    raw = data.draw(st.one_of(JSON, _move_like(game_id)))
    try:
        move = rules.parse_move(raw)
    except MoveError as exc:
        assert exc.code == MALFORMED_MOVE
        assert exc.message
        return
    try:
        events = rules.decide(state, seat, move, Rng.for_decision("junk", 1))
    except MoveError as exc:
        assert exc.message
    else:
        assert move in rules.legal_moves(state, seat), f"decide accepted an unlisted move {move!r}"
        assert events
    assert state == before
