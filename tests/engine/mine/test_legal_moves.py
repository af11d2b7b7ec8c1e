"""`legal_moves` lists every legal move, each once, and nothing else (rules/mine.md Part A: an
action that cannot be completed is not offered).

For positions of seeded games in every phase and option set, every well-formed move of a
finite universe (each move type × every crew, cell, loader, card and unit count) is decided:
`decide` accepts exactly the listed moves, and refuses the others with a typed error.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from boardstate.engine.core.driver import Opening, playthrough
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import RULES
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine.components import COMPONENTS, Colour
from boardstate.engine.mine.geometry import CELLS
from boardstate.engine.mine.state import State
from tests.engine.mine.driver import biased
from tests.engine.mine.hooks import OPTION_SETS

CARDS = sorted(COMPONENTS.all_symbol_cards)


def _actions() -> Iterator[mv.Action]:
    for cell in CELLS:
        yield from (mv.Rotate(cell), mv.FlipLong(cell), mv.FlipShort(cell))
    for colour in Colour:
        yield mv.Collect(colour)
        for cell in CELLS:
            yield from (mv.MoveCrew(colour, cell), mv.ChangeType(colour, cell))
            yield from (mv.TransporterTrap(colour, cell), mv.SecretTunnel(colour, cell))
        yield from (mv.Steal(colour, target) for target in Colour)
        for loader in range(3):
            yield from (mv.Deliver(colour, loader, units) for units in (1, 2))
    for loader in range(3):
        yield from (mv.MoveLoader(loader, way) for way in mv.Way)


def universe() -> Iterator[mv.Move]:
    """Every well-formed move over small domains (swaps are checked on ring pairs only)."""
    yield mv.SwapCards()
    yield from (mv.SwapCards(a, b) for a in CELLS[:8] for b in CELLS if a != b)
    yield from (mv.ChooseColour(colour) for colour in Colour)
    yield from (mv.CommitSymbolCard(card) for card in CARDS)
    for cell in CELLS:
        yield mv.PlaceRanium(cell)
        yield from (mv.PlaceRanium(cell, card) for card in CARDS)
    yield mv.ForfeitOre()
    for action in _actions():
        yield action
        if isinstance(action, mv.FREE_KINDS):
            yield mv.free(action)


@cache
def positions() -> tuple[tuple[str, State], ...]:
    """A spread of positions from uniform and biased games over every option set."""
    out: list[tuple[str, State]] = []
    for index, options in enumerate(OPTION_SETS):
        parsed = RULES.parse_options(options)
        players = 2 + index % 3
        games = [
            playthrough(RULES, players, f"legal-{index}", parsed, strategy=biased),
            playthrough(RULES, players, f"legal-{index}", parsed, max_moves=40),
        ]
        for game in games:
            for number, item in enumerate(game):
                state = item.state if isinstance(item, Opening) else item.after
                if RULES.to_act(state) and (number % 23 == 0 or state.pending):
                    out.append((f"{index}-{number}", state))
                if len(out) > 12 * (index + 1):
                    break
    return tuple(out)


def _accepted(state: State, seat: int, move: mv.Move) -> bool:
    try:
        RULES.decide(state, seat, move, Rng.for_decision("legal", 1))
    except MoveError:
        return False
    return True


@pytest.mark.parametrize("index", range(60))
@pytest.mark.rules("MN-16")
def test_decide_accepts_exactly_the_listed_moves(index: int) -> None:
    found = positions()
    if index >= len(found):
        pytest.skip("fewer positions")
    name, state = found[index]
    for seat in range(len(state.players)):
        listed = list(RULES.legal_moves(state, seat))
        assert len(set(listed)) == len(listed), (name, "listed twice")
        if seat not in RULES.to_act(state):
            assert listed == []
            continue
        accepted = {m for m in universe() if _accepted(state, seat, m)}
        in_scope = {m for m in listed if not _outside_universe(m)}
        assert accepted == in_scope, (name, seat, accepted ^ in_scope)
        for move in listed:
            assert _accepted(state, seat, move), (name, move)


def _outside_universe(move: Any) -> bool:
    return isinstance(move, mv.SwapCards) and move.a is not None and move.a not in CELLS[:8]


@pytest.mark.rules("MN-16")
def test_positions_cover_every_kind_of_decision() -> None:
    pending = {
        ("fight" if s.fight else "free" if s.free_action is not None else "respawn")
        for _, s in positions()
        if s.pending
    }
    phases = {s.phase.value for _, s in positions()}
    assert pending == {"fight", "free", "respawn"}
    assert phases == {"swaps", "colours", "play"}
