"""Game options for the open questions (rules/trambahn.md Q-T2, Q-T4, Q-T6; options.py)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import BAD_OPTIONS, MoveError
from boardstate.engine.trambahn import RULES
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import TramKind
from boardstate.engine.trambahn.options import Options, Refill, Rounding, TieBreak
from tests.engine.trambahn.fixtures import (
    board,
    buy,
    end,
    kinds,
    line,
    of_type,
    play,
    play_all,
    table,
)

AFTER_EACH = {"display_refill": "after_each_purchase"}


@pytest.mark.rules("TB-27")
def test_the_defaults_are_the_part_a_decisions() -> None:
    assert RULES.parse_options(None) == Options(
        Rounding.FLOOR, Refill.END_OF_PURCHASE, TieBreak.SHARED
    )
    assert RULES.options_to_wire(Options()) == {
        "money_halving": "floor",
        "display_refill": "end_of_purchase",
        "tie_break": "shared",
    }


@pytest.mark.rules("TB-27")
@pytest.mark.parametrize(
    "raw", [{"money_halving": "half"}, {"tie_break": None}, {"colours": 5}, ["ceil"]]
)
def test_unknown_option_values_are_rejected(raw: object) -> None:
    with pytest.raises(MoveError) as caught:
        RULES.parse_options(raw)  # type: ignore[arg-type]
    assert caught.value.code == BAD_OPTIONS


@pytest.mark.rules("TB-27")
def test_the_options_schema_names_every_choice() -> None:
    props = RULES.options_schema()["properties"]
    assert props["money_halving"]["enum"] == ["floor", "ceil"]
    assert props["display_refill"]["enum"] == ["end_of_purchase", "after_each_purchase"]
    assert props["tie_break"]["enum"] == ["shared", "extra_tours"]


@pytest.mark.rules("TB-27")
def test_with_after_each_purchase_the_display_is_refilled_right_after_a_tram_is_bought() -> None:
    state = table(money=[5], step="stations", lines=[[line("red", 3)]], options=AFTER_EACH)
    after, events = play(state, 0, buy("horse", 1))
    assert kinds(events) == ["TramBought", "DisplayRefilled"]
    assert after.display == (TramKind.HORSE,) * 3
    assert after.tram_stack == (TramKind.HORSE, *[TramKind.STEAM] * 4, *[TramKind.ELECTRIC] * 7)


@pytest.mark.rules("TB-27")
def test_with_after_each_purchase_a_refilled_tram_may_be_bought_in_the_same_turn() -> None:
    state = table(
        money=[15],
        step="stations",
        lines=[[line("red", 3, id=1), line("blue", 3, id=2)]],
        display=["horse"],
        stack=["steam", "electric"],
        options=AFTER_EACH,
    )
    after, _ = play_all(state, 0, buy("horse", 1), buy("steam", 2))
    assert [ln.tram for ln in after.players[0].lines] == [TramKind.HORSE, TramKind.STEAM]
    assert after.display == (TramKind.ELECTRIC,)


@pytest.mark.rules("TB-27")
def test_with_after_each_purchase_ending_the_turn_refills_nothing_more() -> None:
    state = table(money=[5], step="stations", lines=[[line("red", 3)]], options=AFTER_EACH)
    _, events = play_all(state, 0, buy("horse", 1), end())
    assert len(of_type(events, ev.DisplayRefilled)) == 1


@pytest.mark.rules("Q-T6")
def test_by_default_the_display_waits_for_the_end_of_the_purchase_step() -> None:
    state = table(money=[5], step="stations", lines=[[line("red", 3)]])
    after, events = play(state, 0, buy("horse", 1))
    assert kinds(events) == ["TramBought"]
    assert after.display == (TramKind.HORSE,) * 2


@pytest.mark.rules("TB-27")
@pytest.mark.parametrize(("rounding", "kept"), [("floor", [3, 2]), ("ceil", [2, 1])])
def test_money_halving_rounds_as_the_option_says(rounding: str, kept: list[int]) -> None:
    state = table(
        hands=[("red-3",)],
        step="stations",
        draw=[],
        discard=["green-1"] * 6,
        money=[5, 3],
        options={"money_halving": rounding},
    )
    after, events = play(state, 0, end())
    assert [len(h.cards) for h in of_type(events, ev.MoneyHalved)] == [5 - kept[0], 3 - kept[1]]
    assert [len(p.money) for p in after.players] == kept


FAHRTEN: list[tuple[int, ...]] = [(10,) * 9, (30, 30, 0, 0, 0, 0, 0, 0, 0)]
"""90 and 60 points so far."""


def tied_end(
    tie_break: str, extra: list[tuple[int, ...]], fahrten: list[tuple[int, ...]] = FAHRTEN
) -> ev.GameOver:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals={"red": ["red-1", "red-2", "red-4"]},
        fahrten=fahrten,
        extra_tours=extra,
        options={"tie_break": tie_break},
    )
    _, events = play(state, 0, board("red-3"))
    return of_type(events, ev.GameOver)[0]


@pytest.mark.rules("TB-27")
def test_with_the_extra_tours_tie_break_more_extra_tour_points_win_equal_totals() -> None:
    over = tied_end("extra_tours", [(), (20, 10)])
    assert over.totals == (90, 90)
    assert over.winners == (1,)


@pytest.mark.rules("TB-27")
def test_with_the_extra_tours_tie_break_equal_extra_tours_still_share_the_win() -> None:
    over = tied_end("extra_tours", [(5, 10), (15,)], fahrten=[(10,) * 9, (10,) * 9])
    assert over.totals == (105, 105)
    assert over.winners == (0, 1)


@pytest.mark.rules("TB-27")
def test_the_extra_tours_tie_break_does_not_change_a_clear_win() -> None:
    over = tied_end("extra_tours", [(1,), (0, 40)])
    assert over.totals == (91, 100)
    assert over.winners == (1,)


@pytest.mark.rules("Q-T4")
def test_by_default_equal_totals_share_the_win_whatever_the_extra_tours() -> None:
    over = tied_end("shared", [(), (20, 10)])
    assert over.totals == (90, 90)
    assert over.winners == (0, 1)
