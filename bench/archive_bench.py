"""The archive (issue 31): Redis bytes per game before and after archiving, and games/s.

```
.venv/bin/python -m bench.archive_bench [--games 2000] [--game trambahn] [--json]
```

Plays `--games` seeded random games offline (`event_builder.play_offline`, the logs the service
stores), stores each in a private Redis with its index row, then archives them all with
`Archiver(remove=True)` into a temporary directory. Reports Redis bytes per game (`MEMORY
USAGE` of the game's keys) in play and once archived (its index entry; the index row, kept for
lists, is the same before and after and not counted), and archive throughput in games/s against
a baseline in the same run: reading each log and writing it compressed, unverified (the ratio is
what reading back and verifying every object costs).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import zstandard

from boardstate.engine.registry import GAMES
from boardstate.service.features.archive.archiver import Archiver, Outcome
from boardstate.service.history.log_format import write_log
from boardstate.service.local.embedded_redis import EmbeddedRedis
from boardstate.service.log.event_builder import play_offline
from boardstate.service.logging import configure_logging
from boardstate.service.store import GameSummary, RedisEventStore, connect
from boardstate.service.store.archive.objects import LocalObjectStore
from boardstate.service.store.keys import GameKeys, archive_keys

NAMES = ("Ann", "Bob", "Cleo", "Dee", "Eve")


async def _bytes(store: RedisEventStore, keys: list[str]) -> int:
    return sum([int(await store.client.memory_usage(key) or 0) for key in keys])


def _game_keys(game_id: str) -> list[str]:
    keys = GameKeys.of(game_id, "bench")
    return [keys.log, keys.meta, keys.tokens, keys.moves, keys.snapshots, keys.outbox]


async def _run(url: str, games: int, game: str) -> dict[str, float]:
    store = connect(url, cluster=False, prefix="bench")
    rules = GAMES[game]
    players = rules.info.min_players
    ids = []
    for n in range(games):
        events = play_offline(rules, NAMES[:players], f"archive-bench-{n}")
        game_id = f"bench{n:06d}"
        meta = {"gameType": game, "status": "FINISHED", "createdAt": events[0].at}
        await store.create(game_id, events[0], meta, rest=events[1:])
        await store.index_put(GameSummary(game_id, game, "FINISHED", events[0].at, NAMES[:players]))
        ids.append(game_id)
    sample = ids[: min(200, games)]
    in_play = [
        await _bytes(store, list(GameKeys.of(i, "bench").append().ordered())) for i in sample
    ]
    folder = Path(tempfile.mkdtemp(prefix="archive-bench-"))
    started = time.perf_counter()
    for game_id in ids:  # the baseline: read, export, compress, write; nothing verified
        log = write_log(await store.read(game_id))
        (folder / f"{game_id}.zst").write_bytes(zstandard.ZstdCompressor(level=10).compress(log))
    baseline = games / (time.perf_counter() - started)
    archiver = Archiver(store, LocalObjectStore(folder / "archive"), timedelta(0), remove=True)
    started = time.perf_counter()
    counts = await archiver.run(datetime.now(UTC), limit=games)
    throughput = games / (time.perf_counter() - started)
    assert counts == {Outcome.ARCHIVED: games}, counts
    archived = [await _bytes(store, list(archive_keys(i, "bench"))) for i in sample]
    await store.close()
    return {
        "games": games,
        "redis_bytes_per_game_in_play": sum(in_play) / len(in_play),
        "redis_bytes_per_archived_game": sum(archived) / len(archived),
        "archive_games_per_s": throughput,
        "baseline_games_per_s": baseline,
        "archive_over_baseline": throughput / baseline,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
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
