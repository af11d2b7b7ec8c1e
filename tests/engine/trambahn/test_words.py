"""Trambahn's moves and events in words (issue 29): cards, terminals and lines by name."""

from __future__ import annotations

from boardstate.engine.trambahn import RULES
from boardstate.engine.trambahn.components import Colour, TramKind
from boardstate.engine.trambahn.events import CardsDrawn, IncomeTaken, StationBuilt
from boardstate.engine.trambahn.moves import BoardPassengers, BuildStation, BuyTram, Passenger


def test_a_new_line_is_called_new_line() -> None:
    assert RULES.describe_move(BuildStation("red-9")) == "Build a station with red 9 on a new line"


def test_an_existing_line_is_called_by_its_number() -> None:
    assert RULES.describe_move(BuildStation("red-9", 2)) == "Build a station with red 9 on line 2"


def test_a_conductor_and_a_terminal_are_named_by_colour_and_numeral() -> None:
    move = BoardPassengers((Passenger("conductor", Colour.GREEN), Passenger("blue-3", Colour.BLUE)))
    assert RULES.describe_move(move) == (
        "Board a conductor at the green terminal (III) and blue 3 at the blue terminal (I)"
    )


def test_a_tram_is_bought_for_a_line() -> None:
    assert RULES.describe_move(BuyTram(TramKind.STEAM, 1)) == "Buy a steam tram for line 1"


def test_a_station_on_a_new_line_says_so_and_gives_its_number() -> None:
    event = StationBuilt(seat=1, card="yellow-10", line=3, new_line=True)
    assert RULES.describe_event(event) == (
        "Seat 1 builds a station with yellow 10 on a new line (line 3)"
    )


def test_another_seats_drawn_cards_are_counted_not_named() -> None:
    event = CardsDrawn(seat=0, cards=("red-5", "conductor"))
    assert RULES.describe_event(RULES.redact(event, 0)) == "Seat 0 draws red 5 and a conductor"
    assert RULES.describe_event(RULES.redact(event, 1)) == "Seat 0 draws 2 hidden cards"
    assert RULES.describe_event(RULES.redact(event, None)) == "Seat 0 draws 2 hidden cards"


def test_income_taken_hides_the_card_from_the_others() -> None:
    event = IncomeTaken(seat=0, card="green-4")
    assert (
        RULES.describe_event(RULES.redact(event, 1))
        == "Seat 0 puts a hidden card on the money pile"
    )


def test_in_german_the_game_says_haltestelle_linie_and_schaffner() -> None:
    assert RULES.describe_move(BuildStation("red-9"), "de") == (
        "Eine Haltestelle mit rot 9 an eine neue Linie bauen"
    )
    move = BoardPassengers((Passenger("conductor", Colour.GREEN),))
    assert RULES.describe_move(move, "de") == (
        "Fahrgäste anlegen: einen Schaffner an die grüne Endstation (III)"
    )
    event = CardsDrawn(seat=0, cards=("red-5", "conductor"))
    assert RULES.describe_event(RULES.redact(event, 1), "de") == (
        "Platz 0 zieht 2 verdeckte Karten"
    )
