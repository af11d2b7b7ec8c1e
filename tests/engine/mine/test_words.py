"""TF22 Mine's moves and events in words (issue 29): cells by row and column, crews by
colour, symbol cards by value and symbol, a secret fight card hidden from the others."""

from __future__ import annotations

from boardstate.engine.mine import RULES
from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.fight_events import SymbolCardCommitted
from boardstate.engine.mine.moves import FreeAction, MoveCrew, MoveLoader, SwapCards, Way


def test_a_cell_is_called_by_row_and_column_from_the_top_left() -> None:
    assert RULES.describe_move(MoveCrew(Colour.RED, (0, 5))) == (
        "Move the red crew to row 1, column 6"
    )


def test_swapping_nothing_is_called_stop_swapping() -> None:
    assert RULES.describe_move(SwapCards()) == "Stop swapping cards"


def test_a_free_action_is_described_by_the_action_it_takes() -> None:
    move = FreeAction(move_loader=MoveLoader(0, Way.BACK))
    assert RULES.describe_move(move) == "Free action: move loader 1 back"


def test_a_committed_fight_card_is_hidden_from_the_others() -> None:
    event = SymbolCardCommitted(seat=0, card="red-4")
    assert RULES.describe_event(RULES.redact(event, 0)) == "Seat 0 chooses red 4 (square)"
    assert RULES.describe_event(RULES.redact(event, 1)) == "Seat 0 chooses a hidden symbol card"


def test_in_german_cells_crews_and_loaders_have_the_games_words() -> None:
    assert RULES.describe_move(MoveCrew(Colour.RED, (0, 5)), "de") == (
        "Die rote Crew nach Reihe 1, Spalte 6 ziehen"
    )
    move = FreeAction(move_loader=MoveLoader(0, Way.BACK))
    assert RULES.describe_move(move, "de") == "Freie Aktion: Raumlader 1 rückwärts bewegen"
    event = SymbolCardCommitted(seat=0, card="red-4")
    assert RULES.describe_event(RULES.redact(event, 0), "de") == "Platz 0 wählt rot 4 (Quadrat)"
    assert RULES.describe_event(RULES.redact(event, 1), "de") == (
        "Platz 0 wählt eine verdeckte Symbolkarte"
    )
