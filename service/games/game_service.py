"""`GameService`: the game operations behind the API (`contract.backend.GameBackend`); no GraphQL.

Expected failures raise typed `MoveError`s; store failures become retryable `ApiError`s
(`STORE_UNAVAILABLE`, `APPEND_UNCERTAIN`). Events and logs are redacted for the viewer while a
game runs and complete once it has ended (the seed is public then); after the end any seat's
view, at any version, is open to everyone.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing
from typing import Any

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import BAD_VERSION, TIME_EXPIRED, ApiError
from boardstate.service.contract.ports import AcceptedMove, EventView, GamesPage, GameView
from boardstate.service.failures import BadVersion, GameNotFound
from boardstate.service.games.admission import Admission
from boardstate.service.games.archive import Archive
from boardstate.service.games.board_pictures import BoardPictures
from boardstate.service.games.bot_service import BotService
from boardstate.service.games.bot_worker import BotLimits, BotWorker
from boardstate.service.games.event_streams import EventStream, open_stream
from boardstate.service.games.feed import FeedService, FeedWatch
from boardstate.service.games.hints import Hints
from boardstate.service.games.live_events import SubscriptionHub
from boardstate.service.games.loader import GameLoader
from boardstate.service.games.lobby import Lobby
from boardstate.service.games.lobby_service import LobbyService
from boardstate.service.games.read_models import event_view, game_view, move_views
from boardstate.service.games.referee import Referee, authorize
from boardstate.service.games.relay import Relay
from boardstate.service.games.seat_tokens import token_matches
from boardstate.service.games.steward import Steward
from boardstate.service.games.store_failures import store_errors
from boardstate.service.games.stream_limits import StreamCaps, StreamLimits
from boardstate.service.games.table_ops import TableOps
from boardstate.service.games.table_service import TableService
from boardstate.service.games.view_checks import ViewChecks
from boardstate.service.games.webhook_sender import Sender
from boardstate.service.games.webhook_service import WebhookService
from boardstate.service.inputs import echo
from boardstate.service.log.game_record import GameRecord
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import EventStore


class GameService(
    BoardPictures, ViewChecks, TableService, LobbyService, BotService, WebhookService, FeedService
):
    """Creates, loads and plays games on an event store."""

    def __init__(
        self,
        store: EventStore,
        settings: Settings,
        metrics: Metrics,
        admission: Admission | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.metrics = metrics
        self.page_cap = settings.page_cap
        self.loader = GameLoader(store, metrics, settings.cache_size, settings.snapshot_every)
        self.lobby = Lobby(self.loader, settings, admission)
        self.archive = Archive(self.loader, self.lobby)
        self.admin_token = settings.admin_token
        self.max_import_bytes = settings.max_import_bytes
        self.max_import_line_bytes = settings.max_import_line_bytes
        self.referee = Referee(self.loader, metrics)
        self.steward = Steward(self.loader, settings.steward_poll_ms, settings.max_game_events)
        self.table = TableOps(self.loader, self.steward, settings)
        self.bots = BotWorker(self.loader, self.steward, BotLimits.of(settings))
        self.hints = Hints(self.bots.memory, settings.hint_concurrency, settings.hint_budget_ms)
        metrics.watch_thinking(lambda: self.bots.thinkers.busy, lambda: self.hints.thinkers.busy)
        self.hub = SubscriptionHub(store, metrics)
        self.webhooks = store.webhooks
        self.allow_private_targets = settings.webhooks_allow_private
        self.feed_watch = FeedWatch(store.outbox, settings.webhook_poll_ms)
        self.sse_keepalive_seconds = settings.sse_keepalive_seconds
        self.relay = Relay(store.outbox, store.webhooks, settings.webhook_poll_ms)
        self.sender = Sender.of(store.webhooks, settings)
        self.resolver = self.sender.poster.resolver
        self.streams = StreamLimits(StreamCaps.of(settings))
        self.feed_max_catch_up = settings.feed_max_catch_up

    async def load(self, game_id: str) -> GameRecord | None:
        """Returns the game at its current version, or None."""
        with store_errors():
            return await self.loader.load(game_id)

    async def viewer_of(self, record: GameRecord, token: str | None) -> int | None:
        """Returns the seat whose token `token` is, or None (a spectator)."""
        if token is None:
            return None
        for seat in range(record.players):
            if token_matches(token, await self.loader.token_hash(record, seat)):
                return seat
        return None

    # -- reads -------------------------------------------------------------------------
    async def game(self, game_id: str) -> GameView | None:
        """Returns the game at its current version, or None."""
        record = await self.load(game_id)
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
                record = await self.loader.load(row.game_id)
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
                await self._authorize_view(current, seat, token)
            record = await self.loader.at_version(current, version)
        rules = record.rules
        state = record.state
        if state is None:
            state = rules.initial_state(record.players, record.options)
        return rules.view(state, seat)

    async def legal_moves(self, game: GameView, seat: int, token: str | None) -> list[Any]:
        """Returns the wire forms of the seat's legal moves (token required)."""
        return [move for move, _ in await self.described_moves(game, seat, token)]

    async def described_moves(
        self, game: GameView, seat: int, token: str | None
    ) -> list[tuple[dict[str, Any], str]]:
        """`legal_moves`, each with its description (the seat's own moves: nothing hidden)."""
        record: GameRecord = game.handle
        with store_errors():
            await authorize(self.loader, record, seat, token)
        if record.status != "ACTIVE":
            return []
        legal = record.rules.legal_moves(record.state, seat)
        return [(record.rules.moves.encode(m), record.rules.describe_move(m)) for m in legal]

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
                await self._authorize_view(record, seat, token)
                viewer: int | None = seat
            else:
                viewer = await self.viewer_of(record, token)
            stored = await self.store.read(record.game_id, after=after, limit=count)
        complete = record.result is not None
        return [event_view(record, e, viewer, complete) for e in stored]

    async def _authorize_view(self, record: GameRecord, seat: int, token: str | None) -> None:
        """Checks `seat`'s token, except once the game has ended (everything is public)."""
        if record.result is not None and 0 <= seat < record.players:
            return
        await authorize(self.loader, record, seat, token)

    # -- writes ------------------------------------------------------------------------
    async def submit_move(
        self,
        game_id: str,
        seat: int,
        move: Any,
        token: str | None,
        expected_version: int | None,
        move_id: str | None,
        dry_run: bool,
    ) -> AcceptedMove:
        """Checks and records a move (see `service.games.referee`); counts rejections by code.
        The one move path every door calls (REST, GraphQL, a websocket): docs/performance.md."""
        try:
            with store_errors():
                verdict = await self.referee.submit(
                    game_id, seat, move, token, expected_version, move_id, dry_run
                )
        except MoveError as exc:
            self.metrics.moves_rejected.labels(exc.code).inc()
            if exc.code == TIME_EXPIRED:
                with store_errors():
                    await self.steward.settle(game_id)
            raise
        record = verdict.record
        if verdict.events and not verdict.replayed and self.steward.minds(record):
            with store_errors():
                await self.steward.settle(game_id)
        events = move_views(record, verdict.events, verdict.facts, seat)
        return AcceptedMove(
            game_view(record), verdict.version, events, verdict.dry_run, verdict.replayed
        )

    # -- live --------------------------------------------------------------------------
    async def open_game_events(
        self, game_id: str, after_version: int, token: str | None, address: str | None = None
    ) -> EventStream:
        """Opens the stream of `game_events` now, before any event is read (`BAD_VERSION`,
        `GameNotFound`, `TOO_MANY_STREAMS`): an HTTP stream answers them with a status before
        its body."""
        if after_version < 0:
            raise ApiError(BAD_VERSION, f"afterVersion must be 0 or more, not {after_version}")
        with store_errors():
            record = await self.loader.load(game_id)
            if record is None:
                raise GameNotFound(f"no game {echo(game_id)}")
            viewer = await self.viewer_of(record, token)
        if not 0 <= after_version <= record.version:
            # A position past the log would wait for events that may never come: refused.
            raise BadVersion(f"afterVersion must be 0..{record.version}, not {after_version}")
        return open_stream(
            self.hub, self.streams, self.metrics, record, viewer, after_version, address
        )

    async def game_events(
        self, game_id: str, after_version: int, token: str | None, address: str | None = None
    ) -> AsyncGenerator[EventView, None]:
        """Yields events after `after_version` from the log, then live; ends after GameEnded;
        over a cap on live streams: `TOO_MANY_STREAMS` (`service.games.stream_limits`)."""
        stream = await self.open_game_events(game_id, after_version, token, address)
        async with aclosing(stream):
            async for view in stream:
                yield view

    async def close(self) -> None:
        """Stops the live feeds and the hints being thought about."""
        self.hints.close()
        await self.hub.close()
