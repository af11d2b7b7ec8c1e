"""`boardstate bots`: a process that only plays bot seats and keeps clocks (no HTTP).

It connects to `REDIS_URL` like the service, runs the steward (timeouts, stand-ins) and
`--workers` bot workers of the consumer group (`service.games.bot_worker`), and stops on
SIGINT/SIGTERM. Any number of them may run beside the service's replicas: the consumer group
gives each bot job to one worker.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
from typing import Any

import structlog

from boardstate.service.games import bot_worker, steward
from boardstate.service.games.game_service import GameService
from boardstate.service.log import time_source
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import connect

COMMAND = "bots"
log = structlog.get_logger("boardstate.bots")


def add_command(commands: Any) -> None:
    bots = commands.add_parser(COMMAND, help="play bot seats and keep clocks (no HTTP)")
    bots.add_argument("--workers", type=int, default=1, help="bot workers (1 to 16; default 1)")


async def _run(settings: Settings, workers: int) -> None:
    assert settings.redis_url is not None
    store = connect(settings.redis_url, settings.redis_cluster, prefix=settings.key_prefix)
    service = GameService(store, settings, Metrics())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    players = [bot_worker.BotWorker(service.loader, service.steward) for _ in range(workers)]
    tasks = [steward.start(service.steward), *(bot_worker.start(p) for p in players)]
    log.info("bots_started", workers=workers)
    try:
        await stop.wait()
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await store.close()
        log.info("bots_stopped", moves=sum(p.moves for p in players))


def run(settings: Settings, args: argparse.Namespace) -> int:
    """Runs `boardstate bots` until interrupted; returns the status."""
    if settings.redis_url is None:
        print("boardstate bots: set REDIS_URL (the service's Redis)")
        return 2
    if not 1 <= args.workers <= 16:
        print("boardstate bots: --workers must be 1 to 16")
        return 2
    time_source.configure(settings.time_source)
    asyncio.run(_run(settings, args.workers))
    return 0
