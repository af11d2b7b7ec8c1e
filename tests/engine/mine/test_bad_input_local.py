"""Junk thrown at `tf22-mine`'s `decide` (as tests/engine/test_bad_input.py does for registered
games, with this game's field names): only typed errors come out, state is unchanged, and
anything accepted was listed by `legal_moves`."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import MALFORMED_MOVE, MoveError
from engine.core.rng import Rng
from engine.core.simulate import Opening
from engine.mine import RULES
from tests.engine.mine.driver import biased_playthrough
from tests.engine.mine.hooks import OPTION_SETS
from tests.engine.test_bad_input import JSON

FIELDS = ["cell", "crew", "to", "target", "loader", "way", "units", "card", "a", "b", "colour"]
CELLS = st.lists(st.integers(-1, 6), min_size=2, max_size=2)
PLAUSIBLE = st.one_of(
    CELLS,
    st.sampled_from(["white", "red", "blue", "yellow", "forward", "back", "red-4", "blue-9"]),
    st.integers(-1, 3),
    st.none(),
    st.dictionaries(st.sampled_from(["cell", "crew", "to"]), CELLS, max_size=2),
)


@cache
def _positions() -> list[tuple[Any, int]]:
    """Positions of seeded biased games (every phase and pending decision) with a seat to act."""
    out: list[tuple[Any, int]] = []
    for index, options in enumerate(OPTION_SETS):
        for players in (2, 3, 4):
            game = biased_playthrough(players, f"junk-{index}", RULES.parse_options(options))
            for number, item in enumerate(game):
                state = item.state if isinstance(item, Opening) else item.after
                if number % 9 == 0 and RULES.to_act(state):
                    out.append((state, min(RULES.to_act(state))))
                if number > 120:
                    break
    return out


def _move_like() -> st.SearchStrategy[Any]:
    fields = st.dictionaries(st.sampled_from(FIELDS), st.one_of(PLAUSIBLE, JSON), max_size=3)
    types = sorted(RULES.moves.by_type)
    return st.builds(lambda t, f: {"type": t, **f}, st.sampled_from(types), fields)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_junk_moves_raise_only_typed_errors_and_change_nothing(data: Any) -> None:
    positions = _positions()
    state, seat = positions[data.draw(st.integers(0, len(positions) - 1))]
    before = copy.deepcopy(state)
    raw = data.draw(st.one_of(JSON, _move_like()))
    try:
        move = RULES.parse_move(raw)
    except MoveError as exc:
        assert exc.code == MALFORMED_MOVE
        assert exc.message
        return
    try:
        events = RULES.decide(state, seat, move, Rng.for_decision("junk", 1))
    except MoveError as exc:
        assert exc.message
    else:
        assert move in RULES.legal_moves(state, seat), f"decide accepted an unlisted {move!r}"
        assert events
    assert state == before
