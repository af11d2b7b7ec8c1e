"""A slow or hostile webhook receiver delays only itself (issue 27), on real service processes,
real Redis and real receiver processes.

The red team's receiver answered `200` and then a byte every 5 s: the sender served the
endpoints one at a time and its timeout bounded each read, not the delivery, so every endpoint
waited as long as that receiver liked. The trickling receiver here answers `HTTP/1.1 200 OK`
and then one header byte every half second, forever.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.test_webhooks import (
    ADMIN,
    ENV,
    in_order,
    last_turn_is_announced,
    play,
    quiet,
    register,
)
from tests.api.webhook_support import Receiver, until
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis


async def test_a_trickling_receiver_holds_up_no_other_endpoint_and_fails_by_the_deadline(
    redis_server: RedisServer,
) -> None:
    trickler = Receiver(trickle_s=0.5).start()
    honest = Receiver().start()
    env = ENV | {"BOARDSTATE_WEBHOOK_TIMEOUT_MS": "3000"}
    try:
        with ServiceProcess(redis_server.url, env=env) as service:  # one replica: no other
            admin = Rest(service.url, ADMIN)  # replica can step in for a blocked sender
            try:
                slow = await register(admin, trickler.url)  # first: served first before
                made = await register(admin, honest.url)
                game_id = await play(service.url, 6)
                log = await quiet(admin, made["id"])
                messages = honest.verified(made["secret"], game_id)
                in_order(messages)
                await last_turn_is_announced(service.url, game_id, messages)
                assert {d["messageId"] for d in log} == {i for i, _ in messages}
                assert trickler.requests()  # it was being trickled meanwhile
                assert trickler.connections()["most"] >= 1

                async def retried() -> list[dict[str, Any]]:
                    found: list[dict[str, Any]] = await admin.ok(
                        "GET", f"/webhooks/{slow['id']}/deliveries", params={"first": 100}
                    )
                    return [d for d in found if d["attempts"] >= 2]

                (head,) = await until(retried, seconds=90, what="the trickled delivery retried")
                assert head["type"] == "game.created"
                assert head["status"] in ("failed", "dead")
                assert head["lastStatus"] is None  # its headers never ended
                assert "delivery deadline" in head["lastError"]
                ids = [r["headers"]["webhook-id"] for r in trickler.requests()]
                assert len(ids) >= 2
                assert set(ids) == {head["messageId"]}  # its queue waits behind its head
            finally:
                await admin.close()
    finally:
        trickler.stop()
        honest.stop()


async def test_deliveries_in_flight_are_bounded_per_replica_and_one_per_endpoint(
    redis_server: RedisServer,
) -> None:
    """Two replicas with 2 places each and five trickled endpoints: four deliveries are in
    flight, one per endpoint, and the fifth endpoint waits. The deadline (60 s) is longer
    than the test looks, so no place is freed meanwhile."""
    trickler = Receiver(trickle_s=0.5).start()
    env = ENV | {"BOARDSTATE_WEBHOOK_TIMEOUT_MS": "60000", "BOARDSTATE_WEBHOOK_CONCURRENCY": "2"}
    prefix = unique_prefix()
    first, second = ServiceProcess.start_together(
        ServiceProcess(redis_server.url, prefix, env), ServiceProcess(redis_server.url, prefix, env)
    )
    admin = Rest(first.url, ADMIN)
    try:
        for n in range(5):
            await register(admin, f"{trickler.url}/{n}", events=["game.created"])
        await play(second.url, 0)
        await until(lambda: trickler.connections()["open"] >= 4, what="four places taken")
        await asyncio.sleep(3)  # a fifth connection, were there a free place, comes in ms
        state = trickler.connections()
        assert state["most"] == 4
        assert len(state["most_per_path"]) == 4
        assert set(state["most_per_path"].values()) == {1}
    finally:
        await admin.close()
        first.stop()
        second.stop()
        trickler.stop()


async def test_an_endless_answer_is_read_up_to_its_cap_and_the_delivery_counts(
    redis_server: RedisServer,
) -> None:
    """The answer body is read up to BOARDSTATE_WEBHOOK_MAX_ANSWER_BYTES, then the connection
    is closed: a 2xx answer whose body never ends delivers (long before the 60 s deadline)."""
    flood = Receiver(flood=True).start()
    env = ENV | {"BOARDSTATE_WEBHOOK_TIMEOUT_MS": "60000"}
    try:
        with ServiceProcess(redis_server.url, env=env) as service:
            admin = Rest(service.url, ADMIN)
            try:
                made = await register(admin, flood.url, events=["game.created"])
                game_id = await play(service.url, 0)
                (delivery,) = await quiet(admin, made["id"])
                assert (delivery["status"], delivery["attempts"]) == ("delivered", 1)
                ((_, payload),) = flood.verified(made["secret"], game_id)
                assert payload["type"] == "game.created"
            finally:
                await admin.close()
    finally:
        flood.stop()
