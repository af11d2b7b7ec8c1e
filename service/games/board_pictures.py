"""Board pictures of a game (`GET /v1/games/{id}/board.svg`, GraphQL `Game.boardSvg`).

Both doors call `board_picture`, which goes through the game service's own `state` and `events`
operations: the same token check, version check and redaction as `GET /v1/games/{id}/state`
and `GET /v1/games/{id}/events`, then `service.pictures` draws the result.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from boardstate.schema.ports import GameView
from boardstate.service.games.game_service import GameService
from boardstate.service.pictures import Scene, last_move, render
from boardstate.service.pictures.scene import MAX_LAST_EVENTS

PICTURE_REVISION = 1
"""Part of every picture's ETag: raise it when the drawing changes, so caches refetch."""


@dataclasses.dataclass(frozen=True, slots=True)
class BoardPicture:
    """An SVG document and what its cache headers need."""

    svg: str
    version: int
    seat: int | None
    finished: bool
    """The game has ended: the picture of this version and seat will never change again."""

    @property
    def etag(self) -> str:
        who = "s" if self.seat is None else str(self.seat)
        return f'"p{PICTURE_REVISION}-{self.version}-{who}-{"f" if self.finished else "a"}"'


async def board_picture(
    service: GameService, game: GameView, seat: int | None, version: int | None, token: str | None
) -> BoardPicture:
    """Returns the picture of `seat`'s view (its token required while the game runs) or the
    spectator's, at `version` (default: the current one)."""
    view = await service.state(game, seat, version, token)
    at = game.version if version is None else version
    count = min(MAX_LAST_EVENTS, at)
    spectator_token = token if seat is not None else None
    events = await service.events(game, at - count, count, seat, spectator_token)
    wire: list[dict[str, Any]] = [
        {"type": e.type, "seat": e.seat, "moveId": e.move_id, "data": dict(e.data)} for e in events
    ]
    scene = Scene(game.game_type, at, view, game.seats, seat, last_move(wire))
    return BoardPicture(render(scene), at, seat, game.status == "FINISHED")
