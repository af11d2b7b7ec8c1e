"""Step 3, income, and step 4, buying trams (rules/trambahn.md 1A.4 steps 3–4, 1A.8; Q-T6)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import TramKind
from boardstate.engine.trambahn.state import Step
from tests.engine.trambahn.fixtures import (
    build,
    buy,
    end,
    income,
    kinds,
    line,
    of_type,
    play,
    play_all,
    refused,
    table,
)

MONEY = ("blue-1", "red-2", "green-3", "yellow-4", "red-5", "blue-6", "green-7")


@pytest.mark.rules("TB-18")
def test_income_puts_a_hand_card_face_down_on_the_money_pile() -> None:
    state = table(hands=[("red-7", "blue-5")], money=[("green-1", "green-2")], step="stations")
    after, events = play(state, 0, income("red-7"))
    assert events == [ev.IncomeTaken(seat=0, card="red-7")]
    assert after.players[0].money == ("red-7", "green-1", "green-2")
    assert after.players[0].hand == ("blue-5",)
    assert after.step is Step.INCOME


@pytest.mark.rules("TB-18")
def test_any_number_of_hand_cards_may_be_taken_as_income() -> None:
    state = table(hands=[("red-7", "blue-5", "conductor")], money=[3], step="stations")
    after, _ = play_all(state, 0, income("red-7"), income("blue-5"), income("conductor"))
    assert len(after.players[0].money) == 6
    assert after.players[0].hand == ()


@pytest.mark.rules("TB-7")
def test_income_must_come_from_the_hand() -> None:
    state = table(hands=[("red-7", "blue-5")], step="stations")
    error = refused(state, 0, income("red-8"))
    assert error.details == {"rule": "card_in_hand"}


@pytest.mark.rules("TB-6")
def test_stations_cannot_be_built_after_income() -> None:
    state = table(hands=[("red-7", "blue-5")], step="income")
    error = refused(state, 0, build("red-7"))
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "step_order"}


@pytest.mark.rules("TB-19")
def test_a_tram_is_bought_from_the_display_for_a_line_without_one() -> None:
    state = table(money=[MONEY], step="stations", lines=[[line("red", 3)]])
    after, events = play(state, 0, buy("horse", 1))
    assert events == [ev.TramBought(seat=0, tram=TramKind.HORSE, line=1, paid=MONEY[:5])]
    assert after.players[0].lines == (line("red", 3, tram="horse"),)
    assert after.display == (TramKind.HORSE, TramKind.HORSE)
    assert after.step is Step.PURCHASE


@pytest.mark.rules("TB-20")
def test_the_price_is_paid_from_the_money_pile_and_the_paid_cards_go_to_the_discard_pile() -> None:
    state = table(money=[MONEY], step="stations", lines=[[line("red", 3)]], discard=["conductor"])
    after, _ = play(state, 0, buy("horse", 1))
    assert after.players[0].money == MONEY[5:]
    assert after.discard == (*MONEY[:5], "conductor")


@pytest.mark.rules("TB-20")
def test_hand_cards_cannot_pay_for_a_tram() -> None:
    state = table(
        hands=[("red-7", "blue-5", "red-8", "blue-6", "red-9")],
        money=[4],
        step="stations",
        lines=[[line("red", 3)]],
    )
    error = refused(state, 0, buy("horse", 1))
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "tram_price"}


@pytest.mark.rules("TB-20")
@pytest.mark.parametrize(("tram", "price"), [("horse", 5), ("steam", 10), ("electric", 15)])
def test_each_tram_kind_costs_its_price_in_money_cards(tram: str, price: int) -> None:
    cheap = table(money=[price - 1], step="stations", lines=[[line("red", 3)]], display=[tram])
    exact = table(money=[price], step="stations", lines=[[line("red", 3)]], display=[tram])
    assert refused(cheap, 0, buy(tram, 1)).details == {"rule": "tram_price"}
    after, _ = play(exact, 0, buy(tram, 1))
    assert after.players[0].money == ()
    assert len(after.discard) == price


@pytest.mark.rules("TB-19")
def test_only_trams_in_the_display_can_be_bought() -> None:
    state = table(money=[20], step="stations", lines=[[line("red", 3)]])
    error = refused(state, 0, buy("steam", 1))
    assert error.details == {"rule": "tram_display"}


@pytest.mark.rules("TB-19")
def test_a_line_holds_one_tram_only() -> None:
    state = table(money=[20], step="stations", lines=[[line("red", 3, tram="horse")]])
    error = refused(state, 0, buy("horse", 1))
    assert error.details == {"rule": "tram_line"}


@pytest.mark.rules("TB-19")
def test_a_tram_needs_one_of_your_own_lines() -> None:
    state = table(
        money=[20], step="stations", lines=[[line("red", 3, id=1)], [line("red", 4, id=2)]]
    )
    error = refused(state, 0, buy("horse", 2))
    assert error.details == {"rule": "line_unknown"}


@pytest.mark.rules("TB-19")
def test_several_trams_may_be_bought_in_one_turn_one_per_line() -> None:
    state = table(
        money=[10], step="stations", lines=[[line("red", 3, id=1), line("blue", 4, id=2)]]
    )
    after, _ = play_all(state, 0, buy("horse", 1), buy("horse", 2))
    assert [ln.tram for ln in after.players[0].lines] == [TramKind.HORSE, TramKind.HORSE]
    assert after.display == (TramKind.HORSE,)
    assert after.players[0].money == ()


@pytest.mark.rules("TB-19")
def test_a_tram_may_be_bought_for_a_line_started_this_turn() -> None:
    state = table(hands=[("red-7", "blue-5")], money=[5], step="stations")
    after, _ = play_all(state, 0, build("red-7"), buy("horse", 1))
    assert after.players[0].lines == (line("red", 7, tram="horse"),)


@pytest.mark.rules("TB-6")
def test_trams_may_be_bought_after_income() -> None:
    state = table(hands=[("red-7", "blue-5")], money=[4], step="stations", lines=[[line("red", 3)]])
    after, _ = play_all(state, 0, income("red-7"), buy("horse", 1))
    assert after.players[0].lines[0].tram is TramKind.HORSE
    assert after.players[0].money == ()


@pytest.mark.rules("TB-6")
def test_income_cannot_be_taken_after_buying_a_tram() -> None:
    state = table(hands=[("red-7", "blue-5")], step="purchase")
    error = refused(state, 0, income("red-7"))
    assert error.details == {"rule": "step_order"}


@pytest.mark.rules("Q-T6")
def test_the_display_is_not_refilled_between_purchases() -> None:
    lines = [
        line("red", 3, id=1),
        line("blue", 3, id=2),
        line("green", 3, id=3),
        line("red", 4, id=4),
    ]
    state = table(money=[20], step="stations", lines=[lines])
    after, events = play_all(state, 0, buy("horse", 1), buy("horse", 2), buy("horse", 3))
    assert kinds(events) == ["TramBought"] * 3
    assert after.display == ()
    assert refused(after, 0, buy("horse", 4)).details == {"rule": "tram_display"}


@pytest.mark.rules("Q-T6")
def test_the_display_is_refilled_to_three_from_the_stack_at_the_end_of_the_purchase_step() -> None:
    state = table(
        money=[15],
        step="stations",
        lines=[[line("red", 3, id=1), line("blue", 4, id=2)]],
        stack=["horse", "steam", "electric"],
    )
    after, _ = play_all(state, 0, buy("horse", 1), buy("horse", 2))
    final, events = play(after, 0, end())
    assert of_type(events, ev.DisplayRefilled) == [
        ev.DisplayRefilled(trams=(TramKind.HORSE, TramKind.STEAM))
    ]
    assert final.display == (TramKind.HORSE, TramKind.HORSE, TramKind.STEAM)
    assert final.tram_stack == (TramKind.ELECTRIC,)


@pytest.mark.rules("Q-T6")
def test_a_full_display_is_not_refilled() -> None:
    state = table(step="stations")
    after, events = play(state, 0, end())
    assert of_type(events, ev.DisplayRefilled) == []
    assert after.display == (TramKind.HORSE,) * 3


@pytest.mark.rules("TB-21")
def test_the_display_shrinks_when_the_stack_runs_out() -> None:
    state = table(
        money=[10],
        step="stations",
        lines=[[line("red", 3, id=1), line("blue", 4, id=2)]],
        stack=["electric"],
    )
    after, _ = play_all(state, 0, buy("horse", 1), buy("horse", 2), end())
    assert after.display == (TramKind.HORSE, TramKind.ELECTRIC)
    assert after.tram_stack == ()


@pytest.mark.rules("TB-21")
def test_with_an_empty_stack_nothing_refills_the_display() -> None:
    state = table(money=[5], step="stations", lines=[[line("red", 3)]], stack=[])
    after, events = play_all(state, 0, buy("horse", 1), end())
    assert of_type(events, ev.DisplayRefilled) == []
    assert after.display == (TramKind.HORSE, TramKind.HORSE)
