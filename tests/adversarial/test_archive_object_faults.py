"""An archived game's object, replaced under its real name by what an attacker with write access
to the archive directory (or a broken disk) could put there, on a server with the default
limits (issue 37; docs/security.md, "The archive"): a zstd bomb (1 GiB from 32 KB, its size
declared in the frame or not), an object of 200 MB, a FIFO that never answers, no object at all.

Each is answered at once on every door (REST routes, GraphQL, the command socket) with a typed
code, never a 500 of another kind and never a hang; the server's peak memory grows by less than
the documented caps; the reads are counted by outcome on `/metrics`; and once the object is
put back the game reads as before (nothing of the failed read is held)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import msgpack
import pytest

from boardstate.service.features.archive.entry import IndexEntry
from boardstate.service.store import RedisEventStore, connect
from boardstate.service.store.archive.objects import LocalObjectStore
from boardstate.service.store.keys import archive_keys
from tests.adversarial.archive_faults import (
    MIB,
    archived_game,
    bomb,
    door_answers,
    peak_rss,
    read_outcomes,
    reset_peak_rss,
)
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

GROWTH = 16 * MIB + 48 * MIB
"""The most the server's peak memory may grow while answering: the object cap (16 MiB; no
decompressed log is kept before it hashes to its name) and a margin for the requests."""


@pytest.fixture(scope="module")
def archive_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("archive")


@pytest.fixture(scope="module")
def service(redis_server: RedisServer, archive_root: Path) -> Iterator[ServiceProcess]:
    """A server with the default limits (rate limits and budgets on) and a local archive."""
    env = {"BOARDSTATE_ARCHIVE_STORE": str(archive_root), "BOARDSTATE_RATE_LIMITS": "1"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


@pytest.fixture
async def store(
    redis_server: RedisServer, service: ServiceProcess
) -> AsyncIterator[RedisEventStore]:
    events = connect(redis_server.url, cluster=False, prefix=service.prefix)
    yield events
    await events.close()


def write(data: bytes) -> Callable[[Path], None]:
    def put(path: Path) -> None:
        path.write_bytes(data)

    return put


def sparse(size: int) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        with path.open("wb") as file:
            file.truncate(size)

    return make


def fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def removed(path: Path) -> None:
    path.unlink()


def directory(path: Path) -> None:
    path.unlink()
    path.mkdir()


FAULTS: dict[str, tuple[Callable[[Path], None], str, str]] = {
    "bomb, size declared": (write(bomb(True)), "LOG_DIVERGED", "diverged"),
    "bomb, size not declared": (write(bomb(False)), "LOG_DIVERGED", "diverged"),
    "200 MB object": (sparse(200_000_000), "ARCHIVED_LOG_TOO_LARGE", "too_large"),
    "FIFO": (fifo, "STORE_UNAVAILABLE", "unavailable"),
    "directory": (directory, "STORE_UNAVAILABLE", "unavailable"),
    "missing": (removed, "ARCHIVED_LOG_MISSING", "missing"),
}


async def as_format_1(store: RedisEventStore, game_id: str, entry: IndexEntry) -> None:
    """Rewrites the game's index entry as an older version wrote it: no log length, no token
    hashes."""
    raw: dict[str, object] = msgpack.unpackb(entry.encode(), raw=False)
    old = msgpack.packb({k: v for k, v in raw.items() if k not in ("l", "k")} | {"f": 1})
    assert IndexEntry.decode(old).log_bytes is None
    await store.client.set(archive_keys(game_id, store.prefix)[0], old)


async def refused(service: ServiceProcess, game_id: str, code: str, outcome: str) -> None:
    """Every door refuses the game with `code` within the memory bound, and the read is counted
    as `outcome` (a missing object never as a diverged one)."""
    before = await read_outcomes(service)
    start = reset_peak_rss(service)
    answers = await door_answers(service, game_id)
    grown = peak_rss(service) - start
    print(f"{code}: peak RSS {start / MIB:.0f} MiB + {grown / MIB:.1f} MiB")
    assert {code for _, code in answers} == {code}, answers
    assert grown < GROWTH, f"the peak RSS grew by {grown / MIB:.0f} MiB"
    after = await read_outcomes(service)
    assert after[outcome] > before.get(outcome, 0), after
    assert after["diverged"] == before["diverged"] or outcome == "diverged", after


@pytest.mark.parametrize("fault", list(FAULTS))
async def test_a_broken_object_is_refused_typed_and_bounded_then_reads_once_repaired(
    service: ServiceProcess, store: RedisEventStore, archive_root: Path, fault: str
) -> None:
    objects = LocalObjectStore(archive_root)
    game_id, entry = await archived_game(store, objects)
    path = archive_root / entry.name
    good = path.read_bytes()  # not read by the server yet: nothing of it is cached
    install, code, outcome = FAULTS[fault]
    install(path)
    await refused(service, game_id, code, outcome)
    if path.is_dir():
        path.rmdir()
    elif path.exists() or path.is_fifo():
        path.unlink()
    path.write_bytes(good)
    assert {answer for _, answer in await door_answers(service, game_id)} == {"ok"}


async def test_a_bomb_under_an_entry_that_does_not_record_its_log_length_is_bounded(
    service: ServiceProcess, store: RedisEventStore, archive_root: Path
) -> None:
    """An entry written before the log's length was kept: the bomb inflates no further than
    the 64 MiB cap, and that is told as too large, not as a corrupt log."""
    game_id, entry = await archived_game(store, LocalObjectStore(archive_root))
    await as_format_1(store, game_id, entry)
    path = archive_root / entry.name
    good = path.read_bytes()
    path.write_bytes(bomb(True))
    await refused(service, game_id, "ARCHIVED_LOG_TOO_LARGE", "too_large")
    path.write_bytes(good)
    assert {answer for _, answer in await door_answers(service, game_id)} == {"ok"}


async def test_bombs_under_several_games_at_once_stay_within_the_bound(
    service: ServiceProcess, store: RedisEventStore, archive_root: Path
) -> None:
    """Four games at once, their entries of format 1 (each bomb is measured up to 64 MiB): the
    work is bounded, and memory does not grow with the bombs' size or their number."""
    games = []
    for _ in range(4):
        game_id, entry = await archived_game(store, LocalObjectStore(archive_root))
        await as_format_1(store, game_id, entry)
        (archive_root / entry.name).write_bytes(bomb(True))
        games.append(game_id)
    start = reset_peak_rss(service)
    answers = await asyncio.gather(*(door_answers(service, game_id) for game_id in games))
    grown = peak_rss(service) - start
    assert {code for each in answers for _, code in each} == {"ARCHIVED_LOG_TOO_LARGE"}
    assert grown < GROWTH, f"the peak RSS grew by {grown / MIB:.0f} MiB"
