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

from collections.abc import Mapping
from typing import Any

import msgspec

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

DESCRIBED = 4096
"""Descriptions remembered (by game, type, seat and the viewer's data)."""
_described: dict[tuple[int, str, int | None, bytes], str] = {}


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
    key = (id(rules), type_, seat, msgspec.json.encode(data))
    found = _described.get(key)
    if found is None:
        try:
            found = rules.describe_event(rules.events.decode({**data, "type": type_}))
        except WireError:
            found = words(type_).capitalize()
        if len(_described) >= DESCRIBED:
            _described.clear()
        _described[key] = found
    return found


def describe_moves(rules: GameRules[Any, Any, Any], moves: list[Any]) -> list[str]:
    """Each legal move (engine form) in words, in the same order."""
    return [rules.describe_move(m) for m in moves]


def bot_name(policy: str, seat: int) -> str:
    """A bot seat's name, told apart from the table's other bots: "Heuristic bot (seat 2)"."""
    return f"{policy.capitalize()} bot (seat {seat})"
