"""An archived game answers its seat tokens as it did before it was archived (issue 37;
docs/archive.md, "Reading archived games"), and reading it leaves nothing in Redis.

Before this, the archive dropped the seats' token hashes with the game's keys: the REST event
stream and the command socket's `subscribe` refused a seat token with 401 `UNAUTHORIZED`, and so
did a rematch, while docs/archive.md said the game reads as before. Now the index entry keeps
the hashes: every door (REST SSE, the GraphQL subscription, the command socket, rematch, writes)
answers each token (and a wrong one) as before archiving, and again after a restore. And reading
a past state of an archived game wrote an 11 KB snapshot set back into Redis, never expiring;
now a snapshot is written only beside a log in Redis."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from boardstate.service.features.archive.reader import ArchiveReader
from boardstate.service.store import RedisEventStore, connect
from boardstate.service.store.archive.objects import LocalObjectStore
from boardstate.service.store.keys import archive_keys
from tests.adversarial.archive_faults import archived_game
from tests.api.client import Api, GraphQLErrors, subscription
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.socket_support import RawSocket
from tests.api.sse_client import open_stream, stream_path
from tests.archive.archived_service import archive_now
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

WRONG = "not-a-seat-token-of-this-game-0123456789"
REMATCH = """mutation($g: ID!) { rematch(gameId: $g) {
  __typename ... on Rematch { status } ... on Rejected { code } } }"""


@pytest.fixture(scope="module")
def archive_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("archive")


@pytest.fixture(scope="module")
def service(redis_server: RedisServer, archive_root: Path) -> Iterator[ServiceProcess]:
    """A server with the default limits (rate limits and budgets on) and a local archive."""
    env = {"BOARDSTATE_ARCHIVE_STORE": str(archive_root), "BOARDSTATE_RATE_LIMITS": "1"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


@pytest.fixture(scope="module")
def cold(redis_server: RedisServer, service: ServiceProcess) -> Iterator[ServiceProcess]:
    """A second server of the same games, which reads each only once it is archived (the
    first one remembers the token hashes of the games it served)."""
    with ServiceProcess(redis_server.url, service.prefix, service.extra_env) as process:
        yield process


@pytest.fixture
async def store(
    redis_server: RedisServer, service: ServiceProcess
) -> AsyncIterator[RedisEventStore]:
    events = connect(redis_server.url, cluster=False, prefix=service.prefix)
    yield events
    await events.close()


async def sse(service: ServiceProcess, game_id: str, token: str) -> Any:
    headers = {"authorization": f"Bearer {token}"}
    async with open_stream(service.url, stream_path(game_id, 0), headers) as stream:
        if stream.response.status_code != 200:
            await stream.response.aread()
            return (stream.response.status_code, stream.response.json()["code"])
        return (200, [message.event for message in await stream.rest()])


async def graphql_subscription(service: ServiceProcess, game_id: str, token: str) -> Any:
    payload = {"authorization": f"Bearer {token}"}
    async with subscription(service.ws_url, game_id, after=0, payload=payload) as events:
        try:
            return [event["type"] for event in await events.rest()]
        except GraphQLErrors as exc:
            return exc.codes


async def socket_subscribe(service: ServiceProcess, game_id: str, token: str) -> Any:
    socket_client = await RawSocket(service.port, token).open()
    try:
        answer = await socket_client.call({"type": "subscribe", "gameId": game_id, "after": 0})
        if answer["type"] != "subscribed":
            return answer.get("code")
        pushed = []
        while (push := await socket_client.next_push())["type"] == "event":
            pushed.append(push["event"]["type"])
        return (pushed, push.get("reason"))
    finally:
        await socket_client.close()


async def token_answers(service: ServiceProcess, game_id: str, tokens: list[str]) -> Any:
    """What every door answers each seat token, and a wrong one."""
    rest = Rest(service.url)
    out: dict[str, Any] = {}
    try:
        for who, token in [*enumerate(tokens), ("wrong", WRONG)]:
            out[f"sse {who}"] = await sse(service, game_id, token)
            out[f"graphql {who}"] = await graphql_subscription(service, game_id, token)
            out[f"socket {who}"] = await socket_subscribe(service, game_id, token)
            seat = 0 if who == "wrong" else who
            resign = await rest.request("POST", f"/games/{game_id}/seats/{seat}/resign", token)
            out[f"resign {who}"] = (resign.status_code, resign.json()["code"])
            legal = await rest.request("GET", f"/games/{game_id}/legal-moves?seat={seat}", token)
            out[f"legal moves {who}"] = (legal.status_code, legal.json().get("code"))
    finally:
        await rest.close()
    return out


async def finished_with_tokens(service: ServiceProcess) -> tuple[str, list[str]]:
    rest = Rest(service.url)
    try:
        game_id, tokens = await rest.new_game()
        await rest.ok("POST", f"/games/{game_id}/seats/1/resign", tokens[1])
    finally:
        await rest.close()
    return game_id, tokens


async def game_keys(store: RedisEventStore, game_id: str) -> list[bytes | str]:
    """Every key of the game's slot (its hash tag)."""
    return list(await store.client.keys(f"{store.prefix}:{{{game_id}}}:*"))


async def test_seat_tokens_of_an_archived_game_answer_as_before_on_every_door(
    service: ServiceProcess, cold: ServiceProcess, store: RedisEventStore, archive_root: Path
) -> None:
    game_id, tokens = await finished_with_tokens(service)
    before = await token_answers(service, game_id, tokens)
    assert (before["sse 0"][0], before["sse wrong"]) == (200, (401, "UNAUTHORIZED"))
    assert (before["socket 1"][1], before["socket wrong"]) == ("ended", "UNAUTHORIZED")
    assert before["resign 0"] == (422, "GAME_FINISHED")
    objects = LocalObjectStore(archive_root)
    await archive_now(store, objects, game_id)
    assert await token_answers(cold, game_id, tokens) == before
    assert await token_answers(service, game_id, tokens) == before
    assert await game_keys(store, game_id) == [archive_keys(game_id, store.prefix)[0].encode()]
    assert await ArchiveReader(store, objects).restore(game_id)
    assert await token_answers(cold, game_id, tokens) == before  # restored with its tokens


async def test_a_rematch_of_an_archived_game_takes_its_seat_tokens(
    service: ServiceProcess, cold: ServiceProcess, store: RedisEventStore, archive_root: Path
) -> None:
    game_id, tokens = await finished_with_tokens(service)
    await archive_now(store, LocalObjectStore(archive_root), game_id)
    rest, api = Rest(cold.url), Api(cold.url)
    try:
        stranger = await rest.request("POST", f"/games/{game_id}/rematch", WRONG)
        assert (stranger.status_code, stranger.json()["code"]) == (401, "UNAUTHORIZED")
        refused = await api.gql(REMATCH, WRONG, g=game_id)
        assert refused["rematch"] == {"__typename": "Rejected", "code": "UNAUTHORIZED"}
        first = await rest.ok("POST", f"/games/{game_id}/rematch", tokens[0])
        assert first["status"] == "open"
        second = await api.gql(REMATCH, tokens[1], g=game_id)
        assert second["rematch"] == {"__typename": "Rematch", "status": "created"}
    finally:
        await rest.close()
        await api.close()


async def test_reading_past_states_of_an_archived_game_writes_nothing_to_redis(
    service: ServiceProcess, store: RedisEventStore, archive_root: Path
) -> None:
    game_id, entry = await archived_game(store, LocalObjectStore(archive_root))
    rest, api = Rest(service.url), Api(service.url)
    try:
        for version in (2, 40, 90, 130, entry.version - 1, entry.version):
            for seat in ({}, {"seat": 1}):
                params = {"version": version} | seat
                await rest.ok("GET", f"/games/{game_id}/state", params=params)
            query = "query($g: ID!, $v: Int!) { game(id: $g) { state(version: $v) } }"
            await api.gql(query, g=game_id, v=version - 1)
        await rest.ok("GET", f"/games/{game_id}/events", params={"afterVersion": 100})
    finally:
        await rest.close()
        await api.close()
    assert await game_keys(store, game_id) == [archive_keys(game_id, store.prefix)[0].encode()]
