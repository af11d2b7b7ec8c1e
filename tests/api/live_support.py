"""Helpers of the live-stream tests: many games, many open subscriptions, the pool's gauges."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator

from tests.api.client import Api, Events, subscription


async def new_games(api: Api, count: int, concurrency: int = 8) -> list[tuple[str, list[str]]]:
    """Creates `count` two-seat games; returns their ids and tokens."""
    gate = asyncio.Semaphore(concurrency)

    async def one() -> tuple[str, list[str]]:
        async with gate:
            return await api.new_game()

    return list(await asyncio.gather(*(one() for _ in range(count))))


@contextlib.asynccontextmanager
async def streams(
    ws_url: str, games: list[tuple[str, list[str]]], *, spectators: bool = False
) -> AsyncIterator[list[Events]]:
    """Subscribes once to each game (with seat 0's token, or as a spectator) and waits until
    each has caught up with the game's setup events, so every stream is live and idle."""
    async with contextlib.AsyncExitStack() as stack:
        opened: list[Events] = []
        for chunk in range(0, len(games), 25):
            batch = games[chunk : chunk + 25]
            opened += await asyncio.gather(
                *(
                    stack.enter_async_context(
                        subscription(ws_url, g, payload=None if spectators else {"token": t[0]})
                    )
                    for g, t in batch
                )
            )
        await asyncio.gather(*(events.next(30.0) for events in opened))
        yield opened


def gauge(metrics_text: str, name: str) -> float:
    """Returns the value of an unlabelled gauge in a Prometheus text page."""
    found = re.search(rf"^{name} ([0-9.e+-]+)$", metrics_text, re.MULTILINE)
    assert found, f"no {name} in /metrics"
    return float(found.group(1))
