"""Trambahn hooks for the conformance suite: hidden-information perturbation and invariants."""

from __future__ import annotations

import dataclasses
from collections import Counter

from boardstate.engine.core.rng import Rng
from boardstate.engine.trambahn.components import COMPONENTS as TRAMBAHN_COMPONENTS
from boardstate.engine.trambahn.components import card_code
from boardstate.engine.trambahn.state import State as TrambahnState
from boardstate.engine.trambahn.state import Step
from tests.engine.hooks import Hooks


def _trambahn_perturb(state: TrambahnState, viewer: int | None, rng: Rng) -> TrambahnState:
    # Pool every card the viewer cannot see (other hands, all money faces, the draw pile),
    # shuffle the pool and deal it back into the same places with the same counts.
    players = list(state.players)
    pool: list[str] = list(state.draw_pile)
    for seat, p in enumerate(players):
        pool += p.money
        if seat != viewer:
            pool += p.hand
    pool = list(rng.shuffle(pool))
    out = []
    for seat, p in enumerate(players):
        money, pool = tuple(pool[: len(p.money)]), pool[len(p.money) :]
        hand = p.hand
        if seat != viewer:
            hand, pool = tuple(pool[: len(p.hand)]), pool[len(p.hand) :]
        out.append(dataclasses.replace(p, money=money, hand=hand))
    return dataclasses.replace(state, players=tuple(out), draw_pile=tuple(pool))


def _trambahn_invariants(state: TrambahnState) -> list[str]:
    problems = []
    cards: Counter[str] = Counter(state.draw_pile) + Counter(state.discard)
    for terminal in state.terminals:
        cards += Counter(terminal)
        if len(terminal) >= TRAMBAHN_COMPONENTS.passengers_per_scoring:
            problems.append("a terminal holds 4 passengers")
    for p in state.players:
        cards += Counter(p.hand) + Counter(p.money)
        for line in p.lines:
            cards += Counter(card_code(line.colour, v) for v in line.values)
            cards["conductor"] += line.conductors
            if list(line.values) != sorted(set(line.values)):
                problems.append(f"line {line.id} is not strictly ascending")
        if len(p.fahrten) != state.scorings:
            problems.append("a score sheet misses a Fahrt")
        if len(p.hand) > TRAMBAHN_COMPONENTS.hand_size:
            problems.append("a hand holds more than 6 cards")
        if state.step is Step.PASSENGERS and any(ln.tram is None for ln in p.lines):
            problems.append("a turn starts with a line without a tram")
    if cards != Counter(TRAMBAHN_COMPONENTS.deck):
        problems.append("cards were created or lost")
    trams = list(state.display) + list(state.tram_stack)
    trams += [ln.tram for p in state.players for ln in p.lines if ln.tram is not None]
    if Counter(trams) != Counter(TRAMBAHN_COMPONENTS.tram_stack):
        problems.append("trams were created or lost")
    if len(state.display) > TRAMBAHN_COMPONENTS.display_size:
        problems.append("the display holds more than 3 trams")
    return problems


HOOKS = Hooks(
    _trambahn_perturb,
    _trambahn_invariants,
    option_sets=(
        {},
        {"money_halving": "ceil", "display_refill": "after_each_purchase"},
        {"tie_break": "extra_tours"},
    ),
)
