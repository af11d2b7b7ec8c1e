"""Import, fork and integrity over the API: a log moves between running services, forks keep a
verifiable history, and a store that no longer reproduces its hashes is refused."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from boardstate.service.history.log_format import read_log, write_log
from boardstate.service.history.verify import verify_log
from boardstate.service.store import StoredEvent, codec
from tests.api.client import Api
from tests.api.history import (
    ADMIN_TOKEN,
    HISTORY_ENV,
    expected_views,
    export,
    import_log,
    imported,
    states,
)
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.golden.logs import LOG_CASES
from tests.redis_support import RedisServer
from tests.service.tamper import first_index, rehashed, with_data

pytestmark = pytest.mark.redis

TRAMBAHN = next(c for c in LOG_CASES if c.game == "trambahn").path.read_bytes()
FORK = """
mutation($g: ID!, $v: Int!, $exact: Boolean! = false) {
  forkGame(gameId: $g, version: $v, exact: $exact) {
    __typename
    ... on GameCreated { tokens { seat token } game { id version status seats { name }
                         forkedFrom { gameId version } seedCommitment } }
    ... on Rejected { code message }
  }
}"""


async def test_a_finished_game_moves_from_one_running_service_to_another(
    service: ServiceProcess, api: Api, history: ServiceProcess, hapi: Api
) -> None:
    game_id, tokens = await api.new_game()
    await play([api], game_id, tokens, random.Random(8))
    payload = await export(service.url, game_id)
    copy = await imported(history.url, payload)
    fields = "status version imported seats { name } result { scores winners details }"
    original, imported_game = await api.game(game_id, fields), await hapi.game(copy, fields)
    assert original.pop("imported") is False
    assert imported_game.pop("imported") is True
    assert imported_game == original
    versions = [1, 11, 30, original["version"] // 2, original["version"]]
    for seat in (None, 0, 1):
        assert await states(hapi, copy, versions, seat) == await states(
            api, game_id, versions, seat
        )
    assert await export(history.url, copy) == payload


async def test_an_import_needs_the_admin_token_and_a_log_that_verifies_completely(
    service: ServiceProcess, api: Api, history: ServiceProcess, hapi: Api
) -> None:
    disabled = await import_log(service.url, TRAMBAHN)
    assert (disabled.status_code, disabled.json()["error"]["code"]) == (403, "IMPORT_DISABLED")
    for token in (None, "wrong-token-0123456789"):
        refused = await import_log(history.url, TRAMBAHN, token)
        assert (refused.status_code, refused.json()["error"]["code"]) == (401, "UNAUTHORIZED")
    garbage = await import_log(history.url, b"{not json\n")
    assert (garbage.status_code, garbage.json()["error"]["code"]) == (400, "BAD_LOG")
    events = read_log(TRAMBAHN)
    index = first_index(events, "DiscardsReshuffled")
    order = list(events[index].data["order"])[::-1]
    forged = write_log(rehashed(with_data(events, index, order=order)))
    tampered = await import_log(history.url, forged)
    assert (tampered.status_code, tampered.json()["error"]["code"]) == (422, "LOG_UNVERIFIED")
    assert f"event {events[index].version}" in tampered.json()["error"]["message"]
    running, tokens = await api.new_game()
    await play([api], running, tokens, random.Random(1), max_moves=3)
    unfinished = await import_log(history.url, await export(service.url, running))
    assert unfinished.status_code == 422
    assert "finished" in unfinished.json()["error"]["message"]
    packed = b"".join(msgpack.packb(e.to_export()) for e in events)
    first = await import_log(history.url, packed)
    assert first.status_code in (200, 201), first.text  # 200: the module imported it before
    again = await import_log(history.url, TRAMBAHN)  # the same log as NDJSON: the same game
    assert (again.status_code, again.headers["idempotent-replayed"]) == (200, "true")
    assert again.json() == first.json()


def boundary(events: list[StoredEvent], near: int) -> int:
    """Returns the last version <= `near` after which a new move starts."""
    return max(e.version - 1 for e in events if e.move is not None and e.version - 1 <= near)


async def test_a_fork_replays_its_source_then_plays_on_with_fresh_tokens_and_seed(
    history: ServiceProcess, hapi: Api
) -> None:
    events = read_log(TRAMBAHN)
    source = await imported(history.url, TRAMBAHN)
    at = boundary(events, len(events) - 40)
    forked = (await hapi.gql(FORK, ADMIN_TOKEN, g=source, v=at, exact=True))["forkGame"]
    assert forked["__typename"] == "GameCreated", forked
    game = forked["game"]
    assert game["forkedFrom"] == {"gameId": source, "version": at}
    assert (game["version"], game["status"]) == (at, "ACTIVE")
    assert [s["name"] for s in game["seats"]] == ["Ada", "Brian"]
    assert game["seedCommitment"] != events[0].data["seedCommitment"]
    fork_id, tokens = game["id"], [t["token"] for t in forked["tokens"]]
    versions = [1, 11, at // 2, at]
    for seat in (None, 0):
        views = await states(hapi, fork_id, versions, seat, tokens[0])
        assert views == expected_views(events, versions, seat)
    await play([hapi], fork_id, tokens, random.Random(5))
    fork_log = read_log(await export(history.url, fork_id))
    assert fork_log[1:at] != events[1:at]  # re-hashed with the fork's seed
    assert [dataclasses.replace(e, state_hash="") for e in fork_log[1:at]] == [
        dataclasses.replace(e, state_hash="") for e in events[1:at]
    ]
    assert verify_log(fork_log).complete
    again = boundary(fork_log, at + 10)
    second = (await hapi.gql(FORK, ADMIN_TOKEN, g=fork_id, v=again, exact=True))["forkGame"]
    assert second["__typename"] == "GameCreated", second
    second_tokens = [t["token"] for t in second["tokens"]]
    await play([hapi], second["game"]["id"], second_tokens, random.Random(6))
    assert verify_log(read_log(await export(history.url, second["game"]["id"]))).complete


async def test_a_fork_needs_a_finished_game_and_a_move_boundary(hapi: Api) -> None:
    events = read_log(TRAMBAHN)
    source = await imported(hapi.base_url, TRAMBAHN)
    inside = next(
        e.version
        for e, after in itertools.pairwise(events)
        if e.move is not None and after.move_id == e.move_id and after.move is None
    )
    rejected = (await hapi.gql(FORK, g=source, v=inside))["forkGame"]
    assert (rejected["__typename"], rejected["code"]) == ("Rejected", "BAD_VERSION")
    setup = (await hapi.gql(FORK, g=source, v=3))["forkGame"]
    assert setup["code"] == "BAD_VERSION"
    running, _ = await hapi.new_game()
    assert (await hapi.gql(FORK, g=running, v=11))["forkGame"]["code"] == "GAME_NOT_FINISHED"
    assert (await hapi.gql(FORK, g="nope", v=11))["forkGame"]["code"] == "GAME_NOT_FOUND"


def rewrite(
    redis_server: RedisServer, key: str, change: Callable[[StoredEvent], StoredEvent]
) -> None:
    """Rewrites a stored log in place (as a corrupted store or a tamperer would)."""
    client = redis_server.client()
    try:
        entries: Any = client.xrange(key)
        client.delete(key)
        for raw_id, fields in entries:
            event = change(codec.decode_entry(raw_id, fields))
            client.xadd(key, {codec.ENTRY_FIELD: codec.encode_event(event)}, id=raw_id)
    finally:
        client.close()


async def private_import(redis_server: RedisServer, payload: bytes) -> tuple[str, str]:
    """Imports `payload` under keys of its own (a fresh prefix); returns the prefix and the game
    id. Imports are idempotent (the same log, the same game), so a test that tampers with the
    stored game must not share it with the module's other tests."""
    with ServiceProcess(redis_server.url, env=HISTORY_ENV) as process:
        return process.prefix, await imported(process.url, payload)


async def fresh_read(redis_server: RedisServer, prefix: str, query: str) -> dict[str, Any]:
    """Runs a query on a new process (empty cache) on the same keys; returns the body and log."""
    with ServiceProcess(redis_server.url, prefix=prefix, env=HISTORY_ENV) as process:
        client = Api(process.url)
        try:
            body = await client.raw(query)
        finally:
            await client.close()
        return {"body": body, "log": process.log_tail()}


async def test_a_log_that_no_longer_reproduces_its_hashes_is_refused(
    redis_server: RedisServer,
) -> None:
    prefix, game_id = await private_import(redis_server, TRAMBAHN)
    key = f"{prefix}:{{{game_id}}}:log"

    def tampered(event: StoredEvent) -> StoredEvent:
        if event.type != "StationBuilt" or event.version < 60:
            return event
        return dataclasses.replace(event, data={**event.data, "line": 99})

    rewrite(redis_server, key, tampered)
    found = await fresh_read(redis_server, prefix, f'{{ game(id: "{game_id}") {{ id }} }}')
    assert [e["extensions"]["code"] for e in found["body"]["errors"]] == ["LOG_DIVERGED"]
    assert "log_diverged" in found["log"]


async def test_rules_a_server_does_not_have_are_never_used_to_replay(
    redis_server: RedisServer,
) -> None:
    prefix, game_id = await private_import(redis_server, TRAMBAHN)
    key = f"{prefix}:{{{game_id}}}:log"

    def older(event: StoredEvent) -> StoredEvent:
        if event.version != 1:
            return event
        return dataclasses.replace(event, data={**event.data, "rulesVersion": "0.1.0"})

    rewrite(redis_server, key, older)
    found = await fresh_read(redis_server, prefix, f'{{ game(id: "{game_id}") {{ id }} }}')
    assert [e["extensions"]["code"] for e in found["body"]["errors"]] == ["RULES_UNAVAILABLE"]
    assert "0.1.0" in found["body"]["errors"][0]["message"]


async def test_a_snapshot_that_does_not_match_the_log_is_skipped(
    redis_server: RedisServer,
) -> None:
    events = read_log(TRAMBAHN)
    expected = expected_views(events, [100], None)
    with ServiceProcess(redis_server.url, env=HISTORY_ENV) as own:
        prefix, game_id = own.prefix, await imported(own.url, TRAMBAHN)
        client_api = Api(own.url)
        try:
            assert await states(client_api, game_id, [100], None) == expected  # backfills
        finally:
            await client_api.close()
    key = f"{prefix}:{{{game_id}}}:snapshots"
    client = redis_server.client()
    try:
        found: Any = client.zrangebyscore(key, 96, 96, withscores=True)
        ((blob, score),) = found
        doc = msgpack.unpackb(blob, raw=False)
        doc["state"]["scorings"] += 1
        client.zremrangebyscore(key, 96, 96)
        client.zadd(key, {msgpack.packb(doc): score})
    finally:
        client.close()
    query = f'{{ game(id: "{game_id}") {{ state(version: 100) }} }}'
    found = await fresh_read(redis_server, prefix, query)
    assert found["body"]["data"]["game"]["state"] == expected[100]
    assert "snapshot_skipped" in found["log"]
