"""A game at any version of its exported log, folded offline with the same engine as the service.

`GET /v1/games/{id}/log` exports a game as NDJSON (or msgpack) lines `{version, type, v, seat,
moveId, data, at, stateHash, move?}`. `fold_log` replays them with the rules engine the service
itself runs (nothing of the service is needed): the copy a built SDK carries
(`boardstate_client._engine`, vendored by setup.py), else an installed `boardstate.engine` (an
editable install in a checkout): `GameCreated` names
the game type and its rules version, the last `SeatJoined` starts the game, engine events are
folded by the rules' `evolve`, a `TakenBack` returns to the state at its `toVersion`, `SeatLeft`
frees a seat, and every other service event (`GameEnded`, resignations, clocks...) leaves the
engine state as it is. The log must be complete (a finished game's export): a redacted event
cannot be folded.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from collections.abc import Iterable, Iterator, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardstate.engine.core.rules import GameRules

ENGINES = ("boardstate_client._engine", "boardstate.engine")
"""Where the engine is looked for: the SDK's own copy first, then the server's package."""


def _registry() -> ModuleType:
    """The engine's registry of game rules (imported on first use: the fold's alone)."""
    for package in ENGINES:
        try:
            return importlib.import_module(f"{package}.registry")
        except ModuleNotFoundError as missing:
            if missing.name is None or not package.startswith(missing.name):
                raise
    raise ModuleNotFoundError(
        "the offline fold needs the rules engine: install the SDK from its folder or a wheel "
        "built from it (it carries the engine), or install `boardstate` beside it"
    )


KNOWN_SCHEMA = 2
"""The newest envelope version (`v`) this fold knows (v2 added `move`; event data unchanged)."""
SEAT_JOINED, SEAT_LEFT, TAKEN_BACK = "SeatJoined", "SeatLeft", "TakenBack"
SERVICE_EVENTS = frozenset(
    {"GameCreated", SEAT_JOINED, SEAT_LEFT, TAKEN_BACK, "GameEnded", "Resigned", "TimedOut"}
    | {"StandInSeated", "MoveTimed", "TakebackRequested", "TakebackAnswered", "SeatTokenReissued"}
)


class OfflineLogError(ValueError):
    """The log cannot be folded here: unreadable, out of order, or made by other rules."""


@dataclasses.dataclass(frozen=True, slots=True)
class OfflineGame:
    """A game folded to `version`: its rules, seats, engine state (None before the start) and,
    once ended, the `GameEnded` data (`scores`, `winners`, the revealed `seed`)."""

    rules: GameRules[Any, Any, Any]
    options: Any
    version: int
    seats: tuple[str | None, ...]
    state: Any
    ended: Mapping[str, Any] | None

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) sees at this version, as `getState` shows it."""
        if self.state is None:
            raise OfflineLogError(f"the game has not started at version {self.version}")
        return self.rules.view(self.state, seat)


def read_log(payload: bytes) -> list[dict[str, Any]]:
    """The lines of an export: NDJSON (starts with `{`) or concatenated msgpack maps."""
    if payload.lstrip()[:1] == b"{":
        lines = [json.loads(line) for line in payload.splitlines() if line.strip()]
    else:
        import msgpack  # the `[offline]` extra (or the server's distribution) installs it

        unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
        unpacker.feed(payload)
        lines = list(unpacker)
    if not all(isinstance(line, dict) for line in lines):
        raise OfflineLogError("every line of a log is an object")
    return lines


def _created(first: Mapping[str, Any]) -> OfflineGame:
    if first.get("type") != "GameCreated" or first.get("version") != 1:
        raise OfflineLogError("a log starts with GameCreated at version 1")
    data = first["data"]
    rules = _registry().get(str(data["gameType"]))
    recorded = (data.get("rulesVersion"), data.get("dataHash"))
    if recorded != (rules.info.rules_version, rules.data.content_hash):
        raise OfflineLogError(
            f"the log was made with {data['gameType']} rules {recorded[0]}; this engine has "
            f"{rules.info.rules_version} (install the boardstate release that made the game)"
        )
    options = rules.parse_options(data["options"])
    return OfflineGame(rules, options, 1, (None,) * int(data["players"]), None, None)


def _step(game: OfflineGame, line: Mapping[str, Any], states: dict[int, Any]) -> OfflineGame:
    kind, seat, data = line["type"], line["seat"], line.get("data") or {}
    if int(line.get("v", 1)) > KNOWN_SCHEMA:
        raise OfflineLogError(
            f"version {line['version']}: envelope v{line['v']} is newer than this fold"
        )
    state, seats, ended = game.state, list(game.seats), game.ended
    if kind == SEAT_JOINED:
        seats[int(seat)] = str(data["name"])
        if None not in seats:
            state = game.rules.initial_state(len(seats), game.options)
    elif kind == SEAT_LEFT:
        seats[int(seat)] = None
    elif kind == TAKEN_BACK:
        state = states[int(data["toVersion"])]
    elif kind == "GameEnded":
        ended = data
    elif kind not in SERVICE_EVENTS:
        state = game.rules.evolve(state, game.rules.events.decode({"type": kind, **data}))
    return dataclasses.replace(
        game, version=int(line["version"]), seats=tuple(seats), state=state, ended=ended
    )


def walk_log(lines: Iterable[Mapping[str, Any]]) -> Iterator[OfflineGame]:
    """The game at every version of the log, in order; raises `OfflineLogError`."""
    it = iter(lines)
    first = next(it, None)
    if first is None:
        raise OfflineLogError("the log is empty")
    game = _created(first)
    yield game
    states: dict[int, Any] = {1: None}
    for line in it:
        if line.get("version") != game.version + 1:
            raise OfflineLogError(f"version {line.get('version')} follows {game.version}")
        game = _step(game, line, states)
        states[game.version] = game.state
        yield game


def fold_log(lines: Iterable[Mapping[str, Any]], to_version: int | None = None) -> OfflineGame:
    """The game at `to_version` (default: the end of the log); raises `OfflineLogError`."""
    game: OfflineGame | None = None
    for game in walk_log(lines):
        if game.version == to_version:
            return game
    assert game is not None
    if to_version is not None:
        raise OfflineLogError(f"the log ends at version {game.version}, before {to_version}")
    return game
