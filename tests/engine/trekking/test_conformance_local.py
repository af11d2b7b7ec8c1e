"""The shared conformance suite run over `trekking` before it is registered, plus the secret
choice checks (rules/trekking.md Part A, hidden information; DESIGN §3, §5).

Same properties as `tests/engine/test_conformance.py` (it reuses its helpers), for every player
count and many seeds: the game ends within `max_game_length`; `legal_moves` is empty exactly
when a seat may not act; sampled legal moves are accepted; the fold rebuilds the live state;
wire and msgpack round trips; absolute views that `perturb` cannot change; invariants.
In addition, at every step and for every viewer, no id the viewer may not know (another seat's
unused or pending itinerary, a deck card below today's face-up top) appears anywhere in the
view or in the step's redacted events; a pending choice can be swapped without any other
seat's view, legal moves or `to_act` changing; and a repeated or late itinerary choice is
refused by the rules.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine.core.errors import ILLEGAL_MOVE, MoveError
from engine.core.replay import fold
from engine.core.rng import Rng
from engine.core.simulate import Opening, Step, playthrough
from engine.trekking import RULES
from engine.trekking import events as ev
from engine.trekking import moves as mv
from engine.trekking.state import Phase, State
from tests.engine.test_conformance import (
    _check_events,
    _check_wire,
    _differs_only_where_spectator_sees_null,
)
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
    """A committed seat choosing again, or anyone choosing after the reveal: `ILLEGAL_MOVE`."""
    if state.phase is Phase.OVER:
        return
    if state.secret is not None:
        cases = [(seat, "itinerary_repeated") for seat, _ in state.secret.committed]
    else:
        cases = [(seat, "itinerary_phase") for seat in range(len(state.players))]
    for seat, rule in cases:
        hand = state.players[seat].hand
        if not hand:
            continue
        move = mv.ChooseItinerary(hand[0])
        with pytest.raises(MoveError) as info:
            RULES.decide(state, seat, move, rng)
        assert info.value.code == ILLEGAL_MOVE
        assert info.value.details["rule"] == rule


def _check_views(state: State, players: int, rng: Rng) -> None:
    spectator = RULES.view(state, None)
    assert [p["seat"] for p in spectator["players"]] == list(range(players))
    for viewer in [None, *range(players)]:
        view = RULES.view(state, viewer)
        _differs_only_where_spectator_sees_null(view, spectator, "view")
        other = HOOKS.perturb(state, viewer, rng)
        assert RULES.view(other, viewer) == view, f"view for {viewer} leaks hidden information"


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_random_playthrough_obeys_the_engine_contract(players: int, seed: int) -> None:
    log: list[Any] = []
    state: Any = None
    moves = 0
    check_rng = Rng.for_decision(f"check:{seed}", 0)
    options = RULES.parse_options(HOOKS.option_sets[seed % len(HOOKS.option_sets)])
    for item in playthrough(RULES, players, f"conformance-{seed}", options):
        if isinstance(item, Opening):
            log += item.events
            state = item.state
            _check_events(RULES, item.events, players)
            check_no_leak(state, item.events, players)
            continue
        assert isinstance(item, Step)
        moves += 1
        for seat in range(players):
            legal = RULES.legal_moves(item.before, seat)
            assert bool(legal) == (seat in RULES.to_act(item.before)), (seat, item.number)
        assert item.move in item.legal
        assert len(set(item.legal)) == len(item.legal), "a legal move is listed twice"
        for move in check_rng.sample(item.legal, min(3, len(item.legal))):
            _check_wire(RULES, RULES.moves, move)
            try:
                RULES.decide(item.before, item.seat, move, Rng.for_decision("probe", item.version))
            except MoveError as exc:  # pragma: no cover - a failure report
                pytest.fail(f"legal move {move!r} rejected: {exc!r}")
        _check_events(RULES, item.events, players)
        log += item.events
        state = item.after
        assert HOOKS.invariants(state) == [], item.number
        check_no_leak(state, item.events, players)
        check_pending_choices(state, players)
        if any(isinstance(e, ev.ItineraryCommitted) for e in item.events):
            check_secret_choice_is_refused_when_repeated_or_late(state, check_rng)
        if item.number % 7 == 0 or state.phase is Phase.ITINERARY:
            _check_views(state, players, check_rng)
    assert RULES.outcome(state) is not None, "the game did not end"
    assert moves <= RULES.info.max_game_length
    assert RULES.to_act(state) == frozenset()
    assert all(not RULES.legal_moves(state, s) for s in range(players))
    assert fold(RULES, RULES.initial_state(players, options), log) == state
    _check_views(state, players, check_rng)
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert len(outcome.scores) == players
    assert outcome.winners
    assert all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)


def test_a_late_choice_after_the_reveal_is_refused_in_a_real_game() -> None:
    for item in playthrough(RULES, 3, "late"):
        if isinstance(item, Step) and any(
            isinstance(e, ev.ItinerariesRevealed) for e in item.events
        ):
            check_secret_choice_is_refused_when_repeated_or_late(item.after, Rng(b"x"))
            return
    pytest.fail("no reveal")  # pragma: no cover
