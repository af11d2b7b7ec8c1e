"""Trekking's moves and events in words (issue 29): cards by title and year, columns by
experience, secret itineraries hidden from the others."""

from __future__ import annotations

from boardstate.engine.trekking import RULES
from boardstate.engine.trekking.events import ItinerariesDealt, ItineraryCommitted
from boardstate.engine.trekking.kinds import Colour
from boardstate.engine.trekking.moves import ChooseCard, ChooseItinerary


def test_a_history_card_is_called_by_its_title_and_year() -> None:
    assert RULES.describe_move(ChooseCard("I-18")) == "Take Battle of Hastings (1066)"
    assert (
        RULES.describe_move(ChooseCard("I-04"))
        == "Take Narmer unites Upper and Lower Egypt (c. 3100 BC)"
    )


def test_crystals_and_world_columns_are_said_in_words() -> None:
    move = ChooseCard("I-01", crystals=1, world_columns=(Colour.RED,))
    assert RULES.describe_move(move) == (
        "Take Ice Age cave paintings (c. 37000 BC), spending 1 crystal, world tokens to the "
        "Person (red) column"
    )


def test_an_itinerary_is_called_by_its_number() -> None:
    assert RULES.describe_move(ChooseItinerary("IT-09")) == "Choose itinerary 9 for the day"


def test_a_secret_itinerary_stays_secret_in_words() -> None:
    chosen = ItineraryCommitted(seat=1, itinerary="IT-03")
    assert RULES.describe_event(RULES.redact(chosen, 0)) == "Seat 1 chooses an itinerary"
    assert RULES.describe_event(RULES.redact(chosen, 1)) == "Seat 1 chooses itinerary 3"
    dealt = ItinerariesDealt(seat=0, itineraries=("IT-01", "IT-02"))
    assert RULES.describe_event(RULES.redact(dealt, None)) == "Seat 0 gets 2 hidden itineraries"


def test_in_german_itineraries_are_reiseplaene_and_years_bc_v_chr() -> None:
    assert RULES.describe_move(ChooseCard("I-04"), "de") == (
        "Narmer unites Upper and Lower Egypt (ca. 3100 v. Chr.) nehmen"
    )
    assert RULES.describe_move(ChooseItinerary("IT-09"), "de") == "Reiseplan 9 für den Tag wählen"


def test_in_german_hidden_itineraries_are_counted_and_shown_ones_named() -> None:
    dealt = ItinerariesDealt(seat=0, itineraries=("IT-01", "IT-12"))
    hidden = RULES.describe_event(RULES.redact(dealt, None), "de")
    assert "2 verdeckte Reisepläne" in hidden
    assert "Reiseplan 1" not in hidden
    assert "Reiseplan 1 und Reiseplan 12" in RULES.describe_event(RULES.redact(dealt, 0), "de")
