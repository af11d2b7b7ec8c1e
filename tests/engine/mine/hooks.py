"""TF22 Mine hooks for the conformance suite: hidden-information perturbation, the invariants
of rules/mine.md Part B §2.12, and option sets covering every option of Part A."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from boardstate.engine.core.rng import Rng
from boardstate.engine.mine.components import COMPONENTS
from boardstate.engine.mine.geometry import CENTRE, INNER_RING, TRACK
from boardstate.engine.mine.options import SymbolMode
from boardstate.engine.mine.state import Phase, State
from boardstate.engine.mine.symbols import own_cards
from tests.engine.hooks import Hooks


def _perturb(state: State, viewer: int | None, rng: Rng) -> State:
    # Standard mode: nobody knows any pile's order, so every pile may be reordered.
    # Strategic mode: another seat's pending commitment may be any of its unused cards.
    mode = state.options.symbol_cards
    if mode is SymbolMode.STANDARD:
        players = tuple(dataclasses.replace(p, pile=rng.shuffle(p.pile)) for p in state.players)
        state = dataclasses.replace(state, players=players)
    fight = state.fight
    if mode is SymbolMode.STRATEGIC and fight is not None and fight.choices is not None:
        committed = tuple(
            (seat, card if seat == viewer else rng.choice(state.players[seat].pile))
            for seat, card in fight.choices.committed
        )
        choices = dataclasses.replace(fight.choices, committed=committed)
        state = dataclasses.replace(state, fight=dataclasses.replace(fight, choices=choices))
    return state


def _pieces(state: State) -> list[str]:
    problems = []
    if sorted(p.card for p in state.grid) != sorted(COMPONENTS.cards):
        problems.append("the grid does not hold the 36 cards once each")
    if len(set(state.ranium)) != len(state.ranium):
        problems.append("two Ranium share a cell")
    pending = state.respawn.remaining if state.respawn else 0
    total = len(state.ranium) + sum(c.stock for c in state.crews) + pending
    if state.phase is not Phase.OVER and total != COMPONENTS.ranium_pieces:
        problems.append(f"{total} Ranium in the game, not 4")
    if total > COMPONENTS.ranium_pieces or any(c.stock < 0 for c in state.crews):
        problems.append("Ranium was created")
    if len(set(state.loaders)) != len(state.loaders) or len(state.loaders) != 3:
        problems.append("loaders must be 3 on distinct positions")
    if any(not 0 <= p < TRACK for p in state.loaders):
        problems.append("a loader left the track")
    for crew in state.crews:
        if crew.base != CENTRE[state.options.centre.index(crew.colour)]:
            problems.append(f"the {crew.colour.value} base camp moved")
    if state.respawn and not 1 <= state.respawn.remaining <= COMPONENTS.units_per_delivery:
        problems.append("a re-spawn of more than 2 units")
    return problems


def _turn(state: State) -> list[str]:
    problems = []
    points = [p.points for p in state.players]
    if state.phase is not Phase.OVER and max(points) >= COMPONENTS.points_to_win:
        problems.append("a seat has 3 points but the game goes on")
    if sum(points) > len(state.players) * 2 + (2 if state.phase is Phase.OVER else 0):
        problems.append("too many victory points")
    if not 0 <= state.ore <= COMPONENTS.ore_per_turn:
        problems.append("ore out of range")
    pendings = [state.fight, state.free_action, state.respawn]
    if sum(p is not None for p in pendings) > 1:
        problems.append("two decisions pending at once")
    if state.phase is Phase.PLAY and not state.pending and state.ore == 0:
        problems.append("a turn with no ore left did not pass")
    if state.respawn and state.phase is Phase.PLAY:
        free_inner = [c for c in INNER_RING if c not in state.ranium]
        if not free_inner:
            problems.append("no inner-ring cell left for a re-spawn")
    return problems


def _symbols(state: State) -> list[str]:
    problems: list[str] = []
    if state.phase in (Phase.SETUP, Phase.SWAPS, Phase.COLOURS):
        return problems
    for seat, player in enumerate(state.players):
        cards = Counter(player.pile) + Counter(player.discard)
        if cards != Counter(own_cards(player)):
            problems.append(f"seat {seat}'s symbol cards were created or lost")
    return problems


def _invariants(state: State) -> list[str]:
    if not state.grid:
        return []
    return _pieces(state) + _turn(state) + _symbols(state)


OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"symbol_cards": "chance", "setup_swaps": 1, "max_rounds": 20},
    {"symbol_cards": "strategic", "allow_forfeit_ore": True, "max_rounds": 30},
    {
        "require_open_edges": False,
        "change_type_needs_open_edges": False,
        "loader_needs_opening": False,
        "setup_swaps": 0,
        "centre": ["red", "blue", "yellow", "white"],
        "loaders": [0, 5, 10],
        "max_rounds": 25,
    },
    {"symbol_cards": "strategic", "require_open_edges": False, "max_rounds": 12},
)
"""Every option of rules/mine.md Part A; the defaults first. `max_rounds: 0` (no limit) has
no finite bound for random play and is covered by scenario tests."""

HOOKS = Hooks(_perturb, _invariants, option_sets=OPTION_SETS)
