"""`GameReads`: the reads of one game and of the cross-game index, for both doors.

Events and logs are redacted for the viewer while a game runs and complete once it has ended
(the seed is public then); after the end any seat's view, at any version, is open to everyone.
`check_view` runs the checks of `state` without the view: what a conditional request
(`If-None-Match`) needs before it may answer 304 Not Modified (`features.views.view_checks`).
"""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.ports import EventView, GamesPage, GameView
from boardstate.service.failures import GameTypeNotInstalled
from boardstate.service.features.moves import seat_access
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.moves.seat_access import authorize, authorize_reading
from boardstate.service.features.views.event_words import describe_moves
from boardstate.service.features.views.read_models import event_view, game_view, state_view
from boardstate.service.features.views.view_checks import served_version
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store import EventStore


class GameReads:
    """Games at any version, their events and legal moves, and pages of the index."""

    def __init__(self, store: EventStore, loader: GameLoader, page_cap: int) -> None:
        self.store = store
        self.loader = loader
        self.page_cap = page_cap
        """The largest page any list answers."""

    async def load(self, game_id: str) -> GameRecord | None:
        """Returns the game at its current version, or None."""
        with store_errors():
            return await self.loader.load(game_id)

    async def viewer_of(self, record: GameRecord, token: str | None) -> int | None:
        """Returns the seat whose view `token` sees (its seat token, or a player token of a
        seat's `playerId`), or None (a spectator); refuses a player token that does not verify."""
        return await seat_access.viewer_of(self.loader, record, token)

    async def game(self, game_id: str) -> GameView | None:
        """Returns the game at its current version, or None."""
        record = await self.load(game_id)
        return None if record is None else game_view(record)

    async def listed(self, game_id: str) -> GameView | None:
        """The game as a list shows it: None when there is none, or when its package is gone
        (left out of lists, as `games` leaves it, and listed again once it is back)."""
        with store_errors():
            try:
                record = await self.loader.load(game_id)
            except GameTypeNotInstalled:
                return None
        return None if record is None else game_view(record)

    async def games(
        self,
        after: str | None,
        first: int,
        game_type: str | None,
        status: str | None,
        player: str | None = None,
    ) -> GamesPage:
        """Returns a page of the cross-game index, each game loaded through the cache."""
        with store_errors():
            rows, total = await self.store.index_page(after, first + 1, game_type, status, player)
            page: list[tuple[str, GameView]] = []
            for row in rows[:first]:
                try:
                    record = await self.loader.load(row.game_id)
                except GameTypeNotInstalled:
                    continue  # its package is gone: left out of lists, served once it is back
                if record is not None:
                    page.append((row.game_id, game_view(record)))
        return GamesPage(tuple(page), total, len(rows) > first)

    async def state(
        self, game: GameView, seat: int | None, version: int | None, token: str | None
    ) -> dict[str, Any]:
        """Returns a seat view (its token required until the game has ended) or the spectator
        view, at any version."""
        current: GameRecord = game.handle
        with store_errors():
            if seat is not None:
                await self.authorize_view(current, seat, token)
            record = await self.loader.at_version(current, version)
        return state_view(record, seat)

    async def check_view(
        self, game: GameView, seat: int | None, version: int | None, token: str | None
    ) -> int:
        """Runs the checks of `state` (the seat's token, then the version) and returns the
        version the view would be served at, without folding a past version."""
        current: GameRecord = game.handle
        if seat is not None:
            with store_errors():
                await self.authorize_view(current, seat, token)
        return served_version(current.version, version)

    async def legal_moves(self, game: GameView, seat: int, token: str | None) -> list[Any]:
        """Returns the wire forms of the seat's legal moves (token required)."""
        return [move for move, _ in await self.described_moves(game, seat, token)]

    async def described_moves(
        self, game: GameView, seat: int, token: str | None
    ) -> list[tuple[dict[str, Any], str]]:
        """`legal_moves`, each with its description (the seat's own moves: nothing hidden)."""
        record: GameRecord = game.handle
        with store_errors():
            await authorize_reading(self.loader, record, seat, token)
        if record.status != "ACTIVE":
            return []
        legal = record.rules.legal_moves(record.state, seat)
        said = describe_moves(record.rules, legal)
        return [(record.rules.moves.encode(m), d) for m, d in zip(legal, said, strict=True)]

    async def events(
        self, game: GameView, after: int, first: int, seat: int | None, token: str | None
    ) -> list[EventView]:
        """Returns events after `after`, redacted for `seat` (token required) or the caller."""
        record: GameRecord = game.handle
        count = min(first, record.version - after)
        if count <= 0:
            return []
        with store_errors():
            if seat is not None:
                await self.authorize_view(record, seat, token)
                viewer: int | None = seat
            else:
                viewer = await self.viewer_of(record, token)
            stored = await self.store.read(record.game_id, after=after, limit=count)
        complete = record.result is not None
        return [event_view(record, e, viewer, complete) for e in stored]

    async def authorize_view(self, record: GameRecord, seat: int, token: str | None) -> None:
        """Checks `seat`'s token, except once the game has ended (everything is public)."""
        if record.result is not None and 0 <= seat < record.players:
            return
        await authorize(self.loader, record, seat, token)
