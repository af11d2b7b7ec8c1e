"""`Service`: the service object the doors receive, composed of its features (`build_service`).

Each feature (`service/features/`) is built once here, handed the parts it needs, and called by
the doors directly (`service.tables.resign(...)`, `info.context.backend.moves.submit_move(...)`);
no feature knows the service object. The features' background loops (steward, bot worker,
relay, webhook sender) are parts of it; they are declared, with the process's own (open-game
expiry, the loop-lag watch), in `service.http.background` and run by the one registry
`service.runtime.loops`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import AsyncIterator

from boardstate.service.features.archive.archived_reads import attach
from boardstate.service.features.archive.place import ArchivePlace
from boardstate.service.features.archive.placed_objects import PlacedObjects
from boardstate.service.features.archive.stores import Location, read_limits
from boardstate.service.features.bots.analysis import Analyses
from boardstate.service.features.bots.bot_service import BotService
from boardstate.service.features.bots.bot_worker import BotLimits, BotWorker
from boardstate.service.features.bots.hints import Hints
from boardstate.service.features.dumps.dumps import Dumps
from boardstate.service.features.live.live_events import SubscriptionHub
from boardstate.service.features.live.live_service import LiveEvents
from boardstate.service.features.live.stream_limits import StreamCaps, StreamLimits
from boardstate.service.features.lobby.admission import Admission
from boardstate.service.features.lobby.forks import Archive
from boardstate.service.features.lobby.lobby_service import LobbyService
from boardstate.service.features.lobby.seating import Lobby
from boardstate.service.features.matchmaking.challenges import Challenges
from boardstate.service.features.matchmaking.matchmaker import MatchMaker
from boardstate.service.features.matchmaking.rematches import Rematches
from boardstate.service.features.matchmaking.seeks import Seeks
from boardstate.service.features.moves.game_reads import GameReads
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.moves.referee import Referee
from boardstate.service.features.moves.submission import Moves
from boardstate.service.features.players.identity import PlayerIdentity
from boardstate.service.features.players.stream_wiring import PlayerFeeds, build_player_feeds
from boardstate.service.features.ratings.ratings_service import RatingsService
from boardstate.service.features.tables.steward import Steward
from boardstate.service.features.tables.table_ops import TableOps
from boardstate.service.features.tables.table_service import TableService
from boardstate.service.features.views.board_pictures import BoardPictures
from boardstate.service.features.webhooks.feed import FeedService, FeedWatch
from boardstate.service.features.webhooks.relay import Relay
from boardstate.service.features.webhooks.webhook_sender import Sender
from boardstate.service.features.webhooks.webhook_service import WebhookService
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.player_tokens import PlayerTokens
from boardstate.service.settings import Settings
from boardstate.service.store import EventStore, RedisEventStore, connect
from boardstate.service.store.archive.archive_place import ArchivePlaces
from boardstate.service.store.limits.rate_limiter import parse_limits
from boardstate.service.store.players.display_names import RedisDisplayNames
from boardstate.service.store.players.known_players import RedisKnownPlayers
from boardstate.service.store.players.matchmaking_store import RedisMatchmaking


@dataclasses.dataclass(frozen=True, slots=True)
class Service:
    """The features of one service process (`contract.backend.GameBackend` to the doors)."""

    settings: Settings
    metrics: Metrics
    store: EventStore
    games: GameReads
    """Games at any version, their events and legal moves, pages of the index."""
    moves: Moves
    """Submitting a move."""
    pictures: BoardPictures
    tables: TableService
    """Resign, leave, takebacks and the admin's table operations."""
    lobby: LobbyService
    """Creating, joining and forking games."""
    archive: Archive
    """Forks and imports of games made from other games' logs."""
    bots: BotService
    """Hints."""
    live: LiveEvents
    webhooks: WebhookService
    feed: FeedService
    steward: Steward
    """Stand-ins and clocks: a background loop (`service.features.tables.steward.start`)."""
    bot_worker: BotWorker
    relay: Relay
    sender: Sender
    players: PlayerIdentity
    dumps: Dumps
    """Every ended game of a type over a period, for analysts (issue 31)."""
    """Player tokens: new players, who a token names (architecture §5e)."""
    player_feeds: PlayerFeeds
    """A player's own stream and games; the inbox port; the `player-fanout` loop."""
    seeks: Seeks
    """Matchmaking (architecture §5e): seeks, challenges, rematches and the matches' games."""
    challenges: Challenges
    rematches: Rematches
    matchmaker: MatchMaker
    ratings: RatingsService
    """Leaderboards, ratings and histories; the consumer applying rated games' ends."""
    archive_store: PlacedObjects | None
    """The deployment's archive store (`features.archive.place`): the archived games' reads,
    the archiver and the `boardstate archive` commands all go through it (None: no Redis)."""

    async def close(self) -> None:
        """Stops the live feeds and the hints being thought about."""
        self.bots.hints.close()
        self.bots.analyses.close()
        await self.live.close()
        await self.player_feeds.close()


def build_service(
    store: EventStore, settings: Settings, metrics: Metrics, admission: Admission | None = None
) -> Service:
    """Builds every feature on `store` once and composes them; `store` reads archived games
    from the archive where Redis no longer has them (`features.archive.archived_reads`), in the
    store the deployment records (`features.archive.place`)."""
    archive_store = placed_objects(store, settings)
    attach(store, settings, metrics.registry, archive_store)
    loader = GameLoader(store, metrics, settings.cache_size, settings.snapshot_every)
    known = known_players(store)
    loader.identity = tokens = PlayerTokens(settings.identity, store.signing, known=known)
    games = GameReads(store, loader, settings.page_cap)
    steward = Steward(loader, settings.steward_poll_ms, settings.max_game_events)
    lobby = Lobby(loader, settings, admission)
    archive = Archive(loader, lobby)
    worker = BotWorker(loader, steward, BotLimits.of(settings))
    hints = Hints(worker.memory, settings.hint_concurrency, settings.hint_budget_ms)
    metrics.watch_thinking(lambda: worker.thinkers.busy, lambda: hints.thinkers.busy)
    streams = StreamLimits(StreamCaps.of(settings))
    sender = Sender.of(store.webhooks, settings)
    resolver = sender.poster.resolver
    feed_watch = FeedWatch(store.outbox, settings.webhook_poll_ms)
    relay = Relay(store.outbox, store.webhooks, settings.webhook_poll_ms)
    relay.on_queued = sender.wake.set  # a queued delivery wakes the sender at once
    lobby_service = LobbyService(lobby, archive, steward, metrics, settings.admin_token, tokens)
    # The matchmaker's timer only finishes matches whose replica stopped: 3 leases, 5-30 s.
    poll_s = min(30.0, max(5.0, 3 * settings.matchmaking.match_lease_ms / 1000))
    signups = parse_limits(settings.identity.signup_limits)
    identity = PlayerIdentity(
        tokens,
        settings.identity.signup,
        settings.admin_token,
        None if admission is None else admission.limiter,
        signups,
        RedisDisplayNames(store.outbox.client, store.outbox.prefix),
    )
    player_feeds = build_player_feeds(store, identity, games, streams, settings)
    pool = matchmaking_store(store, settings)
    names = identity.display_names
    maker = MatchMaker(pool, lobby_service, loader, player_feeds.port(), poll_s, names)
    ratings = RatingsService(store.ratings, loader, player_feeds.port())
    relay.on_relayed = ratings.consumer.heard  # a game's end on the feed wakes the ratings
    return Service(
        settings=settings,
        metrics=metrics,
        store=store,
        games=games,
        moves=Moves(Referee(loader, metrics), steward, metrics),
        pictures=BoardPictures(games, metrics),
        tables=TableService(TableOps(loader, steward, settings)),
        lobby=lobby_service,
        archive=archive,
        bots=BotService(loader, hints, analyses_of(store, settings)),
        live=LiveEvents(games, SubscriptionHub(store, metrics), streams, metrics),
        webhooks=WebhookService(
            store.webhooks, resolver, settings.webhooks_allow_private, settings.admin_token
        ),
        feed=FeedService(games, feed_watch, streams, metrics, settings),
        steward=steward,
        bot_worker=worker,
        relay=relay,
        sender=sender,
        players=identity,
        player_feeds=player_feeds,
        seeks=Seeks(maker, identity, settings.matchmaking, ratings.rating_of, settings.rate_limits),
        challenges=Challenges(maker, identity, settings.matchmaking, known, settings.rate_limits),
        rematches=Rematches(maker, loader, settings.matchmaking),
        matchmaker=maker,
        dumps=Dumps(store, loader, settings.admin_token, settings.dumps_public),
        ratings=ratings,
        archive_store=archive_store,
    )


def placed_objects(store: EventStore, settings: Settings) -> PlacedObjects | None:
    """The archive store the deployment records in `store`'s Redis, as the settings find it."""
    if not isinstance(store, RedisEventStore):
        return None
    places, limits = ArchivePlaces(store.client, store.prefix), read_limits(settings)
    opener = functools.partial(Location.open, limits=limits)
    place = ArchivePlace(places, Location.of(settings), bool(settings.archive_store), opener)
    return PlacedObjects(place, limits)


def open_store(settings: Settings) -> RedisEventStore:
    """The event store on the settings' Redis, connected as every process of the service
    connects it (prefix, pool, replicas to wait for, live streams)."""
    if settings.redis_url is None:
        raise ValueError("REDIS_URL is not set")
    return connect(
        settings.redis_url,
        settings.redis_cluster,
        prefix=settings.key_prefix,
        wait_replicas=settings.append_wait_replicas,
        wait_timeout_ms=settings.append_wait_timeout_ms,
        pool_size=settings.redis_pool_size,
        pool_wait_ms=settings.redis_pool_wait_ms,
        max_streams=settings.max_streams,
    )


@contextlib.asynccontextmanager
async def composed(settings: Settings, metrics: Metrics | None = None) -> AsyncIterator[Service]:
    """The service of `settings` without its doors or loops, for the commands that work on the
    service's data (`boardstate archive`, `dump`, `ratings`, `bots`): the same store, archive
    and features as the service itself; closed on exit."""
    store = open_store(settings)
    try:
        service = build_service(store, settings, metrics or Metrics())
        try:
            yield service
        finally:
            await service.close()
    finally:
        await store.close()


def matchmaking_store(store: EventStore, settings: Settings) -> RedisMatchmaking:
    """The matchmaking keys on `store`'s Redis (its client and prefix, as the outbox's)."""
    mm, client, prefix = settings.matchmaking, store.outbox.client, store.outbox.prefix
    return RedisMatchmaking(client, prefix, mm.retain * 1000, mm.match_lease_ms)


def known_players(store: EventStore) -> RedisKnownPlayers:
    """The players this service knows, on `store`'s Redis (its client and prefix)."""
    return RedisKnownPlayers(store.outbox.client, store.outbox.prefix)


def analyses_of(store: EventStore, settings: Settings) -> Analyses:
    """Finished games' analyses, bounded by the settings (`features.bots.analysis_settings`)."""
    limits = settings.analysis
    return Analyses(store, limits.concurrency, limits.playouts, limits.budget_ms)
