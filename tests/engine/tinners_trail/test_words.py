"""Tinners' Trail's moves and events in words (issue 29): areas by the map's names, the
developments display counted, arsenic and water cubes by area."""

from __future__ import annotations

from boardstate.engine.tinners_trail import RULES
from boardstate.engine.tinners_trail.action_events import CalcinerBuilt
from boardstate.engine.tinners_trail.events import DisplayRefreshed
from boardstate.engine.tinners_trail.moves import BuildAdit, Invest, MineOre, ProcessArsenic
from boardstate.engine.tinners_trail.state import Display


def test_areas_are_called_by_the_names_on_the_map() -> None:
    assert RULES.describe_move(BuildAdit((1, 2))) == "Build an adit between St Just and St Ives"
    assert RULES.describe_move(MineOre(1, tin=2, copper=0)) == "Mine 2 tin and 0 copper in St Just"


def test_the_display_is_counted_in_words_not_shown_as_json() -> None:
    event = DisplayRefreshed(removed=Display(), placed=Display(ports=1, miners=2, pumps=(3, 0)))
    assert RULES.describe_event(event) == (
        "The developments display shows 1 port, 2 miners and a steam-pump stack of 3 "
        "(removed: nothing)"
    )


def test_an_investment_is_called_by_its_price() -> None:
    assert RULES.describe_move(Invest(2)) == "Make the £10 investment"


def test_arsenic_is_described_with_its_areas() -> None:
    assert RULES.describe_move(ProcessArsenic(2)) == "Process arsenic at St Ives"
    event = CalcinerBuilt(seat=2, area=1, arsenic=((1, 1), (2, 1)))
    assert RULES.describe_event(event) == (
        "Seat 2 builds a calciner in St Just, adding 2 arsenic cubes (1 from St Just and 1 from "
        "St Ives)"
    )


def test_in_german_mines_ports_and_pumps_have_the_games_words() -> None:
    assert RULES.describe_move(MineOre(1, tin=2, copper=0), "de") == (
        "2 Zinn und 0 Kupfer in St Just fördern"
    )
    assert RULES.describe_move(Invest(2), "de") == "Die Investition für £10 tätigen"
    event = CalcinerBuilt(seat=2, area=1, arsenic=((1, 1), (2, 1)))
    assert RULES.describe_event(event, "de") == (
        "Platz 2 baut eine Röstanlage in St Just und fügt 2 Arsenwürfel (1 aus St Just und 1 "
        "aus St Ives) hinzu"
    )
