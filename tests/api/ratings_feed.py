"""Waiting until the ratings consumers have handled given games' ends, read from Redis: a game
that rates nobody leaves no rating to wait for, so the tests wait for its `game.ended` on the
feed to be delivered to the `ratings` group and acknowledged."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import redis.asyncio as aioredis

from boardstate.service.store.keys import HookKeys
from boardstate.service.store.players.rating_store import GROUP


def _id(raw: Any) -> tuple[int, int]:
    text = raw.decode() if isinstance(raw, bytes) else str(raw)
    ms, seq = text.split("-")
    return int(ms), int(seq)


async def _ends(client: aioredis.Redis, feed: str, wanted: set[str]) -> dict[str, tuple[int, int]]:
    found = {}
    entries: Any = await client.xrange(feed)
    for entry, fields in entries:
        announcement = json.loads(fields[b"a"])
        game_id = (announcement.get("data") or {}).get("gameId")
        if announcement.get("type") == "game.ended" and game_id in wanted:
            found[game_id] = _id(entry)
    return found


async def _done(client: aioredis.Redis, feed: str, upto: tuple[int, int]) -> bool:
    groups = await client.xinfo_groups(feed)
    group = next((g for g in groups if g["name"] in (GROUP, GROUP.encode())), None)
    if group is None or _id(group["last-delivered-id"]) < upto:
        return False
    pending = await client.xpending_range(feed, GROUP, min="-", max="+", count=100)
    return all(_id(p["message_id"]) > upto for p in pending)


async def until_handled(redis_url: str, prefix: str, game_ids: list[str]) -> None:
    """Waits until the `ratings` group has taken and acknowledged the end of every game."""
    client = aioredis.from_url(redis_url)
    feed = HookKeys.of(prefix).feed
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ends = await _ends(client, feed, set(game_ids))
            if len(ends) == len(set(game_ids)) and await _done(client, feed, max(ends.values())):
                return
            await asyncio.sleep(0.1)
    finally:
        await client.aclose()
    raise AssertionError(f"the ratings consumers did not handle the ends of {game_ids}")
