"""The cross-game index behind `games(...)` (architecture §4), on Redis.

Its keys share the hash tag `{index}` (see `service.store.keys`), so one small script updates a
row and its sorted sets together. It cannot share a game's slot, so it is written after the
game's append, may lag it briefly, and can be rebuilt from the logs.

Order: newest first by `createdAt`, ties by game id (both descending). The paging cursor is the
game id of the last row seen. Every filter combination (type, status, player name) has its own
sorted set, so a page costs the same however many games the index holds. A row put with an
ended status also queues its game for the archiver (`player_keys.archive_due_key`).
"""

from __future__ import annotations

import time

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store import codec
from boardstate.service.store.base import GameSummary
from boardstate.service.store.keys import IndexKeys, index_member
from boardstate.service.store.players.player_keys import archive_due_key

PUT_SCRIPT = """
-- KEYS: 1 rows, 2..n+1 the sets of the new row, then the sets of the old row (or none)
-- ARGV: 1 game id, 2 expected old row ('' = none), 3 new row, 4 old member, 5 new member, 6 n
local old = redis.call('HGET', KEYS[1], ARGV[1])
if (old or '') ~= ARGV[2] then return 0 end
local n = tonumber(ARGV[6])
if old then
  for i = n + 2, #KEYS do redis.call('ZREM', KEYS[i], ARGV[4]) end
end
for i = 2, n + 1 do redis.call('ZADD', KEYS[i], 0, ARGV[5]) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1
"""
PUT_ATTEMPTS = 10
ENDED = ("FINISHED", "ABANDONED")
"""Statuses that queue a game for the archiver (`archive_due_key`, written once: `NX`)."""
DROP_SCRIPT = """
-- KEYS: 1 rows, 2..n the sets of the row; ARGV: 1 game id, 2 the row as read, 3 its member
local row = redis.call('HGET', KEYS[1], ARGV[1])
if row ~= ARGV[2] then return 0 end
for i = 2, #KEYS do redis.call('ZREM', KEYS[i], ARGV[3]) end
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
"""


class InvalidCursor(ValueError):
    """An index cursor names no game of the index."""


class IndexContended(RuntimeError):
    """A row kept changing while it was being written."""


class RedisIndex:
    """Rows by game id plus one sorted set per filter combination."""

    def __init__(self, client: Redis | RedisCluster, prefix: str) -> None:
        self.client = client
        self.keys = IndexKeys(prefix)
        self._put = client.register_script(PUT_SCRIPT)
        self._drop = client.register_script(DROP_SCRIPT)

    async def put(self, summary: GameSummary) -> None:
        """Writes or replaces a game's row, moving it between the filter sets."""
        if "|" in summary.created_at:
            raise ValueError(f"createdAt {summary.created_at!r} contains '|'")
        new_row = codec.encode_summary(summary)
        new_sets = self.keys.sets_of(summary.game_type, summary.status, summary.players)
        new_member = index_member(summary.created_at, summary.game_id)
        for _ in range(PUT_ATTEMPTS):
            old_raw = await self.client.hget(self.keys.rows, summary.game_id)
            old_row = None if old_raw is None else codec.as_bytes(old_raw)
            old_sets: list[str] = []
            old_member = new_member
            if old_row is not None:
                old = codec.decode_summary(summary.game_id, old_row)
                old_sets = self.keys.sets_of(old.game_type, old.status, old.players)
                old_member = index_member(old.created_at, old.game_id)
            done = await self._put(
                keys=[self.keys.rows, *new_sets, *old_sets],
                args=[
                    summary.game_id,
                    old_row or b"",
                    new_row,
                    old_member,
                    new_member,
                    len(new_sets),
                ],
            )
            if done:
                if summary.status in ENDED:
                    due = archive_due_key(self.keys.prefix)
                    await self.client.zadd(due, {summary.game_id: time.time()}, nx=True)
                return
        raise IndexContended(f"index row {summary.game_id!r} kept changing")

    async def page(
        self,
        after: str | None,
        limit: int,
        game_type: str | None,
        status: str | None,
        player: str | None = None,
    ) -> tuple[list[GameSummary], int]:
        """Returns up to `limit` rows after the cursor, newest first, and the filtered total
        (`player` matches a seated player's name, case-insensitively)."""
        ordered = self.keys.ordered(game_type, status, player)
        high = "+"
        if after is not None:
            cursor_row = await self.client.hget(self.keys.rows, after)
            if cursor_row is None:
                raise InvalidCursor(f"unknown cursor {after[:50]!r}")
            row = codec.decode_summary(after, codec.as_bytes(cursor_row))
            high = "(" + index_member(row.created_at, after)
        total = int(await self.client.zcard(ordered))
        if limit <= 0:
            return [], total
        members = await self.client.zrevrangebylex(ordered, high, "-", start=0, num=limit)
        ids = [codec.as_text(member).partition("|")[2] for member in members]
        if not ids:
            return [], total
        rows = await self.client.hmget(self.keys.rows, ids)
        found = [(game_id, raw) for game_id, raw in zip(ids, rows, strict=True) if raw is not None]
        return [codec.decode_summary(game_id, codec.as_bytes(raw)) for game_id, raw in found], total

    async def open_before(self, after: str | None, cutoff: str, limit: int) -> list[str]:
        """Returns index members (`<createdAt>|<gameId>`) of OPEN games created before
        `cutoff` (ISO time), oldest first, after the member `after`."""
        low = "-" if after is None else "(" + after
        members = await self.client.zrangebylex(
            self.keys.ordered(None, "OPEN"), low, "(" + cutoff, start=0, num=limit
        )
        return [codec.as_text(member) for member in members]

    async def drop(self, game_id: str) -> bool:
        """Removes a game's row and its place in every filter set (a deleted game)."""
        raw = await self.client.hget(self.keys.rows, game_id)
        if raw is None:
            return False
        row = codec.decode_summary(game_id, codec.as_bytes(raw))
        sets = self.keys.sets_of(row.game_type, row.status, row.players)
        member = index_member(row.created_at, game_id)
        done = await self._drop(keys=[self.keys.rows, *sets], args=[game_id, raw, member])
        return bool(done)
