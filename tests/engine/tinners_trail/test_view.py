"""Views and redaction (rules/tinners_trail.md Part A A.6: nothing is hidden between players)."""

from __future__ import annotations

import json

import pytest

from boardstate.engine.core.driver import Step, playthrough
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail import RULES
from boardstate.engine.tinners_trail.components import COMPONENTS
from tests.engine.tinners_trail.fixtures import area, player, table


@pytest.mark.rules("TT-37")
def test_every_viewer_sees_the_same_complete_table() -> None:
    state = table([player(7, tin=2, arsenic=1), player(3)], areas={5: area(2, 1, 3, mine=1)})
    spectator = RULES.view(state, None)
    assert all(RULES.view(state, seat) == spectator for seat in (0, 1))
    json.dumps(spectator)
    assert spectator["players"][0]["money"] == 7
    assert spectator["players"][0]["tin"] == 2
    assert spectator["areas"][4]["capacity"] == 2
    assert spectator["areas"][4]["mine"] == 1
    assert spectator["prices"]["tin"] == {"row": 4, "price": COMPONENTS.prices["tin"][4]}
    assert spectator["data_set"]["id"] == RULES.data.id


@pytest.mark.rules("TT-37")
def test_events_are_never_redacted() -> None:
    for item in playthrough(RULES, 3, "view", RULES.parse_options({"arsenic": True}), 60):
        if isinstance(item, Step):
            for event in item.events:
                assert all(RULES.redact(event, v) == event for v in (None, 0, 1, 2))


@pytest.mark.rules("TT-37")
def test_the_view_shows_who_acts_and_the_acting_order_on_the_time_track() -> None:
    state = table([player(column=3), player(column=1), player(column=3, row=1), player()])
    view = RULES.view(state, None)
    assert view["to_act"] == [3]
    assert view["acting_order"] == [3, 1, 0, 2]
    assert RULES.view(state, 2)["acting_order"] == [3, 1, 0, 2]


@pytest.mark.rules("TT-37")
def test_the_view_of_an_auction_names_the_bid_and_the_leader() -> None:
    state = table()
    for move in ({"type": "build_mine", "area": 4}, {"type": "bid", "amount": 3}):
        events = RULES.decide(state, 0, RULES.parse_move(move), Rng(b"v"))
        for event in events:
            state = RULES.evolve(state, event)
    view = RULES.view(state, None)
    assert view["auction"] == {"area": 4, "opener": 0, "bid": 3, "leader": 0, "last": 0, "out": []}
    assert view["to_act"] == [1]
