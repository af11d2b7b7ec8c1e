"""Board pictures of a game (`GET /v1/games/{id}/board.svg`, GraphQL `Game.boardSvg`).

`BoardPictures` is a feature of the service: both doors call `board_picture`, which goes
through the game reads' own `state` and `events` operations (the same token check, version
check and redaction as `GET /v1/games/{id}/state` and `/events`), then `service.pictures` draws
them in a worker thread (`service.runtime.offload`: a drawing takes milliseconds, which the
event loop must not be held for). `picture_tag` runs the same checks without folding or
drawing, so a client revalidating a picture it holds (`If-None-Match`) costs no drawing. Every
drawing counts in `boardstate_pictures_rendered` (`/metrics`).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

from boardstate.service.contract.languages import DEFAULT, current
from boardstate.service.contract.ports import EventView, GameView
from boardstate.service.metrics import Metrics
from boardstate.service.pictures import Scene, last_move, render
from boardstate.service.pictures.scene import MAX_LAST_EVENTS
from boardstate.service.runtime.offload import off_loop

PICTURE_REVISION = 1
"""Part of every picture's ETag: raise it when the drawing changes, so caches refetch."""


def picture_etag(version: int, seat: int | None, finished: bool, language: str = DEFAULT) -> str:
    """The ETag of the picture of `seat`'s view (None: the spectator's) at `version`, its last
    move in `language` (named in the tag unless it is the default)."""
    who = "s" if seat is None else str(seat)
    said = "" if language == DEFAULT else f"-{language}"
    return f'"p{PICTURE_REVISION}-{version}-{who}-{"f" if finished else "a"}{said}"'


def is_finished(game: GameView) -> bool:
    """Tells whether the game has ended: its pictures and views will never change again."""
    return game.status in ("FINISHED", "ABANDONED")


@dataclasses.dataclass(frozen=True, slots=True)
class BoardPicture:
    """An SVG document and what its cache headers need."""

    svg: str
    version: int
    seat: int | None
    finished: bool
    """The game has ended: the picture of this version and seat will never change again."""
    language: str = DEFAULT

    @property
    def etag(self) -> str:
        return picture_etag(self.version, self.seat, self.finished, self.language)


class Views(Protocol):
    """What a picture is drawn from: the game reads (`service.features.moves.game_reads`)."""

    async def check_view(
        self, game: GameView, seat: int | None, version: int | None, token: str | None
    ) -> int: ...

    async def state(
        self, game: GameView, seat: int | None, version: int | None, token: str | None
    ) -> dict[str, Any]: ...

    async def events(
        self, game: GameView, after: int, first: int, seat: int | None, token: str | None
    ) -> list[EventView]: ...


class BoardPictures:
    """Pictures of games, drawn from what `games` lets the caller see."""

    def __init__(self, games: Views, metrics: Metrics) -> None:
        self.games = games
        self.metrics = metrics

    async def picture_tag(
        self, game: GameView, seat: int | None, version: int | None, token: str | None
    ) -> str:
        """Returns the ETag `board_picture` would give, after the same checks (token,
        version), without folding or drawing anything."""
        at = await self.games.check_view(game, seat, version, token)
        return picture_etag(at, seat, is_finished(game), current())

    async def board_picture(
        self, game: GameView, seat: int | None, version: int | None, token: str | None
    ) -> BoardPicture:
        """Returns the picture of `seat`'s view (its token required while the game runs) or
        the spectator's, at `version` (default: the current one)."""
        view = await self.games.state(game, seat, version, token)
        at = game.version if version is None else version
        count = min(MAX_LAST_EVENTS, at)
        # A spectator picture is redacted for nobody, whatever token the caller holds.
        events = await self.games.events(
            game, at - count, count, seat, token if seat is not None else None
        )
        wire: list[dict[str, Any]] = [
            {"type": e.type, "seat": e.seat, "moveId": e.move_id, "data": dict(e.data)}
            for e in events
        ]
        language = current()
        scene = Scene(game.game_type, at, view, game.seats, seat, last_move(wire), language)
        self.metrics.pictures_rendered.inc()
        svg = await off_loop(render, scene)
        return BoardPicture(svg, at, seat, is_finished(game), language)

    async def board_svg(
        self, game: GameView, seat: int | None, version: int | None, token: str | None
    ) -> str:
        """Returns the SVG document of `board_picture`."""
        picture = await self.board_picture(game, seat, version, token)
        return picture.svg
