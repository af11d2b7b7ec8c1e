"""Log events in words for people (issue 29): the `describe` beside each event's wire form.

An engine event is described by its game (`GameRules.describe_event`) from the data the viewer
gets, decoded back into the (redacted) event, so a description never says what the viewer's
wire form hides. The service's own events (creation, seats, lifecycle, the end) are their type
in words, said by their seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardstate.engine.core.describe import seat as seat_words
from boardstate.engine.core.describe import words
from boardstate.engine.core.rules import GameRules
from boardstate.engine.core.wire import WireError
from boardstate.service.log.record_model import SERVICE_EVENTS

SERVICE_PHRASES = {
    "GameCreated": "the game was created",
    "SeatJoined": "{seat} joined",
    "GameEnded": "the game ended",
}


def describe_event(
    rules: GameRules[Any, Any, Any], type_: str, seat: int | None, data: Mapping[str, Any]
) -> str:
    """The event (`data`: as the viewer gets it) in words, starting with a capital letter."""
    if type_ in SERVICE_EVENTS:
        who = seat_words(seat) if seat is not None else "a seat"
        phrase = SERVICE_PHRASES.get(type_)
        text = phrase.format(seat=who) if phrase else words(type_)
        if phrase is None and seat is not None:
            text = f"{who}: {text}"
        return text[:1].upper() + text[1:]
    try:
        event = rules.events.decode({**data, "type": type_})
    except WireError:
        return words(type_).capitalize()
    return rules.describe_event(event)


def describe_moves(rules: GameRules[Any, Any, Any], moves: list[Any]) -> list[str]:
    """Each legal move (engine form) in words, in the same order."""
    return [rules.describe_move(m) for m in moves]


def bot_name(policy: str, seat: int) -> str:
    """A bot seat's name, told apart from the table's other bots: "Heuristic bot (seat 2)"."""
    return f"{policy.capitalize()} bot (seat {seat})"
