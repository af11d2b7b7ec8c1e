"""Every read of an archived game, on both doors, answers as it did while the game was in Redis
(issue 31, item 3): its keys removed, a real server reads it from the archive (a directory, and
moto's S3 server), a second server cold, and writes to it are refused as for a finished game."""

from __future__ import annotations

import random
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from boardstate.service.features.archive.reader import ArchiveReader
from boardstate.service.store import RedisEventStore, connect
from boardstate.service.store.archive.objects import LocalObjectStore, ObjectStore
from boardstate.service.store.archive.objects_s3 import S3Location, S3ObjectStore
from tests.api.client import Api
from tests.api.history import HISTORY_ENV, import_log
from tests.api.play import play
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.archive.archived_service import (
    archive_now,
    graphql_reads,
    rest_reads,
    stream_reads,
)
from tests.golden.logs import LOG_CASES
from tests.redis_support import RedisServer
from tests.s3_support import REGION, S3Server

pytestmark = pytest.mark.redis


class Place:
    """Where a module's archive is: the service's settings and the same store for the test."""

    def __init__(self, env: dict[str, str], objects: ObjectStore) -> None:
        self.env = env
        self.objects = objects


@pytest.fixture(scope="module", params=["local", "s3"])
def place(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Place]:
    if request.param == "local":
        root = tmp_path_factory.mktemp("archive")
        env = {"BOARDSTATE_ARCHIVE_STORE": str(root), **HISTORY_ENV}
        yield Place(env, LocalObjectStore(root))
        return
    server: S3Server = request.getfixturevalue("s3_server")
    bucket = server.bucket()
    credentials = {"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test"}
    env = {
        "BOARDSTATE_ARCHIVE_STORE": f"s3://{bucket}/games",
        "BOARDSTATE_ARCHIVE_S3_ENDPOINT": server.url,
        "AWS_REGION": REGION,
        **credentials,
        **HISTORY_ENV,
    }
    with pytest.MonkeyPatch.context() as patch:
        for name, value in credentials.items():
            patch.setenv(name, value)
        yield Place(env, S3ObjectStore(S3Location(bucket, "games/", server.url, REGION)))


@pytest.fixture(scope="module")
def service(redis_server: RedisServer, place: Place) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, env=place.env) as process:
        yield process


@pytest.fixture
async def store(
    redis_server: RedisServer, service: ServiceProcess
) -> AsyncIterator[RedisEventStore]:
    events = connect(redis_server.url, cluster=False, prefix=service.prefix)
    yield events
    await events.close()


async def finished_game(url: str) -> tuple[str, str, list[str]]:
    """Plays a Trambahn game to its end; returns its id, a seated player's name, the tokens."""
    player = f"ann{uuid.uuid4().hex[:8]}"
    api = Api(url)
    try:
        created = await api.create([player, "bob"], seed="archived-reads")
        assert created["__typename"] == "GameCreated", created
        game_id, tokens = created["game"]["id"], [t["token"] for t in created["tokens"]]
        await play([api], game_id, tokens, random.Random(31))
    finally:
        await api.close()
    return game_id, player, tokens


async def every_read(
    service: ServiceProcess, game_id: str, player: str, token: str
) -> dict[str, Any]:
    """Every read, by door and route: `differing` names what changed."""
    rest = await rest_reads(service.url, game_id, player, token)
    graphql = await graphql_reads(service.url, game_id, player, token)
    streams = await stream_reads(service, game_id)
    return {f"rest {k}": v for k, v in rest.items()} | {
        f"graphql {k}": v for k, v in (graphql | streams).items()
    }


def differing(now: dict[str, object], before: dict[str, object]) -> list[str]:
    """The reads that answer otherwise now (printed with both answers)."""
    names = sorted(k for k in {*now, *before} if now.get(k) != before.get(k))
    for name in names:
        print(
            name, "\nNOW   ", repr(now.get(name))[:1500], "\nBEFORE", repr(before.get(name))[:1500]
        )
    return names


async def test_every_read_of_an_archived_game_answers_as_before(
    service: ServiceProcess, store: RedisEventStore, place: Place, redis_server: RedisServer
) -> None:
    game_id, player, tokens = await finished_game(service.url)
    before = await every_read(service, game_id, player, tokens[0])
    assert before["graphql ws"]
    assert before["rest fork"][0] == 201
    assert before["graphql sse"]
    await archive_now(store, place.objects, game_id)
    warm = await every_read(service, game_id, player, tokens[0])
    assert differing(warm, before) == []
    with ServiceProcess(redis_server.url, prefix=service.prefix, env=place.env) as cold:
        assert differing(await every_read(cold, game_id, player, tokens[0]), before) == []
    assert await ArchiveReader(store, place.objects).restore(game_id)
    assert differing(await every_read(service, game_id, player, tokens[0]), before) == []


async def write_answers(url: str, game_id: str, tokens: list[str]) -> list[object]:
    """What each write to the game answers, on both doors (each seat with its own token)."""
    api, rest = Api(url), Rest(url)
    answers: list[object] = []
    try:
        for seat, token in enumerate(tokens):
            moved = await api.submit(game_id, seat, {"type": "pass"}, token)
            answers.append((moved["__typename"], moved["code"]))
            answer = await rest.move(game_id, seat, {"type": "pass"}, token)
            answers.append((answer.status_code, answer.json()["code"]))
            path = f"/games/{game_id}/seats/{seat}/resign"
            resigned = await rest.request("POST", path, token)
            answers.append((resigned.status_code, resigned.json()["code"]))
            taken = await rest.request("POST", f"/games/{game_id}/seats/{seat}/takeback", token)
            answers.append((taken.status_code, taken.json()["code"]))
        joined = await api.join(game_id, "late")
        answers.append(joined["code"])
    finally:
        await api.close()
        await rest.close()
    return answers


async def test_writes_to_an_archived_game_are_refused_as_for_a_finished_game(
    service: ServiceProcess, store: RedisEventStore, place: Place
) -> None:
    game_id, _, tokens = await finished_game(service.url)
    before = await write_answers(service.url, game_id, tokens)
    assert before[:4] == [("Rejected", "GAME_FINISHED"), *[(422, "GAME_FINISHED")] * 3]
    await archive_now(store, place.objects, game_id)
    assert await write_answers(service.url, game_id, tokens) == before
    assert not await store.client.exists(store.keys(game_id).log)  # nothing resurrected


async def test_an_archived_import_reads_as_before_and_a_second_import_finds_it(
    service: ServiceProcess, store: RedisEventStore, place: Place
) -> None:
    payload = next(c for c in LOG_CASES if c.game == "trambahn").path.read_bytes()
    first = await import_log(service.url, payload)
    assert first.status_code in (200, 201), first.text
    game_id = first.json()["gameId"]
    before = await every_read(service, game_id, "Ada", "no-such-token-0123456789")
    assert before["rest game"]["imported"] is True
    await archive_now(store, place.objects, game_id)
    after = await every_read(service, game_id, "Ada", "no-such-token-0123456789")
    assert differing(after, before) == []
    again = await import_log(service.url, payload)
    assert (again.status_code, again.json()["gameId"]) == (200, game_id)
    assert not await store.client.exists(store.keys(game_id).log)  # found in the archive


async def test_a_tampered_archived_game_is_refused_with_its_code_on_both_doors(
    service: ServiceProcess, store: RedisEventStore, place: Place
) -> None:
    game_id, _, _ = await finished_game(service.url)
    await archive_now(store, place.objects, game_id)
    entry = await ArchiveReader(store, place.objects).entry(game_id)
    assert entry is not None
    await place.objects.put(entry.name, b"\x28\xb5\x2f\xfd not a log")
    rest, api = Rest(service.url), Api(service.url)
    try:
        answer = await rest.request("GET", f"/games/{game_id}")
        assert (answer.status_code, answer.json()["code"]) == (500, "LOG_DIVERGED")
        body = await api.raw("query($g: ID!) { game(id: $g) { id } }", g=game_id)
        assert [e["extensions"]["code"] for e in body["errors"]] == ["LOG_DIVERGED"]
    finally:
        await rest.close()
        await api.close()
