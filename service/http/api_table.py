"""The declarations of the table's routes (DESIGN §5c; handlers in `service.http.rest_table`):
one `ApiRoute` each (`service.http.api_route`)."""

from __future__ import annotations

from boardstate.schema.field_costs import HINT, WRITE
from boardstate.service.http import openapi_values as v
from boardstate.service.http import rest_models as m
from boardstate.service.http import rest_table as h
from boardstate.service.http import rest_table_models as t
from boardstate.service.http.api_games import GAME_ID, SEAT_ERRORS
from boardstate.service.http.api_route import WRITE_ERRORS, ApiRoute, Param, json_answer
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

TABLE_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        method="DELETE",
        path=SEAT,
        handler=h.leave,
        operation_id="leaveGame",
        summary="Before the start: frees the seat (its token stops working); after: resigns",
        ok=UPDATED,
        price=TABLE,
        errors=WRITE_ERRORS,
        params=SEAT_PARAMS,
    ),
    ApiRoute(
        method="POST",
        path=f"{SEAT}/resign",
        handler=h.resign,
        operation_id="resign",
        summary="The seat concedes: a two-player game ends; in larger ones a stand-in plays on",
        ok=UPDATED,
        price=TABLE,
        errors=WRITE_ERRORS,
        params=SEAT_PARAMS,
    ),
    ApiRoute(
        method="POST",
        path=f"{SEAT}/takeback",
        handler=h.request_takeback,
        operation_id="requestTakeback",
        summary="Asks the others to take back this seat's last move",
        ok=UPDATED,
        price=TABLE,
        errors=WRITE_ERRORS,
        params=SEAT_PARAMS,
    ),
    ApiRoute(
        method="POST",
        path=f"{SEAT}/takeback/answer",
        handler=h.answer_takeback,
        operation_id="answerTakeback",
        summary="Accepts or declines the pending takeback",
        ok=UPDATED,
        price=TABLE,
        errors=WRITE_ERRORS,
        params=SEAT_PARAMS,
        body=t.AnswerIn,
        example={"accept": True},
    ),
    ApiRoute(
        method="POST",
        path=f"{SEAT}/token",
        handler=h.reissue_token,
        operation_id="reissueSeatToken",
        summary="Admin: a new token for the seat; the old one stops working at once",
        ok={"201": json_answer(m.SeatJoinedOut, "The seat and its new token")},
        price=Price(WRITE + 76),
        errors=WRITE_ERRORS,
        params=SEAT_PARAMS,
    ),
    ApiRoute(
        method="POST",
        path=f"{SEAT}/stand-in",
        handler=h.stand_in,
        operation_id="replaceSeat",
        summary="Admin: the stand-in plays the seat for the rest of the game",
        ok=UPDATED,
        price=TABLE,
        errors=WRITE_ERRORS,
        params=SEAT_PARAMS,
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
    ApiRoute(
        method="POST",
        path="/v1/games/{game_id}/abort",
        handler=h.abort,
        operation_id="abortGame",
        summary="Admin: ends the game ABANDONED",
        ok=UPDATED,
        price=TABLE,
        errors=WRITE_ERRORS,
        params=(GAME_ID,),
    ),
)
"""In the document's order."""
