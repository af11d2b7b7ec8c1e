"""Trekking hooks for the conformance suite: hidden-information perturbation and invariants."""

from __future__ import annotations

import dataclasses
from collections import Counter

from boardstate.engine.core.rng import Rng
from boardstate.engine.trekking.components import COMPONENTS as TREKKING_COMPONENTS
from boardstate.engine.trekking.state import Phase
from boardstate.engine.trekking.state import State as TrekkingState
from tests.engine.hooks import Hooks


def _trekking_decks(state: TrekkingState, rng: Rng) -> tuple[tuple[str, ...], ...]:
    # Nobody knows the order of a deck below today's face-up top card.
    decks = []
    for day, deck in enumerate(state.decks, 1):
        keep = 1 if day == state.day and deck else 0
        decks.append(deck[:keep] + rng.shuffle(deck[keep:]))
    return tuple(decks)


def _trekking_perturb(state: TrekkingState, viewer: int | None, rng: Rng) -> TrekkingState:
    # Every itinerary the viewer cannot see (other hands with their pending choice, and the
    # undealt ones) is pooled, shuffled and dealt back in the same counts; a pending choice of
    # another seat becomes a random itinerary of its new hand.
    public = {i for p in state.players for i in (*p.used, p.itinerary) if i is not None}
    own = set(state.players[viewer].hand) if viewer is not None else set()
    pool = list(rng.shuffle(sorted(set(TREKKING_COMPONENTS.itineraries) - public - own)))
    players = []
    for seat, p in enumerate(state.players):
        if seat == viewer:
            players.append(p)
            continue
        hand, pool = tuple(pool[: len(p.hand)]), pool[len(p.hand) :]
        players.append(dataclasses.replace(p, hand=hand))
    secret = state.secret
    if secret is not None:
        committed = tuple(
            (seat, choice if seat == viewer else rng.choice(players[seat].hand))
            for seat, choice in secret.committed
        )
        secret = dataclasses.replace(secret, committed=committed)
    return dataclasses.replace(
        state, players=tuple(players), secret=secret, decks=_trekking_decks(state, rng)
    )


def _trekking_cards(state: TrekkingState) -> list[str]:
    problems = []
    in_treks = Counter(c for p in state.players for t in p.treks for c in t)
    if in_treks and max(in_treks.values()) > 1:
        problems.append("a card lies in two treks")
    for day, deck in enumerate(state.decks, 1):
        full = Counter(TREKKING_COMPONENTS.day_decks[day - 1])
        here = Counter(deck) + Counter(c for c in in_treks if c in full)
        if day == state.day:
            here += Counter(c for c in state.display if c is not None)
            if here != full:
                problems.append(f"day {day}'s cards were created or lost")
        elif day > state.day and here != full:
            problems.append(f"day {day}'s deck is not complete")
        elif not set(here) <= set(full) or max(here.values(), default=1) > 1:
            problems.append(f"day {day}'s cards are duplicated")
    ancestors = Counter(state.ancestors) + Counter(
        c for c in in_treks if c in TREKKING_COMPONENTS.ancestors
    )
    if max(ancestors.values(), default=1) > 1 or sum(ancestors.values()) != 3 * len(state.players):
        problems.append("ancestors were created or lost")
    if len(state.display) != TREKKING_COMPONENTS.display_spaces:
        problems.append("the display has the wrong number of spaces")
    return problems


def _trekking_invariants(state: TrekkingState) -> list[str]:
    problems = _trekking_cards(state)
    seen: Counter[str] = Counter()
    for seat, p in enumerate(state.players):
        mine = [*p.hand, *p.used, *([p.itinerary] if p.itinerary else [])]
        seen += Counter(mine)
        if len(mine) != TREKKING_COMPONENTS.itineraries_per_player:
            problems.append(f"seat {seat} does not hold 4 itineraries in all")
        if not 0 <= p.hours <= TREKKING_COMPONENTS.hours_per_day:
            problems.append(f"seat {seat}'s watch is off the clock")
        if p.crystals < 0 or p.pp < 0:
            problems.append(f"seat {seat} has negative crystals or PP")
        if any(not 0 <= n <= TREKKING_COMPONENTS.spaces_per_column for n in p.filled):
            problems.append(f"seat {seat}'s itinerary column overflows")
        if (p.itinerary is not None) != (state.phase is Phase.TURNS):
            problems.append(f"seat {seat} has an itinerary outside the turns phase or none")
        if p.itinerary is not None:
            groups = TREKKING_COMPONENTS.itineraries[p.itinerary].groups
            for index in p.groups_done:
                if not all(p.filled[c] > r for c, r in groups[index].spaces):
                    problems.append(f"seat {seat} scored an incomplete group")
        if len(p.used) != state.day - (0 if state.phase is Phase.OVER else 1):
            problems.append(f"seat {seat} has used a wrong number of itineraries")
    if seen and max(seen.values()) > 1:
        problems.append("an itinerary is held twice")
    hours = [p.hours for p in state.players]
    if state.phase is Phase.TURNS and min(hours) >= TREKKING_COMPONENTS.hours_per_day:
        problems.append("every watch is on 12 but the day goes on")
    if state.phase is Phase.ITINERARY and any(hours):
        problems.append("a watch moved before the itineraries were revealed")
    if sorted(state.stack) != list(range(len(state.players))):
        problems.append("the stack does not hold every watch once")
    if (state.secret is not None) != (state.phase is Phase.ITINERARY):
        problems.append("a secret choice is open outside the itinerary phase")
    if state.secret is not None:
        for seat, choice in state.secret.committed:
            if choice not in state.players[seat].hand:
                problems.append(f"seat {seat} committed an itinerary it does not hold")
    return problems


HOOKS = Hooks(
    _trekking_perturb,
    _trekking_invariants,
    option_sets=(
        {},
        {"equal_years": "break", "tie_break": "shared"},
        {"display_bonuses": ["crystal", "green", "yellow", "blue", "red"]},
    ),
)
