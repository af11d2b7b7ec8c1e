"""`legal_moves` lists every legal move once, each accepted verbatim, and stays small."""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine.core.driver import Step, playthrough
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail import RULES
from boardstate.engine.tinners_trail.state import Phase
from tests.engine.tinners_trail.fixtures import area, player, table, wire_legal

LIMIT = 500
"""Legal moves per position stay in the hundreds (brief: auctions, pumps, opening areas)."""


def _positions(players: int, options: dict[str, Any], seed: str) -> list[Step]:
    parsed = RULES.parse_options(options)
    return [s for s in playthrough(RULES, players, seed, parsed) if isinstance(s, Step)]


@pytest.mark.parametrize(
    ("players", "options"), [(3, {}), (4, {"arsenic": True}), (5, {"arsenic": True})]
)
@pytest.mark.rules("TT-6")
def test_every_listed_move_is_accepted_verbatim_at_every_position(
    players: int, options: dict[str, Any]
) -> None:
    for step in _positions(players, options, f"legal-{players}"):
        assert len(step.legal) <= LIMIT
        for move in step.legal:
            wire = RULES.moves.encode(move)
            try:
                RULES.decide(step.before, step.seat, RULES.parse_move(wire), Rng(b"x"))
            except MoveError as exc:  # pragma: no cover - a failure report
                pytest.fail(f"{wire} rejected at move {step.number}: {exc!r}")


@pytest.mark.rules("TT-6")
def test_moves_that_are_not_listed_are_refused() -> None:
    state = table(areas={5: area(1, 2, 2, mine=0)})
    listed = wire_legal(state, 0)
    for area_id in range(1, 20):
        for move in (
            {"type": "build_port", "area": area_id},
            {"type": "build_railway", "area": area_id},
            {"type": "mine_ore", "area": area_id, "tin": 1, "copper": 1},
            {"type": "open_area", "area": area_id},
        ):
            accepted = True
            try:
                RULES.decide(state, 0, RULES.parse_move(move), Rng(b"x"))
            except MoveError:
                accepted = False
            assert accepted == (move in listed), move


@pytest.mark.rules("TT-6")
def test_a_rich_position_still_lists_only_a_few_hundred_moves() -> None:
    rich = {
        a: area(5, 6, 6, mine=0, miners=10, port=True, railway=True) for a in (1, 2, 3, 4, 7, 12)
    }
    state = table([player(500), player(), player()], areas=rich)
    assert len(wire_legal(state, 0)) <= LIMIT


@pytest.mark.rules("TT-15")
def test_an_auction_lists_one_bid_per_pound_up_to_the_bidders_money() -> None:
    state = table([player(300), player(300)])
    state = RULES.evolve(
        state,
        RULES.decide(state, 0, RULES.parse_move({"type": "build_mine", "area": 3}), Rng(b"x"))[0],
    )
    assert len(wire_legal(state, 0)) == 300
    assert state.phase is Phase.ACTIONS
