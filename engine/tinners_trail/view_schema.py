"""The JSON Schema of the Tinners' Trail state view (`engine.tinners_trail.view.view`), issue 19."""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.view_schema import (
    BOOL,
    INT,
    NAT,
    SEAT,
    STR,
    arr,
    field,
    mapping,
    nullable,
    obj,
    state_schema,
    values_of,
)
from boardstate.engine.tinners_trail.components import METALS
from boardstate.engine.tinners_trail.state import Phase, State

AREA = obj(
    "A mining area with what lies and stands in it",
    id=INT,
    name=STR,
    coastal=BOOL,
    neighbours=arr(INT),
    seeded=BOOL,
    water=NAT,
    tin=NAT,
    copper=NAT,
    arsenic=NAT,
    mine=nullable(SEAT),
    port=BOOL,
    railway=BOOL,
    miners=NAT,
    calciner=nullable(SEAT),
    capacity=NAT,
)
PLAYER = obj(
    "A seat (everything is public)",
    seat=SEAT,
    money=INT,
    tin=NAT,
    copper=NAT,
    arsenic=NAT,
    mines_left=NAT,
    investment_cubes_left=NAT,
    calciner=nullable(INT),
    limiter=nullable(INT),
    final_column=INT,
    column=INT,
    row=INT,
    passed=BOOL,
    victory_points=INT,
)
INVESTMENTS = arr(
    obj(
        round=NAT,
        spaces=arr(obj(column=NAT, cost=NAT, vp=NAT, cubes=arr(SEAT))),
    )
)
MARKET = obj(
    "The Arsenic expansion's market",
    open_spaces=arr(INT),
    spaces=arr(obj(section=NAT, value=INT, cubes=NAT, unlimited=BOOL)),
)
DICE = nullable(mapping(INT, ["water", "copper", "tin"]))


def schema() -> dict[str, Any]:
    """The schema of `view(state, viewer)`, the same for every viewer."""
    return state_schema(
        "tinners-trail",
        obj(
            "The Tinners' Trail table (nothing is hidden)",
            round=NAT,
            rounds=NAT,
            phase=values_of(Phase),
            finished=BOOL,
            to_act=arr(SEAT),
            order_of_play=arr(SEAT),
            pass_order=arr(SEAT),
            acting_order=arr(SEAT),
            prices=mapping(obj(row=nullable(INT), price=NAT), list(METALS)),
            display=field(State, "display"),
            areas=arr(AREA),
            adits=arr(arr(INT, 2)),
            players=arr(PLAYER),
            auction=field(State, "auction"),
            pumping=field(State, "pumping"),
            calciner_offer=field(State, "calciner_offer"),
            investing=field(State, "investing"),
            openers=arr(INT),
            opening_dice=DICE,
            investments=INVESTMENTS,
            arsenic_market=MARKET,
            supply_out=field(State, "supply_out"),
            winners=arr(SEAT),
            options=field(State, "options"),
            data_set=obj(id=STR, content_hash=STR),
        ),
    )
