"""The background loops of one service process, declared in one place (`service.runtime.loops`).

`background_loops` lists every loop the lifespan starts (the bot worker only with
`BOARDSTATE_BOT_WORKER`, the open-game sweeper only with `BOARDSTATE_OPEN_GAME_TTL_SECONDS`, the
archiver only with `BOARDSTATE_ARCHIVE_AFTER`);
tests/service/test_loops.py checks that no other task is running once the app has started.
What wakes each loop, and what an idle process costs in Redis commands, is in
docs/performance.md ("Background loops").
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta

from boardstate.service.composition import Service
from boardstate.service.failures import StoreUnavailable
from boardstate.service.features.archive.archive_loop import PLACE_EVERY_S, ArchiveLoop, keep_place
from boardstate.service.features.archive.archive_metrics import ArchiveMetrics
from boardstate.service.features.archive.archiver import Archiver
from boardstate.service.features.archive.retention import Retention
from boardstate.service.features.bots import bot_worker
from boardstate.service.features.lobby.expiry import OpenGameSweeper
from boardstate.service.http.edge.loop_lag import watch_loop_lag
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.loops import Loop
from boardstate.service.runtime.player_tokens import PlayerTokens
from boardstate.service.settings import Settings
from boardstate.service.store.archive.objects import ObjectStore
from boardstate.service.store.index import RedisIndex
from boardstate.service.store.redis_store import RedisEventStore

SIGNING_KEY_S = 10.0
"""How often a process checks that Redis still holds the secret it signs player tokens with."""


async def keep_signing_key(tokens: PlayerTokens, every_s: float = SIGNING_KEY_S) -> None:
    """Writes the secret this process signs player tokens with back to Redis whenever Redis lost
    it (restarted empty): replicas started since then sign and verify with the same secret, and
    the tokens issued before the loss stay valid (docs/deploy.md, "Redis restarted empty")."""
    while True:
        await asyncio.sleep(every_s)
        with contextlib.suppress(StoreUnavailable):  # Redis away: again next time
            await tokens.keep_secret()


def background_loops(
    service: Service, store: RedisEventStore, settings: Settings, metrics: Metrics
) -> list[Loop]:
    """The loops of a service process with `settings` on `store`."""
    loops = [
        Loop(
            "steward",
            "settles due games: clocks running out, stand-in turns, bot rechecks, event limits",
            "a timer at the next deadline (read after each round), this process's schedules, "
            f"at most every {service.steward.idle_s:g} s",
            service.steward.run,
        ),
        Loop(
            "relay",
            "moves announcements from the games' outboxes to the feed and the webhook queues",
            f"this process's appends with announcements; at most every {service.relay.idle_s:g} s",
            service.relay.run,
        ),
        Loop(
            "webhook-sender",
            "sends queued webhook deliveries, in order per endpoint",
            "the relay queueing a delivery, endpoint changes, the next retry's time; at most "
            f"every {service.sender.idle_s:g} s",
            service.sender.run,
        ),
        Loop(
            "player-fanout",
            "appends game announcements to the streams and game lists of their players",
            "the holder of the `players` group's lease: XREADGROUP BLOCK (15 s) on a connection "
            "of its own, renews every 15 s; the others try for the lease every 10 s",
            service.player_feeds.fanout.run,
        ),
        Loop(
            "matchmaker",
            "creates the games of matches whose replica stopped before it did; forgets expired "
            "seeks, challenges and rematch offers",
            f"a timer, every {service.matchmaker.idle_s:g} s (one script: the due matches)",
            service.matchmaker.run,
        ),
        Loop(
            "ratings",
            "applies rated games' ends from the feed to the ratings, once each",
            "this process's relay putting a game's end on the feed; reads the feed's `ratings` "
            f"group at most every {service.ratings.consumer.idle_s:g} s, reclaims every 30 s",
            service.ratings.consumer.run,
        ),
        Loop(
            "signing-key",
            "writes the service's player-token signing secret back when Redis lost it",
            f"a timer every {SIGNING_KEY_S:g} s (an HSETNX and an HGET, once this process has "
            "the secret)",
            lambda: keep_signing_key(service.players.tokens),
        ),
        Loop(
            "loop-lag",
            "measures the event loop's lag (boardstate_event_loop_lag_*)",
            "a timer (no Redis)",
            lambda: watch_loop_lag(metrics),
            required=False,
        ),
    ]
    if settings.bot_worker:
        loops.append(
            Loop(
                "bot-worker",
                "plays bot seats' turns from the bot-job stream",
                "XREADGROUP BLOCK on a connection of its own; reclaims lost jobs every "
                f"{bot_worker.RECLAIM_S:g} s",
                service.bot_worker.run,
            )
        )
    if settings.open_game_ttl_seconds > 0:
        index = RedisIndex(store.client, settings.key_prefix)
        sweeper = OpenGameSweeper(store, index, settings.open_game_ttl_seconds)
        loops.append(
            Loop(
                "open-game-sweeper",
                "drops the index rows of unstarted games whose keys expired",
                f"a timer every {sweeper.interval:g} s",
                sweeper.run,
            )
        )
    if service.archive_store is not None:
        place = service.archive_store.place
        loops.append(
            Loop(
                "archive-place",
                "records the archive store's place again when Redis lost its record",
                f"a timer every {PLACE_EVERY_S:g} s (one HGETALL)",
                lambda: keep_place(place),
            )
        )
    if settings.archive_after_seconds > 0 and service.archive_store is not None:
        loops.append(archive_loop(store, service.archive_store, settings, metrics))
    return loops


def archive_loop(
    store: RedisEventStore, objects: ObjectStore, settings: Settings, metrics: Metrics
) -> Loop:
    """The archiver's loop (`features.archive.archive_loop`) into the deployment's archive
    store `objects`, its metrics on the app's."""
    grace = timedelta(seconds=settings.archive_after_seconds)
    archiver = Archiver(
        store,
        objects,
        grace,
        settings.archive_remove,
        metrics=ArchiveMetrics(metrics.registry),
    )
    objects, days = archiver.objects, settings.archive_retention_days
    retention = Retention(store, objects, days, archiver.metrics) if days else None
    archiving = ArchiveLoop(archiver, retention=retention)
    return Loop(
        "archiver",
        "moves games ended more than BOARDSTATE_ARCHIVE_AFTER s ago to the object store",
        "a timer at the next game's due time (one ZRANGEBYSCORE and one ZRANGE a round), "
        f"at most every {archiving.idle_s:g} s",
        archiving.run,
    )
