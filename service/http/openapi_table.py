"""The OpenAPI paths of the table's routes (`service.http.rest_table`, DESIGN §5c)."""

from __future__ import annotations

from typing import Any

from boardstate.service.http import openapi_values as v
from boardstate.service.http import rest_models as m
from boardstate.service.http import rest_table_models as t
from boardstate.service.http.openapi_paths import GAME_ID, _json, _op, _param

SEAT = _param("seat", "path", "The seat (0-based).", v.SEAT_SCHEMA)
WRITE = (400, 401, 404, 409, 413, 422, 429, 503)
UPDATED = {"200": _json(m.TableUpdatedOut, "The game after it (and any stand-in moves)")}


def table_paths() -> dict[str, Any]:
    seat = "/v1/games/{id}/seats/{seat}"
    return {
        seat: {
            "delete": _op(
                "leaveGame",
                "Before the start: frees the seat (its token stops working); after: resigns",
                UPDATED,
                WRITE,
                (GAME_ID, SEAT),
            )
        },
        f"{seat}/resign": {
            "post": _op(
                "resign",
                "The seat concedes: a two-player game ends; in larger ones a stand-in plays on",
                UPDATED,
                WRITE,
                (GAME_ID, SEAT),
            )
        },
        f"{seat}/takeback": {
            "post": _op(
                "requestTakeback",
                "Asks the others to take back this seat's last move",
                UPDATED,
                WRITE,
                (GAME_ID, SEAT),
            )
        },
        f"{seat}/takeback/answer": {
            "post": _op(
                "answerTakeback",
                "Accepts or declines the pending takeback",
                UPDATED,
                WRITE,
                (GAME_ID, SEAT),
                t.AnswerIn,
                {"accept": True},
            )
        },
        f"{seat}/token": {
            "post": _op(
                "reissueSeatToken",
                "Admin: a new token for the seat; the old one stops working at once",
                {"201": _json(m.SeatJoinedOut, "The seat and its new token")},
                WRITE,
                (GAME_ID, SEAT),
            )
        },
        f"{seat}/stand-in": {
            "post": _op(
                "replaceSeat",
                "Admin: the stand-in plays the seat for the rest of the game",
                UPDATED,
                WRITE,
                (GAME_ID, SEAT),
                t.StandInIn,
                {"policy": "stand-in"},
            )
        },
        "/v1/games/{id}/suggested-move": {
            "get": _op(
                "suggestMove",
                "A move suggested for the seat (its token; games created with hints on)",
                {
                    "200": _json(
                        {
                            "type": "object",
                            "properties": {
                                "version": {"type": "integer"},
                                "move": {"type": "object"},
                            },
                            "required": ["version", "move"],
                        },
                        "The suggestion (recorded nowhere)",
                    )
                },
                (400, 401, 404, 422, 429, 503),
                (
                    GAME_ID,
                    {
                        **_param("seat", "query", "The seat (its token).", v.SEAT_SCHEMA),
                        "required": True,
                    },
                ),
            )
        },
        "/v1/games/{id}/abort": {
            "post": _op(
                "abortGame",
                "Admin: ends the game ABANDONED",
                UPDATED,
                WRITE,
                (GAME_ID,),
            )
        },
    }
