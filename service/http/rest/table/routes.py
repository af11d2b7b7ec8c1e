"""The declarations of the table's routes (architecture §5c; handlers in
`service.http.rest.table.handlers`): one `ApiRoute` each (`service.http.rest.route`)."""

from __future__ import annotations

import dataclasses

from boardstate.service.contract.work_costs import ANALYSIS, HINT, WRITE
from boardstate.service.http.rest import values as v
from boardstate.service.http.rest.common import Handler
from boardstate.service.http.rest.games import models as m
from boardstate.service.http.rest.games.routes import GAME_ID, SEAT_ERRORS
from boardstate.service.http.rest.prices import TABLE, Price
from boardstate.service.http.rest.route import (
    PLAY_REFUSALS,
    WRITE_ERRORS,
    ApiRoute,
    Param,
    json_answer,
)
from boardstate.service.http.rest.table import handlers as h
from boardstate.service.http.rest.table import models as t

SEAT = "/v1/games/{game_id}/seats/{seat:int}"
SEAT_PARAM = Param("seat", "path", "The seat (0-based).", v.SEAT_SCHEMA)
UPDATED = {"200": json_answer(m.TableUpdatedOut, "The game after it (and any stand-in moves)")}
SEAT_PARAMS = (GAME_ID, SEAT_PARAM)
SUGGESTION = {
    "type": "object",
    "properties": {"version": {"type": "integer"}, "move": {"type": "object"}},
    "required": ["version", "move"],
}
CHANCE = {"type": ["number", "null"], "minimum": 0, "maximum": 1}
VERDICT = {
    "type": "object",
    "properties": {
        "version": {"type": "integer"},
        "seat": {"type": "integer"},
        "move": {"type": "object"},
        "best": {"type": ["object", "null"]},
        "bestWords": {"type": ["string", "null"]},
        "before": CHANCE,
        "after": CHANCE,
        "label": {"type": ["string", "null"]},
    },
    "required": ["version", "seat", "move", "best", "before", "after", "label"],
}
ANALYSIS_OUT = {
    "type": "object",
    "properties": {
        "gameId": {"type": "string"},
        "status": {"enum": ["PENDING", "DONE"]},
        "policy": {"type": "string"},
        "playoutsPerMove": {"type": "integer"},
        "playouts": {"type": "integer"},
        "complete": {"type": "boolean"},
        "moves": {"type": "array", "items": VERDICT},
    },
    "required": ["gameId", "status", "policy", "moves"],
}


def _table(
    method: str,
    path: str,
    handler: Handler,
    operation_id: str,
    summary: str,
    params: tuple[Param, ...] = SEAT_PARAMS,
) -> ApiRoute:
    """A table operation (on one seat unless `params` says otherwise): a write answered with
    the game after it, at the table's price (`dataclasses.replace` for what differs)."""
    return ApiRoute(
        method=method,
        path=path,
        handler=handler,
        operation_id=operation_id,
        summary=summary,
        ok=UPDATED,
        price=TABLE,
        errors=WRITE_ERRORS,
        params=params,
        refusals=PLAY_REFUSALS,
    )


TABLE_ROUTES: tuple[ApiRoute, ...] = (
    _table(
        "DELETE",
        SEAT,
        h.leave,
        "leaveGame",
        "Before the start: frees the seat (its token stops working); after: resigns",
    ),
    _table(
        "POST",
        f"{SEAT}/resign",
        h.resign,
        "resign",
        "The seat concedes: a two-player game ends; in larger ones a stand-in plays on",
    ),
    _table(
        "POST",
        f"{SEAT}/takeback",
        h.request_takeback,
        "requestTakeback",
        "Asks the others to take back this seat's last move",
    ),
    dataclasses.replace(
        _table(
            "POST",
            f"{SEAT}/takeback/answer",
            h.answer_takeback,
            "answerTakeback",
            "Accepts or declines the pending takeback",
        ),
        body=t.AnswerIn,
        example={"accept": True},
    ),
    dataclasses.replace(
        _table(
            "POST",
            f"{SEAT}/token",
            h.reissue_token,
            "reissueSeatToken",
            "Admin: a new token for the seat; the old one stops working at once",
        ),
        ok={"201": json_answer(m.SeatJoinedOut, "The seat and its new token")},
        price=Price(WRITE + 76),
    ),
    dataclasses.replace(
        _table(
            "POST",
            f"{SEAT}/stand-in",
            h.stand_in,
            "replaceSeat",
            "Admin: the stand-in plays the seat for the rest of the game",
        ),
        body=t.StandInIn,
        example={"policy": "stand-in"},
    ),
    ApiRoute(
        method="GET",
        path="/v1/games/{game_id}/suggested-move",
        handler=h.suggested_move,
        operation_id="suggestMove",
        summary="A move suggested for the seat (its token; games created with hints on)",
        ok={"200": json_answer(SUGGESTION, "The suggestion (recorded nowhere)")},
        price=Price(HINT + 51),
        errors=SEAT_ERRORS,
        refusals=(*PLAY_REFUSALS, "HINTS_OFF", "NOT_YOUR_TURN"),
        params=(
            GAME_ID,
            Param("seat", "query", "The seat (its token).", v.SEAT_SCHEMA, required=True),
        ),
    ),
    ApiRoute(
        method="GET",
        path="/v1/games/{game_id}/analysis",
        handler=h.analysis,
        operation_id="analyseGame",
        summary="A finished game's analysis: the search bot's verdict on every move "
        "(status PENDING while it is computed; ask again)",
        ok={"200": json_answer(ANALYSIS_OUT, "The analysis, or PENDING")},
        price=Price(ANALYSIS + 51),
        errors=(400, 404, 409, 429, 503),
        refusals=("GAME_NOT_FINISHED",),
        params=(GAME_ID,),
    ),
    dataclasses.replace(
        _table(
            "POST",
            "/v1/games/{game_id}/abort",
            h.abort,
            "abortGame",
            "Admin: ends the game ABANDONED",
            (GAME_ID,),
        ),
        refusals=("GAME_FINISHED",),
    ),
)
"""In the document's order."""
