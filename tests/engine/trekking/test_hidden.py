"""Hidden information in views and events (rules/trekking.md Part A; architecture §5: views are
absolute, every viewer sees every event, hidden values become `null`)."""

from __future__ import annotations

import json

import pytest

from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import events as ev
from tests.engine.trekking.fixtures import (
    choosing,
    of_type,
    opening,
    opening_events,
    pick,
    play,
    table,
)


@pytest.mark.rules("TK-24")
def test_the_order_of_every_day_deck_is_hidden_from_everyone() -> None:
    for event in of_type(opening_events(3), ev.DeckShuffled):
        for viewer in (None, 0, 1, 2):
            redacted = RULES.redact(event, viewer)
            assert isinstance(redacted, ev.DeckShuffled)
            assert redacted.order == (None,) * 36
    state = opening(3)
    for viewer in (None, 0, 1, 2):
        seen = RULES.view(state, viewer)
        assert seen["deck"]["count"] == 31
        assert seen["deck"]["top"]["id"] == state.deck[0]
        assert seen["deck_counts"] == [31, 36, 36]
        for card in state.deck[1:] + state.decks[1] + state.decks[2]:
            assert f'"{card}"' not in json.dumps(seen)


@pytest.mark.rules("TK-24")
def test_dealt_itineraries_are_seen_only_by_their_owner() -> None:
    for event in of_type(opening_events(3), ev.ItinerariesDealt):
        assert RULES.redact(event, event.seat) == event
        for viewer in {None, 0, 1, 2} - {event.seat}:
            redacted = RULES.redact(event, viewer)
            assert isinstance(redacted, ev.ItinerariesDealt)
            assert redacted.itineraries == (None,) * 4


@pytest.mark.rules("TK-24")
def test_a_seat_view_is_the_spectator_view_with_its_own_secrets_filled_in() -> None:
    state, _ = play(choosing(table(2)), 0, pick("IT-03"))
    spectator = RULES.view(state, None)
    own = RULES.view(state, 0)
    assert spectator["players"][0]["itineraries"] is None
    assert spectator["players"][0]["pending_itinerary"] is None
    assert [i["id"] for i in own["players"][0]["itineraries"]] == [
        "IT-01",
        "IT-02",
        "IT-03",
        "IT-04",
    ]
    assert own["players"][0]["pending_itinerary"] == "IT-03"
    own["players"][0]["itineraries"] = None
    own["players"][0]["pending_itinerary"] = None
    assert own == spectator
    assert RULES.view(state, 1)["players"][0] == spectator["players"][0]


@pytest.mark.rules("TK-24")
def test_who_has_chosen_is_public_but_not_what() -> None:
    state, _ = play(choosing(table(3)), 2, pick("IT-11"))
    for viewer in (None, 0, 1):
        players = RULES.view(state, viewer)["players"]
        assert [p["has_chosen"] for p in players] == [False, False, True]
        assert "IT-11" not in json.dumps(RULES.view(state, viewer))


@pytest.mark.rules("TK-24")
def test_redaction_keeps_every_event_and_its_counts() -> None:
    events = opening_events(4)
    for viewer in (None, 0, 1, 2, 3):
        redacted = [RULES.redact(e, viewer) for e in events]
        assert [type(e) for e in redacted] == [type(e) for e in events]
        for before, after in zip(events, redacted, strict=True):
            if isinstance(before, ev.DeckShuffled):
                assert isinstance(after, ev.DeckShuffled)
                assert len(after.order) == len(before.order)


@pytest.mark.rules("TK-24")
def test_public_facts_are_never_redacted() -> None:
    events = opening_events(2)
    for event in events:
        if not isinstance(event, ev.DeckShuffled | ev.ItinerariesDealt):
            assert RULES.redact(event, None) == event
