"""The JSON Schema of the TF22 Mine state view (`engine.mine.view.view`), issue 19."""

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
    nullable,
    obj,
    state_schema,
    values_of,
)
from boardstate.engine.mine.components import Colour, Symbol
from boardstate.engine.mine.geometry import SIZE, Face
from boardstate.engine.mine.state import Phase, State

OPENINGS = {"type": "string", "pattern": "^N?E?S?W?$", "description": "open sides, N E S W"}
CELL = arr(INT, 2)
COLOUR = values_of(Colour)
GRID_CELL = obj(
    "A ring card on the board as placed (face, rotation) and what it shows",
    card=STR,
    face=values_of(Face),
    rot=NAT,
    colour=COLOUR,
    openings=OPENINGS,
    symbol=nullable(values_of(Symbol)),
)
PLAYER = obj(
    "A seat; `symbol_pile` only in the owner's view in strategic mode (null elsewhere)",
    seat=SEAT,
    colours=arr(COLOUR),
    points=INT,
    ranium_carried=NAT,
    symbol_pile_count=NAT,
    symbol_pile=nullable(arr(STR)),
    symbol_discard=arr(STR),
)
FIGHT = obj(
    "A fight waiting for symbol cards; a commitment is seen by its owner only",
    kind={"const": "fight"},
    attacker=COLOUR,
    defender=COLOUR,
    seats=arr(SEAT, 2),
    committed=arr(BOOL, 2),
    commitments=arr(nullable(STR), 2),
)
FREE_ACTION = obj("A free action owed", kind={"const": "free_action"}, seat=SEAT)
RESPAWN = obj(
    "Units to bring back",
    kind={"const": "respawn"},
    seat=SEAT,
    units_left=NAT,
    card=nullable(STR),
)


def schema() -> dict[str, Any]:
    """The schema of `view(state, viewer)` for any viewer."""
    return state_schema(
        "tf22-mine",
        obj(
            "What a seat (or a spectator) sees of a TF22 Mine table",
            phase=values_of(Phase),
            round=NAT,
            start_player=nullable(SEAT),
            active_seat=nullable(SEAT),
            ore=NAT,
            to_act=arr(SEAT),
            data_set=obj(id=STR, content_hash=STR),
            grid={
                "type": "array",
                "items": arr(GRID_CELL, SIZE),
                "description": f"{SIZE} rows of {SIZE} cells, top first (empty before set-up)",
            },
            ranium=arr(CELL),
            loaders=arr(obj(loader=NAT, position=INT, cell=CELL, faces=OPENINGS)),
            crews=arr(obj(colour=COLOUR, owner=nullable(SEAT), cell=CELL, base=CELL, ranium=NAT)),
            players=arr(PLAYER),
            swaps_left=NAT,
            colour_choice=obj(pickers=arr(SEAT), free=arr(COLOUR)),
            pending=nullable({"oneOf": [FIGHT, FREE_ACTION, RESPAWN]}),
            finished=BOOL,
            winners=arr(SEAT),
            end_reason=nullable(STR),
            options=field(State, "options"),
        ),
    )
