"""Reads of archived games against games in Redis (issue 31, item 3): latency and its ratio.

```
.venv/bin/python -m bench.archive_reads [--games 40] [--game trambahn] [--json]
```

Plays `2 × --games` seeded random games offline (`event_builder.play_offline`), stores them in a
private Redis with their index rows, and archives half of them with their keys removed
(`Archiver(remove=True)`, a temporary directory). One read is what a client opening a finished
game asks: the game, its spectator state at half its length and its first page of 50 events,
through the service object the doors call (`build_service`: loader, store, archive fall-through;
HTTP adds the same to both). Each read is timed per game, median over the games, in four cases:
cold (a service just built, nothing cached) and warm (the same game read again) for games in
Redis and for archived ones; warm archived reads are served by the archive's cache
(`BOARDSTATE_ARCHIVE_CACHE_BYTES`) and the loader's. The ratios are archived over Redis.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from boardstate.engine.registry import GAMES
from boardstate.service.composition import Service, build_service
from boardstate.service.features.archive.archiver import Archiver, Outcome
from boardstate.service.local.embedded_redis import EmbeddedRedis
from boardstate.service.log.event_builder import play_offline
from boardstate.service.logging import configure_logging
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import GameSummary, RedisEventStore, connect
from boardstate.service.store.archive.objects import LocalObjectStore

NAMES = ("Ann", "Bob", "Cleo", "Dee", "Eve")
PREFIX = "reads"


async def _stored(store: RedisEventStore, game: str, count: int) -> list[str]:
    rules = GAMES[game]
    players = NAMES[: rules.info.min_players]
    ids = []
    for n in range(count):
        events = play_offline(rules, players, f"archive-reads-{n}")
        game_id = f"reads{n:06d}"
        meta = {"gameType": game, "status": "FINISHED", "createdAt": events[0].at}
        meta["seed"] = str(events[-1].data["seed"])
        assert await store.create(game_id, events[0], meta, rest=events[1:])
        await store.index_put(GameSummary(game_id, game, "FINISHED", events[0].at, players))
        ids.append(game_id)
    return ids


async def _read(service: Service, game_id: str) -> float:
    """Seconds one read of the game takes (the game, a past state, an events page)."""
    started = time.perf_counter()
    view = await service.games.game(game_id)
    assert view is not None, game_id
    await service.games.state(view, None, view.version // 2, None)
    events = await service.games.events(view, 0, 50, None, None)
    assert len(events) == 50
    return time.perf_counter() - started


async def _timed(url: str, settings: Settings, ids: list[str]) -> tuple[float, float]:
    """Median ms of a cold read (a fresh service) and a warm one (read again)."""
    store = connect(url, cluster=False, prefix=PREFIX)
    service = build_service(store, settings, Metrics())
    try:
        cold = [await _read(service, game_id) for game_id in ids]
        warm = [await _read(service, game_id) for game_id in ids]
    finally:
        await service.close()
        await store.close()
    return statistics.median(cold) * 1000, statistics.median(warm) * 1000


async def _run(url: str, games: int, game: str) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="archive-reads-"))
    settings = dataclasses.replace(Settings(), archive_store=str(folder))
    store = connect(url, cluster=False, prefix=PREFIX)
    try:
        ids = await _stored(store, game, 2 * games)
        in_redis, archived = ids[:games], ids[games:]
        archiver = Archiver(store, LocalObjectStore(folder), timedelta(0), remove=True)
        now = datetime.now(UTC) + timedelta(days=1)
        for game_id in archived:
            assert await archiver.archive(game_id, now) is Outcome.ARCHIVED
            assert not await store.client.exists(store.keys(game_id).log)
    finally:
        await store.close()
    redis_cold, redis_warm = await _timed(url, settings, in_redis)
    archived_cold, archived_warm = await _timed(url, settings, archived)
    return {
        "games": games,
        "redis_cold_ms": redis_cold,
        "redis_warm_ms": redis_warm,
        "archived_cold_ms": archived_cold,
        "archived_cached_ms": archived_warm,
        "cold_ratio": archived_cold / redis_cold,
        "cached_ratio": archived_warm / redis_warm,
        "archived_cold_over_redis_warm": archived_cold / redis_warm,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", default="trambahn", choices=sorted(GAMES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    configure_logging("ERROR", "console")
    with tempfile.TemporaryDirectory() as data, EmbeddedRedis(Path(data)) as redis:
        figures = asyncio.run(_run(redis.url, args.games, args.game))
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:32} {value:,.2f}")


if __name__ == "__main__":
    main()
