"""Players' streams on a real Redis server and a real Redis Cluster (issue 30, architecture §5e).

* one announcement is appended to a player's stream once, however often it is handled (two
  fan-outs on one group, a repeat after a crash);
* only the lease holder reads the group; a new holder takes over what the last left pending;
* the stream is capped, the game list keeps the newest announcement of each game;
* a waiting reader hears a new entry; every key of one player shares one slot.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from redis.crc import key_slot

from boardstate.service.features.players.fanout import FanOut, Inbox
from boardstate.service.features.players.inbox_events import player_events
from boardstate.service.features.players.inbox_hub import InboxHub
from boardstate.service.store import RedisEventStore
from boardstate.service.store.dedicated import dedicated
from boardstate.service.store.players.inbox_store import INBOX_MAXLEN, RedisInbox
from boardstate.service.store.players.player_keys import InboxKeys
from boardstate.service.store.work.feed_group import FeedGroup


def announcement(kind: str, version: int, to_act: list[int], **extra: Any) -> dict[str, Any]:
    seats = [
        {"seat": 0, "name": "a", "playerId": "ann"},
        {"seat": 1, "name": "b", "playerId": "bob"},
    ]
    data = {"gameId": "g-1", "gameType": "trambahn", "version": version, "status": "ACTIVE"}
    data |= {"toAct": to_act, "seats": seats, **extra}
    return {
        "id": f"msg_g-1_{version}_0",
        "type": kind,
        "timestamp": "2026-12-04T00:00:00.000Z",
        "data": data,
    }


def inbox_of(store: RedisEventStore, blocking: bool = False) -> RedisInbox:
    client = store.client
    return RedisInbox(client, store.prefix, dedicated(client, 2) if blocking else None, 500)


def test_each_player_hears_only_about_its_own_seats() -> None:
    turn = player_events(announcement("turn.changed", 5, [1], deadlines=[]))
    assert [(e.player_id, e.kind, e.data["toAct"]) for e in turn] == [("bob", "turn", [1])]
    ended = announcement("game.ended", 9, [], winners=[0], scores=[3, 1])
    assert {e.player_id: e.data["seats"] for e in player_events(ended)} == {"ann": [0], "bob": [1]}
    asked = announcement("takeback.requested", 6, [0], seat=0, toVersion=4)
    assert [e.player_id for e in player_events(asked)] == ["bob"]


async def test_an_announcement_reaches_a_player_once_however_often_it_is_handled(
    redis_store: RedisEventStore,
) -> None:
    inbox = inbox_of(redis_store)
    raw = json.dumps(announcement("turn.changed", 5, [0, 1], deadlines=[])).encode()
    first = FanOut(inbox, FeedGroup(redis_store.client, redis_store.prefix, "players"))
    second = FanOut(inbox, FeedGroup(redis_store.client, redis_store.prefix, "players"))
    await asyncio.gather(first.handle(raw), second.handle(raw), first.handle(raw))
    for player in ("ann", "bob"):
        entries = await inbox.read(player, "0", 100)
        assert [(kind, data["version"]) for _, kind, data, _ in entries] == [("turn", 5)]
    assert first.delivered + second.delivered == 2


async def test_only_the_lease_holder_reads_and_a_new_one_takes_over_what_was_left(
    redis_store: RedisEventStore,
) -> None:
    client, prefix = redis_store.client, redis_store.prefix
    groups = [FeedGroup(client, prefix, "players") for _ in range(2)]
    assert await groups[0].hold("one", 300)
    assert not await groups[1].hold("two", 300)
    feed = groups[0].feed
    await client.xadd(feed, {"a": b"{}"})
    taken = await groups[0].take("one", 10, None)  # "one" takes it, then dies
    assert len(taken) == 1
    await asyncio.sleep(0.5)
    assert await groups[1].hold("two", 300)
    assert [e for e, _ in await groups[1].reclaim("two", 0, 10)] == [taken[0][0]]


async def test_the_stream_is_capped_and_the_game_list_keeps_the_newest(
    redis_store: RedisEventStore,
) -> None:
    inbox = inbox_of(redis_store)
    publish = Inbox(inbox).publish
    for n in range(INBOX_MAXLEN + 300):
        await publish("cap", "challenge", {"n": n})
    length = await redis_store.client.xlen(inbox.keys("cap").inbox)
    assert INBOX_MAXLEN <= length < INBOX_MAXLEN + 300
    await inbox.note_game("cap", "g", {"gameType": "t", "status": "FINISHED", "version": 9}, 1)
    await inbox.note_game("cap", "g", {"gameType": "t", "status": "ACTIVE", "version": 4}, 2)
    assert await inbox.games("cap") == [
        ("g", 1, {"gameType": "t", "status": "FINISHED", "version": 9})
    ]


async def test_a_waiting_reader_hears_a_new_entry(redis_store: RedisEventStore) -> None:
    await hears_a_new_entry(redis_store)


async def test_a_waiting_reader_hears_a_new_entry_in_a_cluster(
    cluster_store: RedisEventStore,
) -> None:
    await hears_a_new_entry(cluster_store)


async def hears_a_new_entry(store: RedisEventStore) -> None:
    inbox = inbox_of(store, blocking=True)
    hub = InboxHub(inbox, block_ms=500)
    try:
        followed = hub.follow("kim", "0")
        waiting = asyncio.ensure_future(anext(followed))
        await asyncio.sleep(0.2)
        await Inbox(inbox).publish("kim", "seek.matched", {"gameId": "g-2"})
        entry = await asyncio.wait_for(waiting, 10)
        assert (entry[1], entry[2]) == ("seek.matched", {"gameId": "g-2"})
        await followed.aclose()
    finally:
        await hub.close()
        await inbox.close()


def test_every_key_of_one_player_shares_one_slot() -> None:
    for player in ("ann", "a{b}", "ünï", "9" * 64):
        keys = InboxKeys.of(player, "p")
        names = [keys.inbox, keys.seen, keys.games, keys.rows]
        assert len({key_slot(name.encode()) for name in names}) == 1
    assert InboxKeys.of("ann").inbox.startswith("bs:{player:")
