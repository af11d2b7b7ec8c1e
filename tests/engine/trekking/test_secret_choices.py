"""Secret itinerary choices in seeded random playthroughs (rules/trekking.md Part A, hidden
information; architecture §3, §5), beyond the shared conformance suite's checks.

At every step and for every viewer, no id the viewer may not know (another seat's
unused or pending itinerary, a deck card below today's face-up top) appears anywhere in the
view or in the step's redacted events; a pending choice can be swapped without any other
seat's view, legal moves or `to_act` changing; and a repeated or late itinerary choice is
refused (`NOT_YOUR_TURN`: the seat owes nothing; `ILLEGAL_MOVE`: out of phase).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from boardstate.engine.core.driver import Opening, Step, playthrough
from boardstate.engine.core.errors import ILLEGAL_MOVE, NOT_YOUR_TURN, MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking import moves as mv
from boardstate.engine.trekking.state import Phase, State
from tests.engine.trekking.hooks import HOOKS

SEEDS = 12
CASES = [(players, seed) for players in (2, 3, 4) for seed in range(SEEDS)]


IDS = re.compile(r'"((?:I{1,3}|A|IT)-\d\d)"')


def _strings(value: Any) -> set[str]:
    """Every card or itinerary id occurring as a string anywhere in `value`."""
    return set(IDS.findall(json.dumps(value)))


def hidden_from(state: State, viewer: int | None) -> set[str]:
    """Ids `viewer` may not know in `state`: other hands (pending choices included), deck
    cards below today's face-up top, every card of a later day's deck."""
    hidden = {i for s, p in enumerate(state.players) if s != viewer for i in p.hand}
    for day, deck in enumerate(state.decks, 1):
        if day == state.day:
            hidden |= set(deck[1:])
        elif day > state.day:
            hidden |= set(deck)
    return hidden


def check_no_leak(state: State, events: tuple[Any, ...], players: int) -> None:
    """No hidden id in any viewer's view of `state` or redacted `events`."""
    for viewer in [None, *range(players)]:
        hidden = hidden_from(state, viewer)
        seen = _strings(RULES.view(state, viewer))
        seen |= _strings([RULES.events.encode(RULES.redact(e, viewer)) for e in events])
        assert not seen & hidden, f"viewer {viewer} sees {sorted(seen & hidden)}"


def check_pending_choices(state: State, players: int) -> None:
    """Swapping a pending choice changes nothing any other seat (or a spectator) can observe."""
    if state.secret is None:
        return
    for seat, choice in state.secret.committed:
        others = [v for v in [None, *range(players)] if v != seat]
        before = {v: RULES.view(state, v) for v in others}
        moves = {v: RULES.legal_moves(state, v) for v in others if v is not None}
        for other in state.players[seat].hand:
            if other == choice:
                continue
            committed = tuple((s, other if s == seat else c) for s, c in state.secret.committed)
            swapped = type(state)(
                **{f: getattr(state, f) for f in state.__dataclass_fields__}
                | {"secret": type(state.secret)(state.secret.seats, committed)}
            )
            assert RULES.to_act(swapped) == RULES.to_act(state)
            for v in others:
                assert RULES.view(swapped, v) == before[v], f"seat {seat}'s choice leaks to {v}"
                if v is not None:
                    assert RULES.legal_moves(swapped, v) == moves[v]


def check_secret_choice_is_refused_when_repeated_or_late(state: State, rng: Rng) -> None:
    """A committed seat choosing again: `NOT_YOUR_TURN` (it owes nothing); after the reveal the
    seat whose turn it is: `ILLEGAL_MOVE` (rule `itinerary_phase`), any other `NOT_YOUR_TURN`."""
    if state.phase is Phase.OVER:
        return
    cases: list[tuple[int, str | None]]
    if state.secret is not None:
        cases = [(seat, None) for seat, _ in state.secret.committed]
    else:
        acting = RULES.to_act(state)
        cases = [
            (seat, "itinerary_phase" if seat in acting else None)
            for seat in range(len(state.players))
        ]
    for seat, rule in cases:
        hand = state.players[seat].hand
        if not hand:
            continue
        move = mv.ChooseItinerary(hand[0])
        with pytest.raises(MoveError) as info:
            RULES.decide(state, seat, move, rng)
        if rule is None:
            assert info.value.code == NOT_YOUR_TURN
            assert info.value.details == {
                "seat": seat,
                "toAct": sorted(RULES.to_act(state)),
                "to_act": sorted(RULES.to_act(state)),
            }
        else:
            assert info.value.code == ILLEGAL_MOVE
            assert info.value.details["rule"] == rule


@pytest.mark.rules("TK-24")
@pytest.mark.parametrize(("players", "seed"), CASES)
def test_a_secret_choice_never_leaks_before_the_reveal(players: int, seed: int) -> None:
    check_rng = Rng.for_decision(f"check:{seed}", 0)
    options = RULES.parse_options(HOOKS.option_sets[seed % len(HOOKS.option_sets)])
    for item in playthrough(RULES, players, f"secret-{seed}", options):
        if isinstance(item, Opening):
            check_no_leak(item.state, item.events, players)
            continue
        assert isinstance(item, Step)
        check_no_leak(item.after, item.events, players)
        check_pending_choices(item.after, players)
        if any(isinstance(e, ev.ItineraryCommitted) for e in item.events):
            check_secret_choice_is_refused_when_repeated_or_late(item.after, check_rng)


@pytest.mark.rules("TK-6")
def test_a_late_choice_after_the_reveal_is_refused_in_a_real_game() -> None:
    for item in playthrough(RULES, 3, "late"):
        if isinstance(item, Step) and any(
            isinstance(e, ev.ItinerariesRevealed) for e in item.events
        ):
            check_secret_choice_is_refused_when_repeated_or_late(item.after, Rng(b"x"))
            return
    pytest.fail("no reveal")  # pragma: no cover
