"""`legal_moves` lists every legal move exactly once and each is accepted verbatim by `decide`;
every move it does not list is refused (rules/trekking.md Part A: one move is one turn)."""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest

from boardstate.engine.core.driver import Opening, Step, playthrough
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import moves as mv
from boardstate.engine.trekking.components import COMPONENTS, Colour
from boardstate.engine.trekking.state import State
from tests.engine.trekking.fixtures import (
    card_moves,
    card_where,
    choosing,
    on_top,
    table,
    worlds,
)

RNG = Rng.for_decision("legal", 1)


@cache
def _positions(players: int) -> tuple[State, ...]:
    out: list[State] = []
    for item in playthrough(RULES, players, f"legal-{players}"):
        state = item.state if isinstance(item, Opening) else item.after
        assert isinstance(item, Opening | Step)
        number = 0 if isinstance(item, Opening) else item.number
        if number % 9 == 0 and RULES.to_act(state):
            out.append(state)
    return tuple(out)


def _accepted(state: State, seat: int, move: mv.Move) -> bool:
    try:
        RULES.decide(state, seat, move, RNG)
    except MoveError:
        return False
    return True


def _candidates(state: State) -> list[mv.Move]:
    cards = [c for c, _ in state.choices()] + list(state.ancestors)
    cards += [state.deck[1]] if len(state.deck) > 1 else []
    cards += ["A-12", "I-01", "II-01", "III-36"]
    columns = [(), *[(c,) for c in Colour], *product(Colour, repeat=2)]
    moves: list[mv.Move] = [
        mv.ChooseCard(card, crystals, tuple(cols))
        for card in dict.fromkeys(cards)
        for crystals in range(6)
        for cols in columns
    ]
    return moves + [mv.ChooseItinerary(i) for i in COMPONENTS.itineraries]


@pytest.mark.rules("TK-10")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_listed_move_is_accepted_and_every_other_move_refused(players: int) -> None:
    for state in _positions(players):
        candidates = _candidates(state)
        for seat in range(players):
            legal = RULES.legal_moves(state, seat)
            assert len(set(legal)) == len(legal)
            accepted = [m for m in candidates if _accepted(state, seat, m)]
            assert set(accepted) == set(legal), (seat, state.day, state.phase)


@pytest.mark.rules("TK-11")
def test_legal_moves_list_every_crystal_amount_and_every_world_column() -> None:
    card = card_where(lambda c: c.hours == 4 and worlds(c) == 1)
    state = table(2, crystals=[2, 0], **on_top(card.id))
    listed = {(m.crystals, m.world_columns) for m in card_moves(state, 0) if m.card == card.id}
    assert listed == {(n, (c,)) for n in range(3) for c in Colour}


@pytest.mark.rules("TK-11")
def test_crystal_amounts_stop_at_the_one_hour_floor() -> None:
    card = card_where(lambda c: c.hours == 2 and worlds(c) == 0)
    state = table(2, crystals=[5, 0], **on_top(card.id))
    assert {m.crystals for m in card_moves(state, 0) if m.card == card.id} == {0, 1}


@pytest.mark.rules("TK-10", "Q-K11")
def test_every_display_card_the_deck_top_and_every_pool_ancestor_is_offered() -> None:
    state = table(3)
    offered = {m.card for m in card_moves(state, 0)}
    assert offered == {c for c, _ in state.choices()} | set(state.ancestors)
    assert len(state.choices()) == 6


@pytest.mark.rules("TK-10")
def test_seats_that_owe_nothing_have_no_legal_moves() -> None:
    state = table(3, hours=[4, 2, 12])
    assert [bool(RULES.legal_moves(state, s)) for s in range(3)] == [False, True, False]
    assert RULES.legal_moves(state, 7) == []
    assert RULES.legal_moves(choosing(state, {1: "IT-05"}), 1) == []
