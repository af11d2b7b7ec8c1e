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
        "DELETE", SEAT, h.leave, "leaveGame",
        "Before the start: frees the seat (its token stops working); after: resigns",
        UPDATED, TABLE, WRITE_ERRORS, SEAT_PARAMS,
    ),
    ApiRoute(
        "POST", f"{SEAT}/resign", h.resign, "resign",
        "The seat concedes: a two-player game ends; in larger ones a stand-in plays on",
        UPDATED, TABLE, WRITE_ERRORS, SEAT_PARAMS,
    ),
    ApiRoute(
        "POST", f"{SEAT}/takeback", h.request_takeback, "requestTakeback",
        "Asks the others to take back this seat's last move",
        UPDATED, TABLE, WRITE_ERRORS, SEAT_PARAMS,
    ),
    ApiRoute(
        "POST", f"{SEAT}/takeback/answer", h.answer_takeback, "answerTakeback",
        "Accepts or declines the pending takeback",
        UPDATED, TABLE, WRITE_ERRORS, SEAT_PARAMS, t.AnswerIn, {"accept": True},
    ),
    ApiRoute(
        "POST", f"{SEAT}/token", h.reissue_token, "reissueSeatToken",
        "Admin: a new token for the seat; the old one stops working at once",
        {"201": json_answer(m.SeatJoinedOut, "The seat and its new token")},
        Price(WRITE + 76), WRITE_ERRORS, SEAT_PARAMS,
    ),
    ApiRoute(
        "POST", f"{SEAT}/stand-in", h.stand_in, "replaceSeat",
        "Admin: the stand-in plays the seat for the rest of the game",
        UPDATED, TABLE, WRITE_ERRORS, SEAT_PARAMS, t.StandInIn, {"policy": "stand-in"},
    ),
    ApiRoute(
        "GET", "/v1/games/{game_id}/suggested-move", h.suggested_move, "suggestMove",
        "A move suggested for the seat (its token; games created with hints on)",
        {"200": json_answer(SUGGESTION, "The suggestion (recorded nowhere)")},
        Price(HINT + 51), SEAT_ERRORS,
        (GAME_ID, Param("seat", "query", "The seat (its token).", v.SEAT_SCHEMA, required=True)),
    ),
    ApiRoute(
        "POST", "/v1/games/{game_id}/abort", h.abort, "abortGame", "Admin: ends the game ABANDONED",
        UPDATED, TABLE, WRITE_ERRORS, (GAME_ID,),
    ),
)  # fmt: skip
"""In the document's order."""
