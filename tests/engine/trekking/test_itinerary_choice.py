"""The secret simultaneous itinerary choice (rules/trekking.md Part A; 1B.3 step 4; 1B.8;
architecture §3 and §5: secret choices are checked against the game's phase)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE, MALFORMED_MOVE, NOT_YOUR_TURN
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.state import Phase
from tests.engine.trekking.fixtures import (
    choosing,
    of_type,
    opening,
    pick,
    play,
    play_all,
    refused,
    table,
    take,
)


@pytest.mark.rules("TK-6")
def test_every_seat_owes_an_itinerary_choice_at_the_start_of_a_day() -> None:
    state = choosing(table(3))
    assert RULES.to_act(state) == frozenset({0, 1, 2})
    for seat in range(3):
        assert RULES.legal_moves(state, seat) == [
            RULES.parse_move(pick(i)) for i in sorted(state.players[seat].hand)
        ]


@pytest.mark.rules("TK-6")
def test_a_choice_is_committed_without_revealing_it_to_the_others() -> None:
    state = choosing(table(3))
    after, events = play(state, 1, pick("IT-06"))
    assert events == [ev.ItineraryCommitted(seat=1, itinerary="IT-06")]
    for viewer in (None, 0, 2):
        assert RULES.redact(events[0], viewer) == ev.ItineraryCommitted(seat=1, itinerary=None)
        assert RULES.view(after, viewer)["players"][1]["pending_itinerary"] is None
    assert RULES.redact(events[0], 1) == events[0]
    assert RULES.view(after, 1)["players"][1]["pending_itinerary"] == "IT-06"
    assert RULES.to_act(after) == frozenset({0, 2})
    assert after.phase is Phase.ITINERARY


@pytest.mark.rules("TK-24")
def test_a_pending_choice_does_not_change_what_the_others_see() -> None:
    state = choosing(table(2))
    chose_a, _ = play(state, 1, pick("IT-06"))
    chose_b, _ = play(state, 1, pick("IT-07"))
    for viewer in (None, 0):
        assert RULES.view(chose_a, viewer) == RULES.view(chose_b, viewer)
        assert RULES.legal_moves(chose_a, 0) == RULES.legal_moves(chose_b, 0)


@pytest.mark.rules("TK-6")
def test_the_last_choice_reveals_every_itinerary_together() -> None:
    state = choosing(table(3))
    after, events = play_all(state, (2, pick("IT-10")), (0, pick("IT-03")), (1, pick("IT-05")))
    assert of_type(events, ev.ItinerariesRevealed) == [
        ev.ItinerariesRevealed(itineraries=("IT-03", "IT-05", "IT-10"))
    ]
    assert [p.itinerary for p in after.players] == ["IT-03", "IT-05", "IT-10"]
    assert after.phase is Phase.TURNS
    for viewer in (None, 0, 1, 2):
        seen = [p["itinerary"]["id"] for p in RULES.view(after, viewer)["players"]]
        assert seen == ["IT-03", "IT-05", "IT-10"]


@pytest.mark.rules("TK-6")
def test_the_chosen_itinerary_leaves_the_hand_and_the_rest_stay_private() -> None:
    state = choosing(table(2))
    after, _ = play_all(state, (0, pick("IT-02")), (1, pick("IT-05")))
    assert after.players[0].hand == ("IT-01", "IT-03", "IT-04")
    assert RULES.view(after, 0)["players"][0]["itineraries"] is not None
    assert RULES.view(after, 1)["players"][0]["itineraries"] is None
    assert RULES.view(after, None)["players"][0]["itinerary_count"] == 3


@pytest.mark.rules("TK-8")
def test_the_seat_on_top_of_the_stack_takes_the_first_turn_after_the_reveal() -> None:
    state = choosing(table(3, stack=[2, 0, 1]))
    after, _ = play_all(state, (0, pick("IT-01")), (1, pick("IT-05")), (2, pick("IT-09")))
    assert RULES.to_act(after) == frozenset({2})


@pytest.mark.rules("TK-6")
def test_a_seat_chooses_only_an_itinerary_in_its_own_hand() -> None:
    error = refused(choosing(table(2)), 0, pick("IT-05"))
    assert error.code == ILLEGAL_MOVE
    assert error.details["rule"] == "itinerary_in_hand"


@pytest.mark.rules("TK-6")
def test_an_unknown_itinerary_is_malformed() -> None:
    assert refused(choosing(table(2)), 0, pick("IT-99")).code == MALFORMED_MOVE


@pytest.mark.rules("TK-7")
def test_a_seat_that_has_chosen_and_chooses_again_is_not_to_act() -> None:
    state, _ = play(choosing(table(3)), 0, pick("IT-01"))
    for again in ("IT-01", "IT-02"):
        error = refused(state, 0, pick(again))
        assert error.code == NOT_YOUR_TURN
        assert error.details == {"seat": 0, "toAct": [1, 2], "to_act": [1, 2]}


@pytest.mark.rules("TK-6")
def test_a_late_choice_after_the_reveal_is_refused_by_the_rules_to_the_seat_whose_turn_it_is() -> (
    None
):
    state = table(2)
    (acting,) = RULES.to_act(state)
    error = refused(state, acting, pick(state.players[acting].hand[0]))
    assert error.code == ILLEGAL_MOVE
    assert error.details["rule"] == "itinerary_phase"


@pytest.mark.rules("TK-7")
def test_a_late_choice_by_a_seat_whose_turn_it_is_not_is_not_your_turn() -> None:
    state = table(2)
    (acting,) = RULES.to_act(state)
    other = 1 - acting
    error = refused(state, other, pick(state.players[other].hand[0]))
    assert error.code == NOT_YOUR_TURN
    assert error.details == {"seat": other, "toAct": [acting], "to_act": [acting]}


@pytest.mark.rules("TK-6")
def test_no_card_is_taken_before_every_itinerary_is_chosen() -> None:
    state, _ = play(choosing(table(2)), 0, pick("IT-01"))
    error = refused(state, 1, take(state.display[0] or ""))
    assert error.code == ILLEGAL_MOVE
    assert error.details["rule"] == "itinerary_first"
    assert refused(state, 0, take(state.display[0] or "")).code == NOT_YOUR_TURN


@pytest.mark.rules("TK-7")
def test_a_seat_that_has_chosen_has_no_legal_moves_until_the_reveal() -> None:
    state, _ = play(choosing(table(2)), 0, pick("IT-01"))
    assert RULES.legal_moves(state, 0) == []
    assert RULES.legal_moves(state, 1)


@pytest.mark.rules("TK-3")
def test_the_real_opening_deals_four_private_itineraries_per_seat() -> None:
    state = opening(4)
    for seat in range(4):
        own = RULES.view(state, seat)["players"][seat]["itineraries"]
        assert [i["id"] for i in own] == sorted(state.players[seat].hand)
        assert RULES.view(state, (seat + 1) % 4)["players"][seat]["itineraries"] is None


@pytest.mark.rules("TK-6")
@pytest.mark.parametrize("players", [2, 4])
def test_over_three_days_three_itineraries_are_used_and_one_never(players: int) -> None:
    from boardstate.engine.core.driver import Opening, playthrough

    final = None
    for item in playthrough(RULES, players, "three-days"):
        if not isinstance(item, Opening):
            final = item.after
    assert final is not None
    assert final.phase is Phase.OVER
    for p in final.players:
        assert len(p.used) == 3
        assert len(p.hand) == 1
        assert p.hand[0] not in p.used
