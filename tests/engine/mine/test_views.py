"""Views, redaction and options (rules/mine.md Part A hidden information and options;
architecture §5 absolute views)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardstate.engine.core.errors import BAD_OPTIONS, MALFORMED_MOVE, BadOptions, MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import RULES
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.options import Options, SymbolMode
from boardstate.engine.mine.state import Respawn
from tests.engine.mine.fixtures import play, redacted, table

PART_A_OPTIONS = {
    "require_open_edges": True,
    "change_type_needs_open_edges": True,
    "loader_needs_opening": True,
    "allow_forfeit_ore": False,
    "setup_swaps": 2,
    "symbol_cards": "standard",
    "centre": ["white", "red", "blue", "yellow"],
    "loaders": [2, 9, 16],
    "max_rounds": 50,
}


@pytest.mark.rules("MN-49")
def test_every_option_of_part_a_is_in_the_schema_with_its_default() -> None:
    schema = RULES.options_schema()
    defaults = {name: prop.get("default") for name, prop in schema["properties"].items()}
    assert defaults == PART_A_OPTIONS
    modes = schema["properties"]["symbol_cards"]["enum"]
    assert modes == ["standard", "chance", "strategic"]
    assert RULES.options_to_wire(Options()) == PART_A_OPTIONS


@pytest.mark.parametrize(
    "raw",
    [
        {"centre": ["white", "white", "blue", "yellow"]},
        {"loaders": [2, 2, 9]},
        {"loaders": [2, 9, 20]},
        {"setup_swaps": 3},
        {"max_rounds": -1},
        {"symbol_cards": "secret"},
        {"colour": "red"},
    ],
)
@pytest.mark.rules("MN-49")
def test_bad_options_are_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(BadOptions) as info:
        RULES.parse_options(raw)
    assert info.value.code == BAD_OPTIONS


@pytest.mark.rules("MN-49")
def test_options_parse_into_the_options_record() -> None:
    options = RULES.parse_options({"symbol_cards": "chance", "loaders": [0, 1, 2]})
    assert options.symbol_cards is SymbolMode.CHANCE
    assert options.loaders == (0, 1, 2)


@pytest.mark.rules("MN-46")
def test_in_standard_mode_nobody_sees_a_pile_but_everybody_its_count_and_discard() -> None:
    state = table(piles=[["white-3", "white-5"]], discards=[["white-2"]])
    for viewer in (None, 0, 1):
        player = RULES.view(state, viewer)["players"][0]
        assert player["symbol_pile"] is None
        assert (player["symbol_pile_count"], player["symbol_discard"]) == (2, ["white-2"])


@pytest.mark.rules("MN-46")
def test_in_chance_mode_no_pile_is_shown_either() -> None:
    state = table(options={"symbol_cards": "chance"})
    assert RULES.view(state, 0)["players"][0]["symbol_pile"] is None


@pytest.mark.rules("MN-47")
def test_a_seat_view_is_the_spectator_view_with_its_own_values_filled_in() -> None:
    state = table(options={"symbol_cards": "strategic"})
    spectator = RULES.view(state, None)
    mine = RULES.view(state, 2)
    assert mine.keys() == spectator.keys()
    differing = [k for k in spectator if spectator[k] != mine[k]]
    assert differing == ["players"]
    assert [p["symbol_pile"] for p in mine["players"]] == [
        None,
        None,
        [f"blue-{v}" for v in range(2, 7)],
        None,
    ]
    json.dumps(mine)


@pytest.mark.rules("MN-48")
def test_the_view_shows_the_mine_as_it_lies_now() -> None:
    state = table(lay={(0, 1): "M03/B/180"})
    cell = RULES.view(state, None)["grid"][0][1]
    assert cell == {
        "card": "M03",
        "face": "B",
        "rot": 180,
        "colour": "red",
        "openings": "SW",
        "symbol": None,
    }
    view = RULES.view(state, None)
    assert view["loaders"][0] == {"loader": 0, "position": 2, "cell": [0, 2], "faces": "N"}
    assert view["crews"][0] == {
        "colour": "white",
        "owner": 0,
        "cell": [2, 2],
        "base": [2, 2],
        "ranium": 0,
    }
    assert view["data_set"]["id"] == RULES.data.id


@pytest.mark.rules("MN-48")
def test_public_events_are_the_same_for_every_viewer() -> None:
    state = table(crews={"W": (1, 1)})
    _, events = play(state, 0, {"type": "collect", "crew": "white"})
    for event in events:
        for viewer in (None, 0, 1, 2, 3):
            assert RULES.redact(event, viewer) == event


@pytest.mark.rules("MN-46")
def test_a_reshuffled_pile_is_redacted_for_every_viewer_and_keeps_its_count() -> None:
    event = fev.SymbolPileReshuffled(seat=0, order=("white-2", "white-6", "white-3"))
    for viewer in (None, 0, 1):
        assert redacted(event, viewer).order == (None, None, None)


@pytest.mark.rules("MN-46")
def test_the_opening_events_hide_only_the_pile_order() -> None:
    state = RULES.initial_state(4, RULES.parse_options({"setup_swaps": 0}))
    events = list(RULES.setup(state, Rng.for_decision("v", 0)))
    assert [e.TYPE for e in events] == [
        "MineLaidOut",
        "StartPlayerChosen",
        "ColourChoiceStarted",
    ]
    for event in events:
        assert RULES.redact(event, None) == event


@pytest.mark.rules("MN-48")
def test_the_view_names_the_pending_free_action_and_respawn() -> None:
    free = RULES.view(table(free_action=1), None)["pending"]
    assert free == {"kind": "free_action", "seat": 1}
    respawn = table(respawn=Respawn(seat=3, remaining=2, card="yellow-2"))
    assert RULES.view(respawn, 0)["pending"] == {
        "kind": "respawn",
        "seat": 3,
        "units_left": 2,
        "card": "yellow-2",
    }
    assert RULES.view(table(), 0)["pending"] is None


@pytest.mark.rules("MN-43")
def test_a_running_game_has_no_outcome() -> None:
    assert RULES.outcome(table()) is None


@pytest.mark.parametrize(
    "move",
    [
        mv.Rotate((6, 0)),
        mv.MoveCrew(Colour.WHITE, (0, -1)),
        mv.MoveLoader(3, mv.Way.FORWARD),
        mv.Deliver(Colour.WHITE, 7, 1),
    ],
)
@pytest.mark.rules("MN-4")
def test_moves_built_in_code_with_values_out_of_range_are_malformed(move: mv.Move) -> None:
    with pytest.raises(MoveError) as info:
        RULES.decide(table(), 0, move, Rng.for_decision("x", 1))
    assert info.value.code == MALFORMED_MOVE


@pytest.mark.rules("MN-13")
def test_the_table_before_set_up_has_an_empty_view() -> None:
    state = RULES.initial_state(3, RULES.parse_options(None))
    view = RULES.view(state, None)
    assert (view["phase"], view["grid"], view["crews"], view["to_act"]) == ("setup", [], [], [])
    json.dumps(view)
