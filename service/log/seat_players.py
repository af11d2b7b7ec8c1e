"""The playerIds of a game's seats as its log folds them (`record_model`; issue 37).

`GameCreated.data.playerIds` gives one id (or null) per seat, `GameCreated.data.members` which
of them are memberships; `SeatJoined.data.playerId` replaces a seat's id, with
`SeatJoined.data.member`; `SeatLeft` clears it (`lifecycle.seat_left`). A game created before
memberships were recorded has no `members`, and its joins no `member`: its ids keep the meaning
they had then, every one a membership (`GameRecord.member_ids`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardstate.service.log.game_record import GameRecord


def given_ids(created: Mapping[str, Any], players: int) -> tuple[str | None, ...]:
    """The player ids attached at creation (`GameCreated.data.playerIds`), one per seat."""
    given = created.get("playerIds")
    ids = list(given) if isinstance(given, list) else []
    return tuple(ids[i] if i < len(ids) else None for i in range(players))


def given_members(created: Mapping[str, Any], players: int) -> tuple[bool, ...]:
    """Which player ids attached at creation are memberships (`GameCreated.data.members`)."""
    given = created.get("members")
    if not isinstance(given, list):
        return (True,) * players
    return tuple(i < len(given) and given[i] is True for i in range(players))


def joined(record: GameRecord, seat: int, data: Mapping[str, Any]) -> dict[str, Any]:
    """The record's changes when `seat` joins with `data` (`{name, playerId?, member?}`)."""
    player_id = data.get("playerId")
    if player_id is None:
        return {}
    ids = list(record.player_ids or (None,) * record.players)
    flags = list(record.members or (True,) * record.players)
    ids[seat], flags[seat] = str(player_id), data.get("member") is not False
    return {"player_ids": tuple(ids), "members": tuple(flags)}
