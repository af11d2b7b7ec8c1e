"""Ratings in Redis (issue 30): per game type one slot, `RatingKeys` (`service.store.keys`).

* `players` (hash playerId -> JSON `{mu, sigma, games}`), `board` (sorted set playerId ->
  rating, the leaderboard), `applied` (hash gameId -> its place in the order games were
  applied, 1, 2, ...), `history:<playerId>` (list of JSON entries, newest first, at most
  `cap`).
* `APPLY_SCRIPT` applies one game atomically: nothing when the game is in `applied` already
  (each game once); nothing when a player's stored rating is no longer the one the update was
  computed from (an optimistic check: another replica applied a game of that player first; the
  caller computes again); else every player's rating, place on the board and history entry, and
  the game's place in the order.
* `REPLACE_SCRIPT` swaps a game type's whole state for a rebuilt one, unless a game was applied
  meanwhile (`boardstate ratings rebuild`).
* The feed consumer group `ratings` (`GROUP`) hands each feed entry to one consumer
  (`XREADGROUP`, `XAUTOCLAIM` for entries a dead consumer left, `XACK`).
"""

from __future__ import annotations

from typing import Any

from redis import exceptions as rex
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.keys import HookKeys, RatingKeys
from boardstate.service.store.redis_errors import translated

GROUP = "ratings"
Client = Redis | RedisCluster

APPLY_SCRIPT = """
-- KEYS: 1 players, 2 board, 3 applied, then one history list per player
-- ARGV: 1 game id, 2 n players, 3 history cap, then per player: id, the stored rating it was
--       computed from ('' = none), new rating, board score, history entry
if redis.call('HEXISTS', KEYS[3], ARGV[1]) == 1 then return 0 end
local n = tonumber(ARGV[2])
for i = 0, n - 1 do
  local stored = redis.call('HGET', KEYS[1], ARGV[4 + 5 * i])
  if (stored or '') ~= ARGV[5 + 5 * i] then return -1 end
end
local place = redis.call('HLEN', KEYS[3]) + 1
redis.call('HSET', KEYS[3], ARGV[1], place)
for i = 0, n - 1 do
  local player = ARGV[4 + 5 * i]
  redis.call('HSET', KEYS[1], player, ARGV[6 + 5 * i])
  redis.call('ZADD', KEYS[2], ARGV[7 + 5 * i], player)
  redis.call('LPUSH', KEYS[4 + i], ARGV[8 + 5 * i])
  redis.call('LTRIM', KEYS[4 + i], 0, tonumber(ARGV[3]) - 1)
end
return place
"""

REPLACE_SCRIPT = """
-- KEYS: 1 players, 2 board, 3 applied, then the history list of every player old or new
-- ARGV: 1 the applied count the rebuild read, 2 n games, 3 n players, then n game id / place
--       pairs, then per player: its history key's index in KEYS, id, rating, score, k entries,
--       k, the entries oldest first
if redis.call('HLEN', KEYS[3]) ~= tonumber(ARGV[1]) then return 0 end
for i = 1, #KEYS do redis.call('DEL', KEYS[i]) end
local at = 4
for _ = 1, tonumber(ARGV[2]) do
  redis.call('HSET', KEYS[3], ARGV[at], ARGV[at + 1])
  at = at + 2
end
for _ = 1, tonumber(ARGV[3]) do
  local list, player = KEYS[tonumber(ARGV[at])], ARGV[at + 1]
  redis.call('HSET', KEYS[1], player, ARGV[at + 2])
  redis.call('ZADD', KEYS[2], ARGV[at + 3], player)
  local k = tonumber(ARGV[at + 4])
  for j = 1, k do redis.call('LPUSH', list, ARGV[at + 4 + j]) end
  at = at + 5 + k
end
return 1
"""


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class RedisRatings:
    """Ratings, leaderboards and histories per game type, and the feed's `ratings` group."""

    def __init__(self, client: Client, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self.feed = HookKeys.of(prefix).feed
        self._apply = client.register_script(APPLY_SCRIPT)
        self._replace = client.register_script(REPLACE_SCRIPT)
        self._group_ready = False

    def keys(self, game_type: str) -> RatingKeys:
        return RatingKeys.of(game_type, self.prefix)

    async def stored(self, game_type: str, players: list[str]) -> list[bytes | None]:
        """The stored ratings (JSON) of `players` in `game_type`, None for none."""
        async with translated("ratings"):
            found: Any = await self.client.hmget(self.keys(game_type).players, players)
        return list(found)

    async def apply(
        self,
        game_type: str,
        game_id: str,
        cap: int,
        rows: list[tuple[str, bytes, bytes, float, bytes]],
    ) -> int:
        """Applies one game: rows of (player, the stored rating it was computed from (b''
        for none), new rating, board score, history entry). Returns the game's place in the
        order (> 0), 0 when it was applied before, -1 when a stored rating changed meanwhile."""
        keys = self.keys(game_type)
        args: list[Any] = [game_id, len(rows), cap]
        for player, before, after, score, entry in rows:
            args += [player, before, after, repr(score), entry]
        lists = [keys.history(player) for player, *_ in rows]
        async with translated(f"ratings {game_id}"):
            place = await self._apply(
                keys=[keys.players, keys.board, keys.applied, *lists], args=args
            )
        return int(place)

    async def snapshot(self, game_type: str) -> tuple[dict[str, bytes], dict[str, int]]:
        """Every player's stored rating and every applied game's place, of one game type."""
        keys = self.keys(game_type)
        players: Any = await self.client.hgetall(keys.players)
        applied: Any = await self.client.hgetall(keys.applied)
        return (
            {_text(p): bytes(r) for p, r in players.items()},
            {_text(g): int(n) for g, n in applied.items()},
        )

    async def history(self, game_type: str, player: str, start: int, count: int) -> list[bytes]:
        """Entries `start`..`start + count - 1` of a player's history (newest first)."""
        if count <= 0:
            return []
        async with translated("ratings"):
            found: Any = await self.client.lrange(
                self.keys(game_type).history(player), start, start + count - 1
            )
        return [bytes(e) for e in found]

    async def history_length(self, game_type: str, player: str) -> int:
        async with translated("ratings"):
            return int(await self.client.llen(self.keys(game_type).history(player)))

    async def rank(self, game_type: str, player: str) -> int | None:
        """The player's place on the leaderboard (1 = best), None when not on it."""
        async with translated("ratings"):
            found: Any = await self.client.zrevrank(self.keys(game_type).board, player)
        return None if found is None else int(found) + 1

    async def board(self, game_type: str, start: int, count: int) -> tuple[list[str], int]:
        """Players `start`.. of the leaderboard (best first, ties by id), and how many."""
        key = self.keys(game_type).board
        async with translated("ratings"):
            total = int(await self.client.zcard(key))
            found: Any = await self.client.zrevrange(key, start, start + count - 1) if count else []
        return [_text(p) for p in found], total

    async def replace(
        self,
        game_type: str,
        read_applied: int,
        applied: dict[str, int],
        players: dict[str, tuple[bytes, float, list[bytes]]],
        old_players: list[str],
    ) -> bool:
        """Replaces a game type's ratings with rebuilt ones (player -> rating, score, history
        oldest first); False when a game was applied since `read_applied` was counted."""
        keys = self.keys(game_type)
        every = sorted(set(old_players) | set(players))
        lists = {p: 4 + i for i, p in enumerate(every)}
        args: list[Any] = [read_applied, len(applied), len(players)]
        for game_id, place in applied.items():
            args += [game_id, place]
        for player, (rating, score, entries) in players.items():
            args += [lists[player], player, rating, repr(score), len(entries), *entries]
        history = [keys.history(p) for p in every]
        done = await self._replace(
            keys=[keys.players, keys.board, keys.applied, *history], args=args
        )
        return bool(done)

    async def _group(self) -> None:
        if self._group_ready:
            return
        try:
            await self.client.xgroup_create(self.feed, GROUP, id="0", mkstream=True)
        except rex.ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise
        self._group_ready = True

    async def take(self, consumer: str, count: int) -> list[tuple[str, bytes]]:
        """New feed entries for `consumer` (entry id, announcement JSON), without waiting."""
        streams: Any = {self.feed: ">"}
        async with translated("ratings feed"):
            await self._group()
            found: Any = await self.client.xreadgroup(GROUP, consumer, streams, count=count)
        return [(_text(e), bytes(f[b"a"])) for _, entries in found or [] for e, f in entries if f]

    async def reclaim(self, consumer: str, idle_ms: int, count: int) -> list[tuple[str, bytes]]:
        """Entries another consumer took more than `idle_ms` ago and never acknowledged."""
        async with translated("ratings feed"):
            await self._group()
            answer: Any = await self.client.xautoclaim(
                self.feed, GROUP, consumer, idle_ms, start_id="0-0", count=count
            )
        entries = answer[1] if answer else []
        return [(_text(e), bytes(f[b"a"])) for e, f in entries if f]

    async def forget_idle(self, idle_ms: int, keep: str) -> int:
        """Removes consumers (but `keep`) idle for `idle_ms` with nothing pending: those of
        stopped processes, each named once (`XGROUP DELCONSUMER`); returns how many."""
        async with translated("ratings feed"):
            await self._group()
            found: Any = await self.client.xinfo_consumers(self.feed, GROUP)
            gone = [
                _text(c["name"])
                for c in found
                if int(c["pending"]) == 0 and int(c["idle"]) >= idle_ms and _text(c["name"]) != keep
            ]
            for name in gone:
                await self.client.xgroup_delconsumer(self.feed, GROUP, name)
        return len(gone)

    async def done(self, entries: list[str]) -> None:
        """Acknowledges feed entries (the feed itself keeps them: other readers follow it)."""
        if entries:
            async with translated("ratings feed"):
                await self.client.xack(self.feed, GROUP, *entries)
