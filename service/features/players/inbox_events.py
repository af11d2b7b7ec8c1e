"""What a game announcement tells each of its players (issue 30, architecture §5e).

`player_events(announcement)` maps one feed announcement (`service.log.announce`) to the events
of each player's own stream: only seats whose `playerId` is a membership (`member`: the player
joined with their own token, or the admin or matchmaking seated them) hear anything, and each
player hears only about its own seats. A playerId someone else wrote is a name, not a
membership: it reaches no stream and no game list.

* `turn` — `turn.changed` whose `toAct` holds seats of the player: one for each version at
  which a seat of the player owes a decision (a Trambahn turn of several moves is several
  `turn`s; issue 39): `gameId`, `gameType`, `version` (the decision's: a move sent with it as
  the expected version is refused `VERSION_CONFLICT` once the decision was taken), `toAct` (the
  player's seats that must act), `owed` (`[{seat, moves}]` for those seats: the kinds of move
  each may make; `[]` from an announcement made before issue 39), `deadline` (the earliest of
  their deadlines, ISO-8601; null without a clock);
* `game.started` — `gameId`, `gameType`, `version`, `seats` (the player's seats);
* `game.ended` — `gameId`, `gameType`, `version`, `seats`, `status` (FINISHED or ABANDONED),
  `winners`, `scores`;
* `takeback.requested` — to the players of every other seat: `gameId`, `gameType`, `version`,
  `seats`, `seat` (who asks), `toVersion`.

Each event's delivery id is `<announcement id>` (a player hears an announcement at most once,
`service.store.players.inbox_store`). `game_rows` says which games each player's list records.
"""

from __future__ import annotations

import dataclasses
from typing import Any

TURN = "turn"
GAME_STARTED = "game.started"
GAME_ENDED = "game.ended"
TAKEBACK_REQUESTED = "takeback.requested"
KINDS = (TURN, GAME_STARTED, GAME_ENDED, TAKEBACK_REQUESTED)
"""The kinds made from game announcements; matchmaking and ratings publish others
(`service.contract.players.player_event_schema.OPEN_KINDS`)."""


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerEvent:
    """One event for one player's stream."""

    player_id: str
    kind: str
    data: dict[str, Any]
    once: str
    """The delivery id: the same announcement is appended to one player's stream once."""


def seats_of(data: dict[str, Any]) -> dict[str, list[int]]:
    """Each member playerId of an announcement's seats, with its seats in order. A playerId
    that is only a name (`member: false`: someone else wrote it) concerns nobody's stream; an
    announcement made before memberships were recorded has no `member` and keeps the meaning
    it had then."""
    found: dict[str, list[int]] = {}
    for seat in data.get("seats") or []:
        player = seat.get("playerId")
        if isinstance(player, str) and player and seat.get("member") is not False:
            found.setdefault(player, []).append(int(seat["seat"]))
    return found


def _game(data: dict[str, Any]) -> dict[str, Any]:
    return {"gameId": data["gameId"], "gameType": data["gameType"], "version": data["version"]}


def player_events(announcement: dict[str, Any]) -> list[PlayerEvent]:
    """The player events of one announcement (see the module docstring)."""
    kind = announcement.get("type")
    data = announcement.get("data") or {}
    once = str(announcement.get("id", ""))
    players = seats_of(data)
    out: list[PlayerEvent] = []
    for player, seats in players.items():
        base = _game(data)
        if kind == "turn.changed":
            acting = [s for s in seats if s in (data.get("toAct") or [])]
            if not acting:
                continue
            due = sorted(d["at"] for d in data.get("deadlines") or [] if d.get("seat") in acting)
            owed = [o for o in data.get("owed") or [] if o.get("seat") in acting]
            event = {**base, "toAct": acting, "owed": owed, "deadline": due[0] if due else None}
            out.append(PlayerEvent(player, TURN, event, once))
        elif kind == "game.started":
            out.append(PlayerEvent(player, GAME_STARTED, {**base, "seats": seats}, once))
        elif kind == "game.ended":
            result = {k: data.get(k) for k in ("status", "winners", "scores")}
            out.append(PlayerEvent(player, GAME_ENDED, {**base, "seats": seats, **result}, once))
        elif kind == "takeback.requested" and data.get("seat") not in seats:
            asked = {"seat": data.get("seat"), "toVersion": data.get("toVersion")}
            event = {**base, "seats": seats, **asked}
            out.append(PlayerEvent(player, TAKEBACK_REQUESTED, event, once))
    return out


def game_rows(announcement: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(playerId, gameId, row) for each player of the announcement's game: what its list of
    games records (`gameType`, `status`, `version`)."""
    data = announcement.get("data") or {}
    if "gameId" not in data:
        return []
    row = {"gameType": data["gameType"], "status": data["status"], "version": data["version"]}
    return [(player, str(data["gameId"]), row) for player in seats_of(data)]
