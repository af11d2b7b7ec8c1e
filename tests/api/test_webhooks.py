"""Webhooks (issue 19, architecture §5d) on real Redis, real service processes and a real receiver
process; signatures are checked with the Standard Webhooks library (`standardwebhooks`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from tests.api.client import Api
from tests.api.rest_client import Rest, RestError
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.webhook_support import Receiver, until
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("api-webhooks")]

ADMIN = "admin-token-for-webhook-tests"
EVENTS = ["game.created", "game.started", "turn.changed", "seat.timed_out", "game.ended"]
ENV = {
    "BOARDSTATE_ADMIN_TOKEN": ADMIN,
    "BOARDSTATE_WEBHOOKS_ALLOW_PRIVATE": "1",
    "BOARDSTATE_WEBHOOK_POLL_MS": "50",
    "BOARDSTATE_WEBHOOK_BACKOFF_MS": "100",
    "BOARDSTATE_WEBHOOK_MAX_BACKOFF_MS": "400",
    "BOARDSTATE_WEBHOOK_MAX_ATTEMPTS": "5",
    "BOARDSTATE_WEBHOOK_TIMEOUT_MS": "1000",
}
CREATE = """
mutation($p: [String]) {
  createGame(gameType: "trambahn", players: 2, seats: ["ann", "bob"], playerIds: $p) {
    ... on GameCreated { game { id } tokens { seat token } }
    ... on Rejected { code message }
  }
}"""


PATIENT = ENV | {"BOARDSTATE_WEBHOOK_MAX_ATTEMPTS": "100"}
"""For a receiver that is down until the test starts it: a fresh Python process takes seconds to
listen on a loaded machine, longer than 5 attempts (about 1 s of backoff) last."""


def replica_pair(redis_url: str, env: dict[str, str]) -> list[ServiceProcess]:
    """Two replicas on one key prefix, started side by side."""
    prefix = unique_prefix()
    return ServiceProcess.start_together(
        ServiceProcess(redis_url, prefix, env), ServiceProcess(redis_url, prefix, env)
    )


@pytest.fixture(scope="module")
def replicas(redis_server: RedisServer) -> Iterator[list[ServiceProcess]]:
    """One pair on `ENV` for the module: the tests run one after the other on one worker (the
    module's `xdist_group`), each plays its own games and `admin` deletes the endpoints a test
    registered when it ends, so no test's endpoint sees another test's games."""
    a, b = replica_pair(redis_server.url, ENV)
    yield [a, b]
    a.stop()
    b.stop()


@pytest.fixture
def patient_replicas(redis_server: RedisServer) -> Iterator[list[ServiceProcess]]:
    """A pair of its own on `PATIENT` (100 attempts per delivery)."""
    a, b = replica_pair(redis_server.url, PATIENT)
    yield [a, b]
    a.stop()
    b.stop()


@contextlib.asynccontextmanager
async def admin_of(replicas: list[ServiceProcess]) -> AsyncIterator[Rest]:
    """The admin's client on the first replica; when the test ends, every endpoint is deleted
    (the next test on a shared pair starts with none)."""
    client = Rest(replicas[0].url, ADMIN)
    try:
        yield client
    finally:
        try:
            for endpoint in await client.ok("GET", "/webhooks"):
                deleted = await client.request("DELETE", f"/webhooks/{endpoint['id']}")
                assert deleted.status_code == 204, deleted.text
        finally:
            await client.close()


@pytest.fixture
async def admin(replicas: list[ServiceProcess]) -> AsyncIterator[Rest]:
    async with admin_of(replicas) as client:
        yield client


@pytest.fixture
async def patient_admin(patient_replicas: list[ServiceProcess]) -> AsyncIterator[Rest]:
    async with admin_of(patient_replicas) as client:
        yield client


async def register(rest: Rest, url: str, **extra: Any) -> dict[str, Any]:
    made: dict[str, Any] = await rest.ok(
        "POST", "/webhooks", json={"url": url, "events": EVENTS} | extra
    )
    return made


async def play(url: str, moves: int, player_ids: list[str | None] | None = None) -> str:
    """Creates a Trambahn game (over GraphQL) and plays `moves` moves (over REST)."""
    api = Api(url)
    rest = Rest(url)
    try:
        created = (await api.gql(CREATE, p=player_ids))["createGame"]
        game_id: str = created["game"]["id"]
        tokens = {t["seat"]: t["token"] for t in created["tokens"]}
        rnd = random.Random(game_id)
        for _ in range(moves):
            seat = (await rest.game(game_id))["toAct"][0]
            move = rnd.choice(await rest.legal_moves(game_id, seat, tokens[seat]))
            assert (await rest.move(game_id, seat, move, tokens[seat])).status_code == 201
        return game_id
    finally:
        await api.close()
        await rest.close()


async def quiet(admin: Rest, webhook_id: str, statuses: set[str] | None = None) -> list[Any]:
    """Waits until the endpoint's delivery log is settled (every delivery in `statuses`,
    nothing queued) and stays so for half a second; returns the log."""
    seen: list[int] = []
    last: list[Any] = []

    async def settled() -> list[Any]:
        log: list[Any] = await admin.ok(
            "GET", f"/webhooks/{webhook_id}/deliveries", params={"first": 100}
        )
        endpoint = await admin.ok("GET", f"/webhooks/{webhook_id}")
        done = bool(log) and {d["status"] for d in log} <= (statuses or {"delivered"})
        if not done or endpoint["queued"]:
            last[:] = [
                endpoint,
                [(d["type"], d["status"], d["attempts"], d["lastError"]) for d in log],
            ]
            seen.clear()
            return []
        seen.append(len(log))
        await asyncio.sleep(0.5)
        return log if len(seen) >= 2 and seen[-1] == seen[-2] else []

    try:
        result: list[Any] = await until(settled, seconds=90, what="settled deliveries")
    except AssertionError as exc:
        raise AssertionError(f"{exc}; last seen: {last}") from None
    return result


async def last_turn_is_announced(url: str, game_id: str, messages: list[Any]) -> None:
    rest = Rest(url)
    try:
        to_act = (await rest.game(game_id))["toAct"]
    finally:
        await rest.close()
    turns = [m for _, m in messages if m["type"] == "turn.changed"]
    assert turns[-1]["data"]["toAct"] == to_act


def in_order(messages: list[tuple[str, dict[str, Any]]]) -> None:
    versions = [m["data"]["version"] for _, m in messages]
    assert versions == sorted(versions), versions


async def test_deliveries_are_signed_complete_and_in_order_on_both_doors(
    replicas: list[ServiceProcess], admin: Rest
) -> None:
    receiver = Receiver().start()
    try:
        made = await register(admin, receiver.url)
        assert made["secret"].startswith("whsec_")
        api = Api(replicas[1].url)
        listed = await api.gql("{ webhooks { id url events paused } }", ADMIN)
        assert listed["webhooks"] == [
            {"id": made["id"], "url": receiver.url, "events": EVENTS, "paused": False}
        ]
        game_id = await play(replicas[1].url, 6, ["u-ann", None])
        log = await quiet(admin, made["id"])
        messages = receiver.verified(made["secret"], game_id)
        await last_turn_is_announced(replicas[0].url, game_id, messages)
        kinds = [m["type"] for _, m in messages]
        assert kinds[:3] == ["game.created", "game.started", "turn.changed"]
        assert set(kinds) == {"game.created", "game.started", "turn.changed"}
        in_order(messages)
        assert len({i for i, _ in messages}) == len(messages)  # no duplicate here
        seats = messages[0][1]["data"]["seats"]
        assert [s["playerId"] for s in seats] == ["u-ann", None]
        assert {d["messageId"] for d in log} == {i for i, _ in messages}
        query = "query($w: ID!) { webhook(id: $w) { queued deliveries(first: 3) { status } } }"
        one = (await api.gql(query, ADMIN, w=made["id"]))["webhook"]
        assert one["queued"] == 0
        assert [d["status"] for d in one["deliveries"]] == ["delivered"] * 3
        await api.close()
    finally:
        receiver.stop()


async def test_only_the_admin_registers_and_bad_endpoints_are_refused_on_both_doors(
    replicas: list[ServiceProcess],
) -> None:
    anonymous = Rest(replicas[0].url)
    api = Api(replicas[0].url)
    try:
        with pytest.raises(RestError) as caught:
            await anonymous.ok("GET", "/webhooks")
        assert (caught.value.status, caught.value.code) == (401, "UNAUTHORIZED")
        mutation = """mutation($u: String!, $e: [String!]!) { createWebhook(url: $u, events: $e) {
          __typename ... on Rejected { code details } } }"""
        refused = await api.gql(mutation, None, u="http://example.com/x", e=["turn.changed"])
        assert refused["createWebhook"]["code"] == "UNAUTHORIZED"
        for url, events in (
            ("ftp://example.com/x", ["turn.changed"]),
            ("http://user:pw@example.com/x", ["turn.changed"]),
            ("http://example.com/x", ["turn.taken"]),
            ("http://example.com/x", []),
        ):
            answer = (await api.gql(mutation, ADMIN, u=url, e=events))["createWebhook"]
            assert answer["code"] == "BAD_WEBHOOK", (url, events)
            with pytest.raises(RestError) as caught:
                await anonymous.ok("POST", "/webhooks", ADMIN, json={"url": url, "events": events})
            assert (caught.value.status, caught.value.code) == (422, "BAD_WEBHOOK")
        with pytest.raises(RestError) as caught:
            await anonymous.ok("GET", "/webhooks/wh_nope", ADMIN)
        assert (caught.value.status, caught.value.code) == (404, "WEBHOOK_NOT_FOUND")
    finally:
        await anonymous.close()
        await api.close()


async def test_private_targets_are_refused_unless_the_operator_allows_them(
    redis_server: RedisServer,
) -> None:
    env = {"BOARDSTATE_ADMIN_TOKEN": ADMIN}
    with ServiceProcess(redis_server.url, unique_prefix(), env) as strict:
        rest = Rest(strict.url, ADMIN)
        try:
            for url in (
                "http://127.0.0.1:8080/x",
                "http://localhost/x",
                "http://169.254.169.254/latest/meta-data",
                "http://10.0.0.1/x",
                "http://[::1]/x",
                "http://[::ffff:127.0.0.1]/x",
                "http://[64:ff9b::a9fe:a9fe]/x",  # NAT64, IPv4-translated, local-use NAT64
                "http://[::ffff:0:a9fe:a9fe]/x",  # (every form: tests/adversarial/
                "http://[64:ff9b:1::a9fe:a9fe]/x",  # test_webhook_targets.py)
                "http://0.0.0.0:8080/x",
            ):
                with pytest.raises(RestError) as caught:
                    await register(rest, url)
                assert caught.value.code == "BAD_WEBHOOK", url
        finally:
            await rest.close()


async def test_a_receiver_down_for_a_while_gets_everything_in_order_once_back(
    patient_replicas: list[ServiceProcess], patient_admin: Rest
) -> None:
    replicas, admin = patient_replicas, patient_admin
    receiver = Receiver()  # not started: down
    made = await register(admin, receiver.url)
    game_id = await play(replicas[0].url, 4)

    async def failing() -> bool:
        log = await admin.ok("GET", f"/webhooks/{made['id']}/deliveries")
        return any(d["attempts"] >= 1 and d["lastError"] for d in log)

    await until(failing, what="a failed attempt")
    receiver.start()
    try:
        log = await quiet(admin, made["id"])
        messages = receiver.verified(made["secret"], game_id)
        in_order(messages)
        await last_turn_is_announced(replicas[0].url, game_id, messages)
        assert {d["messageId"] for d in log} == {i for i, _ in messages}
    finally:
        receiver.stop()


async def test_a_failing_endpoint_is_paused_its_dead_letter_resent_and_its_queue_kept(
    replicas: list[ServiceProcess], admin: Rest
) -> None:
    receiver = Receiver(status=500).start()
    try:
        made = await register(admin, receiver.url)
        game_id = await play(replicas[0].url, 2)

        async def paused() -> dict[str, Any] | None:
            found: dict[str, Any] = await admin.ok("GET", f"/webhooks/{made['id']}")
            return found if found["paused"] else None

        endpoint = await until(paused, what="the endpoint paused")
        assert "failed 5 times" in endpoint["pausedReason"]
        assert endpoint["queued"] >= 1  # the rest waits
        log = await admin.ok("GET", f"/webhooks/{made['id']}/deliveries", params={"first": 100})
        dead = [d for d in log if d["status"] == "dead"]
        assert len(dead) == 1
        assert dead[0]["attempts"] == 5
        assert dead[0]["lastStatus"] == 500
        receiver.stop()
        receiver.start(status=200)
        api = Api(replicas[1].url)
        resend = """mutation($w: ID!, $d: ID!) { resendWebhookDelivery(webhookId: $w, deliveryId: $d) {
          __typename ... on DeliveryQueued { delivery { status attempts } } } }"""
        answer = await api.gql(resend, ADMIN, w=made["id"], d=dead[0]["id"])
        assert answer["resendWebhookDelivery"]["delivery"] == {"status": "pending", "attempts": 0}
        await api.close()
        await admin.ok("PATCH", f"/webhooks/{made['id']}", json={"paused": False})
        log = await quiet(admin, made["id"])
        messages = receiver.verified(made["secret"], game_id)
        delivered = {i for i, _ in messages}
        assert dead[0]["messageId"] in delivered
        assert {d["messageId"] for d in log} <= delivered
        await last_turn_is_announced(replicas[0].url, game_id, messages)
    finally:
        receiver.stop()


async def test_redirects_are_never_followed(replicas: list[ServiceProcess], admin: Rest) -> None:
    receiver = Receiver(status=302).start()
    try:
        made = await register(admin, receiver.url, events=["game.created"])
        await play(replicas[0].url, 0)

        async def refused() -> list[Any]:
            log = await admin.ok("GET", f"/webhooks/{made['id']}/deliveries")
            return [d for d in log if d["lastError"]]

        failed = await until(refused, what="a refused redirect")
        assert "redirects are not followed" in failed[0]["lastError"]
        assert failed[0]["lastStatus"] == 302
    finally:
        receiver.stop()


async def test_a_replica_killed_mid_delivery_loses_nothing(redis_server: RedisServer) -> None:
    prefix = unique_prefix()
    receiver = Receiver(delay_s=2.5).start()
    env = ENV | {"BOARDSTATE_WEBHOOK_TIMEOUT_MS": "4000"}  # longer than the receiver's wait
    first = ServiceProcess(redis_server.url, prefix, env).start()
    second: ServiceProcess | None = None
    rest = Rest(first.url, ADMIN)
    try:
        made = await register(rest, receiver.url)
        game_id = await play(first.url, 2)
        await until(lambda: receiver.requests(), what="a delivery under way")
        os.kill(first.pid, signal.SIGKILL)  # while the receiver holds that request
        second = ServiceProcess(redis_server.url, prefix, env).start()
        admin = Rest(second.url, ADMIN)
        try:
            log = await quiet(admin, made["id"])
            messages = receiver.verified(made["secret"], game_id)
            await last_turn_is_announced(second.url, game_id, messages)
        finally:
            await admin.close()
        ids = [i for i, _ in messages]
        assert {d["messageId"] for d in log} == set(ids)  # nothing lost
        by_id: dict[str, Any] = {}
        for message_id, payload in messages:  # a duplicate is the same message, same id
            assert by_id.setdefault(message_id, payload) == payload
        assert messages[0][1]["type"] == "game.created"
    finally:
        await rest.close()
        receiver.stop()
        first.stop()
        if second is not None:
            second.stop()
