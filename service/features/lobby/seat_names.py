"""Names and player ids as `createGame` and `joinGame` take them (architecture §5, §5e): a name is
1 to `MAX_NAME_LENGTH` printable characters (stripped), a playerId 1 to 64 printable
characters; anything else is `BAD_NAME`."""

from __future__ import annotations

from typing import Any

from boardstate.service.failures import BadName

MAX_NAME_LENGTH = 64


def check_name(name: str) -> str:
    """Returns the stripped player name; raises `BadName`."""
    clean = name.strip()
    if not clean or len(clean) > MAX_NAME_LENGTH or not clean.isprintable():
        raise BadName(f"a player name needs 1 to {MAX_NAME_LENGTH} printable characters")
    return clean


def checked_player_ids(ids: Any, players: int) -> list[str | None]:
    """One integrator player id (1..64 printable characters) or None per seat; `BadName`."""
    if not isinstance(ids, list) or len(ids) != players:
        raise BadName(f"playerIds needs one entry (a string or null) per seat: {players}")
    for given in ids:
        if given is not None and not (0 < len(given) <= 64 and given.isprintable()):
            raise BadName("a player id needs 1 to 64 printable characters")
    return list(ids)


def check_player_id(given: str | None) -> str | None:
    """The integrator player id given at join (1..64 printable characters); `BadName`."""
    return given if given is None else checked_player_ids([given], 1)[0]
