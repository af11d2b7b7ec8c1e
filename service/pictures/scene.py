"""What a picture is drawn from: one view exactly as the API serves it, plus public facts.

`Scene.view` is `GameRules.view(state, seat)` (the body of `GET /v1/games/{id}/state`), and
`Scene.last` the events of the last move at that version, redacted for the same viewer: a
picture can show nothing the viewer could not read from those two answers.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from boardstate.engine import registry
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.wire import WireError
from boardstate.service.pictures import svg

MAX_LAST_EVENTS = 12
"""Events of the last move drawn (and fetched): the rest of a long move is summarised."""


@dataclasses.dataclass(frozen=True, slots=True)
class Scene:
    """One picture's input: a view, whose it is, and the last move's redacted events."""

    game_type: str
    version: int
    view: Mapping[str, Any]
    seats: tuple[str | None, ...]
    viewer: int | None = None
    last: tuple[Mapping[str, Any], ...] = ()
    """Each `{"type", "seat", "data"}`, oldest first, as `GET /events` serves them."""
    language: str = "en"
    """The language of the last move's words (`engine.core.describe.LANGUAGES`)."""

    def name(self, seat: int) -> str:
        name = self.seats[seat] if 0 <= seat < len(self.seats) else None
        return svg.clean(name, 24) if name else f"Seat {seat}"

    def touched(self, key: str, types: tuple[str, ...] = (), seat: int | None = None) -> set[Any]:
        """Returns every value of `key` in the last move's event data (for highlighting): of
        events of `types` only (when given), whose data's `seat` is `seat` (when given)."""
        found: set[Any] = set()
        for event in self.last:
            data = event.get("data", {})
            if (types and event.get("type") not in types) or (
                seat is not None and data.get("seat") != seat
            ):
                continue
            value = data.get(key)
            if isinstance(value, list):
                found.update(v for v in value if isinstance(v, (str, int)))
            elif isinstance(value, (str, int)) and not isinstance(value, bool):
                found.add(value)
        return found

    def touched_cells(self, *keys: str) -> set[tuple[int, int]]:
        """Returns the `[row, col]` pairs under `keys` in the last move's event data."""
        found = set()
        for event in self.last:
            for key in keys:
                value = event.get("data", {}).get(key)
                ints = isinstance(value, list) and all(type(v) is int for v in value)
                if ints and len(value) == 2:
                    found.add((value[0], value[1]))
        return found


def last_move(events: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
    """Returns the trailing events that share the last event's move id (at most 12)."""
    if not events:
        return ()
    move_id = events[-1].get("moveId")
    run: list[Mapping[str, Any]] = []
    for event in reversed(events):
        if event.get("moveId") != move_id or len(run) == MAX_LAST_EVENTS:
            break
        run.append(event)
    return tuple(reversed(run))


def _words(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (str, int)):
        return str(value)
    if isinstance(value, list) and value and all(isinstance(v, (str, int)) for v in value):
        shown = ", ".join(str(v) for v in value[:6])
        return shown + (f" (+{len(value) - 6})" if len(value) > 6 else "")
    if isinstance(value, list) and value and all(v is None for v in value):
        return f"{len(value)} hidden"
    return None


SEAT_WORDS = re.compile(r"\b(?:[Ss]eat|Platz) ([0-9]+)\b")


def game_words(event: Mapping[str, Any], scene: Scene) -> str | None:
    """The event in the game's own words (`GameRules.describe_event`, from its redacted data),
    each "seat n" said by that seat's name; None for an event the game does not describe (the
    service's own events, or data it cannot read)."""
    kind, data = str(event.get("type", "")), event.get("data", {})
    try:
        rules = registry.get(scene.game_type)
        said = rules.describe_event(rules.events.decode({**data, "type": kind}), scene.language)
    except (WireError, KeyError, TypeError, ValueError, MoveError):
        return None
    named = SEAT_WORDS.sub(lambda m: scene.name(int(m[1])), said)
    return named[:1].upper() + named[1:]


def describe(event: Mapping[str, Any], scene: Scene | None = None) -> str:
    """Returns one event in words, from its (redacted) data only: the game's own words with the
    seats' names when the scene is given ("Brian builds a station with green 4 on line 4"),
    else its type in words with its fields ("Station built (card green-4; line 4)")."""
    if scene is not None:
        said = game_words(event, scene)
        if said is not None:
            return svg.clean(said, 110)
    kind = str(event.get("type", "Event"))
    spaced = "".join(f" {c.lower()}" if c.isupper() else c for c in kind).strip()
    data = event.get("data", {})
    seat = data.get("seat")
    who = scene.name(seat) if scene is not None and type(seat) is int else None
    named = who is not None
    parts = []
    for key, value in data.items():
        words = _words(value)
        if words is not None and not (named and key == "seat"):
            parts.append(f"{key.replace('_', ' ')} {words}")
    text = f"{who}: {spaced}" if named else spaced.capitalize()
    return svg.clean(text + (f" ({'; '.join(parts)})" if parts else ""), 110)


def turn_line(scene: Scene, to_act: Sequence[int], finished: bool, extra: str = "") -> str:
    """Returns the status line: who is to act (or that the game is over)."""
    if finished:
        return "Game over" + (f" · {extra}" if extra else "")
    who = " and ".join(scene.name(s) for s in to_act) or "nobody"
    return f"{who} to play" + (f" · {extra}" if extra else "")
