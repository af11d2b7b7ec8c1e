"""`boardstate bots`: a process that only plays bot seats and keeps clocks (no HTTP).

It connects to `REDIS_URL` as the service does (`service.composition.composed`), runs the
steward (timeouts, stand-ins), a bot worker of the consumer group (`features.bots.bot_worker`)
that thinks about `--workers` bot moves at once (default `BOARDSTATE_BOT_THINKERS`), and the
relay and webhook sender (so its moves' announcements go out at once), all through
`runtime.loops`, and stops on SIGINT/SIGTERM. It starts only if Redis answers (else
`STORE_UNAVAILABLE`, exit 3); an outage later is ridden out by the loops. Any number of them may
run beside the service's replicas: the consumer group gives each bot job to one worker.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import signal
from typing import Any

import structlog

from boardstate.service.cli.cli_errors import CommandFailed
from boardstate.service.cli.locate import no_service
from boardstate.service.composition import Service, composed
from boardstate.service.features.bots import bot_worker
from boardstate.service.log import time_source
from boardstate.service.runtime.loops import Loop, Loops
from boardstate.service.settings import Settings

COMMAND = "bots"
log = structlog.get_logger("boardstate.bots")


def add_command(commands: Any) -> None:
    bots = commands.add_parser(COMMAND, help="play bot seats and keep clocks (no HTTP)")
    bots.add_argument(
        "--workers",
        type=int,
        default=None,
        help="bot moves thought about at once (1 to 64; default BOARDSTATE_BOT_THINKERS)",
    )


async def _run(settings: Settings, workers: int) -> None:
    async with composed(settings) as service:
        if not await service.store.ping():  # later outages are the loops' to ride out
            url = settings.redis_url_redacted
            raise CommandFailed("STORE_UNAVAILABLE", f"Redis at {url} does not answer", 3)
        await _play(service, settings, workers)


async def _play(service: Service, settings: Settings, workers: int) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    limits = dataclasses.replace(bot_worker.BotLimits.of(settings), thinkers=workers)
    player = bot_worker.BotWorker(
        service.bot_worker.loader, service.steward, limits, service.bot_worker.memory
    )
    loops = Loops(
        [  # the relay and sender here pass on the bot moves' announcements at once
            Loop("steward", "settles due games", "next deadline", service.steward.run),
            Loop("relay", "outboxes to feed and webhooks", "own appends", service.relay.run),
            Loop("webhook-sender", "sends deliveries", "relay, retries", service.sender.run),
            Loop("bot-worker", "plays bot turns", "XREADGROUP BLOCK", player.run),
            Loop("ratings", "rated games' ends", "own relay", service.ratings.consumer.run),
        ]
    )
    loops.start()
    log.info("bots_started", workers=workers)
    try:
        await stop.wait()
    finally:
        await loops.stop()
        await service.sender.close()
        log.info("bots_stopped", moves=player.moves)


def run(settings: Settings, args: argparse.Namespace) -> int:
    """Runs `boardstate bots` until interrupted; returns the status."""
    if settings.redis_url is None:
        raise CommandFailed("BAD_SETTINGS", no_service(settings), 2)
    workers = settings.bot_thinkers if args.workers is None else args.workers
    if not 1 <= workers <= 64:
        raise CommandFailed("BAD_ARGUMENT", "--workers must be 1 to 64", 2)
    time_source.configure(settings.time_source)
    asyncio.run(_run(settings, workers))
    return 0
