"""Log events in words for people (issue 29): the `describe` beside each event's wire form.

An engine event is described by its game (`GameRules.describe_event`) from the data the viewer
gets, decoded back into the (redacted) event, so a description never says what the viewer's
wire form hides. The service's own events (creation, seats, lifecycle, the end) are their type
in words, said by their seat.

A description depends only on the game, the event's type, seat and the data the viewer gets, so
the last `DESCRIBED` of them are remembered: the same event described for the mover's reply and
for each follower of the game (whose data match when nothing is hidden from them) is worded once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from boardstate.engine.core.describe import words
from boardstate.engine.core.rules import GameRules
from boardstate.engine.core.wire import WireError
from boardstate.service.contract.languages import DEFAULT, current
from boardstate.service.log.record_model import SERVICE_EVENTS

SERVICE_PHRASES = {
    "en": {
        "GameCreated": "the game was created",
        "SeatJoined": "{seat} joined",
        "GameEnded": "the game ended",
    },
    "de": {
        "GameCreated": "das Spiel wurde angelegt",
        "SeatJoined": "{seat} ist beigetreten",
        "GameEnded": "das Spiel ist zu Ende",
        "Resigned": "{seat} gibt auf",
        "TimedOut": "{seat} hat die Zeit überschritten",
        "StandInSeated": "für {seat} spielt ein Ersatz",
        "MoveTimed": "{seat}: Bedenkzeit gemessen",
        "TakebackRequested": "{seat} bittet, einen Zug zurückzunehmen",
        "TakebackAnswered": "{seat} beantwortet die Bitte um Rücknahme",
        "TakenBack": "ein Zug wurde zurückgenommen",
        "SeatLeft": "{seat} hat den Tisch verlassen",
        "SeatTokenReissued": "{seat} hat einen neuen Schlüssel",
    },
}
"""The service's own events in words, by language (a type not listed: its name in words)."""
SOMEONE = {"en": "a seat", "de": "ein Platz"}

DESCRIBED = 4096
"""Descriptions remembered (by game, type, seat and the viewer's data)."""
_described: dict[tuple[int, str, int | None, bytes, str], str] = {}


def describe_event(
    rules: GameRules[Any, Any, Any],
    type_: str,
    seat: int | None,
    data: Mapping[str, Any],
    language: str | None = None,
) -> str:
    """The event (`data`: as the viewer gets it) in words, starting with a capital letter, in
    `language` (None: the request's, `service.contract.languages`)."""
    language = language or current()
    if type_ in SERVICE_EVENTS:
        tongue = rules.words.in_language(language).tongue
        who = tongue.seat_of(seat) if seat is not None else SOMEONE.get(language, "a seat")
        phrase = SERVICE_PHRASES.get(language, SERVICE_PHRASES[DEFAULT]).get(type_)
        text = phrase.format(seat=who) if phrase else words(type_)
        if phrase is None and seat is not None:
            text = f"{who}: {text}"
        return text[:1].upper() + text[1:]
    key = (id(rules), type_, seat, msgspec.json.encode(data), language)
    found = _described.get(key)
    if found is None:
        try:
            found = rules.describe_event(rules.events.decode({**data, "type": type_}), language)
        except WireError:
            found = words(type_).capitalize()
        if len(_described) >= DESCRIBED:
            _described.clear()
        _described[key] = found
    return found


def describe_moves(
    rules: GameRules[Any, Any, Any], moves: Sequence[Any], language: str | None = None
) -> list[str]:
    """Each legal move (engine form) in words, in the same order, in `language` (None: the
    request's)."""
    language = language or current()
    return [rules.describe_move(m, language) for m in moves]


def bot_name(policy: str, seat: int) -> str:
    """A bot seat's name, told apart from the table's other bots: "Heuristic bot (seat 2)"."""
    return f"{policy.capitalize()} bot (seat {seat})"
