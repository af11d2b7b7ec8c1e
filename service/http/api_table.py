"""The declarations of the table's routes (DESIGN §5c; handlers in `service.http.rest_table`):
one `ApiRoute` each (`service.http.api_route`)."""

from __future__ import annotations

import dataclasses

from boardstate.service.contract.work_costs import HINT, WRITE
from boardstate.service.http import openapi_values as v
from boardstate.service.http import rest_models as m
from boardstate.service.http import rest_table as h
from boardstate.service.http import rest_table_models as t
from boardstate.service.http.api_games import GAME_ID, SEAT_ERRORS
from boardstate.service.http.api_route import WRITE_ERRORS, ApiRoute, Param, json_answer
from boardstate.service.http.rest_common import Handler
from boardstate.service.http.rest_prices import TABLE, Price

SEAT = "/v1/games/{game_id}/seats/{seat:int}"
SEAT_PARAM = Param("seat", "path", "The seat (0-based).", v.SEAT_SCHEMA)
UPDATED = {"200": json_answer(m.TableUpdatedOut, "The game after it (and any stand-in moves)")}
SEAT_PARAMS = (GAME_ID, SEAT_PARAM)
SUGGESTION = {
    "type": "object",
    "properties": {"version": {"type": "integer"}, "move": {"type": "object"}},
    "required": ["version", "move"],
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
        params=(
            GAME_ID,
            Param("seat", "query", "The seat (its token).", v.SEAT_SCHEMA, required=True),
        ),
    ),
    _table(
        "POST",
        "/v1/games/{game_id}/abort",
        h.abort,
        "abortGame",
        "Admin: ends the game ABANDONED",
        (GAME_ID,),
    ),
)
"""In the document's order."""
