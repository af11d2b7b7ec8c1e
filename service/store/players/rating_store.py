"""Ratings in Redis (issue 30): per game type one slot, `RatingKeys` (`service.store.keys`).

* `players` (hash playerId -> JSON `{mu, sigma, games}`), `board` (sorted set playerId ->
  rating, the leaderboard: players whose rating is not provisional), `applied` (hash gameId ->
  its place in the order games were applied, 1, 2, ..., held games too), `pairs` (hash
  `["<a>","<b>"]` -> JSON list of the end times (ms) of that pair's counted games, the last 48
  hours of game time: `features.ratings.pairs`), `history:<playerId>` (list of JSON entries,
  newest first, at most `cap`).
* `APPLY_SCRIPT` (`service.store.players.rating_scripts`) applies one game atomically: nothing when
  the game is in `applied` already (each game once); nothing when a player's stored rating or a
  pair's stored record is no longer the one the update was computed from (an optimistic check:
  another replica applied a game of that player or pair first; the caller computes again); else
  the game's place in the order and, unless the pair bound holds it, every player's rating,
  place on the board (or none while provisional) and history entry, and its pairs' records.
* `REPLACE_SCRIPT` swaps a game type's whole state for a rebuilt one, unless a game was applied
  meanwhile (`boardstate ratings rebuild`).
* The feed consumer group `ratings` (`GROUP`) hands each feed entry to one consumer
  (`XREADGROUP`, `XAUTOCLAIM` for entries a dead consumer left, `XACK`); made again when Redis
  lost it (`service.store.consumer_group`).
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.consumer_group import ConsumerGroup
from boardstate.service.store.keys import HookKeys, RatingKeys
from boardstate.service.store.players.rating_scripts import (
    APPLY_SCRIPT,
    REPLACE_SCRIPT,
    PairWrite,
    PlayerRow,
    RebuiltPlayer,
)
from boardstate.service.store.redis_errors import translated

GROUP = "ratings"
Client = Redis | RedisCluster


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
        self.group = ConsumerGroup(client, self.feed, GROUP)

    def keys(self, game_type: str) -> RatingKeys:
        return RatingKeys.of(game_type, self.prefix)

    async def stored(self, game_type: str, players: list[str]) -> list[bytes | None]:
        """The stored ratings (JSON) of `players` in `game_type`, None for none."""
        async with translated("ratings"):
            found: Any = await self.client.hmget(self.keys(game_type).players, players)
        return list(found)

    async def rated(self, game_type: str) -> bool:
        """Whether any player has a stored rating in `game_type`."""
        async with translated("ratings"):
            return int(await self.client.hlen(self.keys(game_type).players)) > 0

    async def apply(
        self,
        game_type: str,
        game_id: str,
        cap: int,
        rows: list[PlayerRow],
        pairs: list[PairWrite],
    ) -> int:
        """Applies one game: its players' rows (none when the game is held) and its pairs'.
        Returns the game's place in the order (> 0), 0 when it was applied before, -1 when a
        stored rating or pair record changed meanwhile."""
        keys = self.keys(game_type)
        held = any(after is None for _, _, after in pairs) or not rows
        args: list[Any] = [game_id, len(rows), cap, len(pairs), "1" if held else "0"]
        for field, before, after in pairs:
            args += [field, before, after or b""]
        for player, before, after, score, entry, ranked in rows:
            args += [player, before, after, repr(score), entry, "1" if ranked else "0"]
        lists = [keys.history(player) for player, *_ in rows]
        async with translated(f"ratings {game_id}"):
            place = await self._apply(
                keys=[keys.players, keys.board, keys.applied, keys.pairs, *lists], args=args
            )
        return int(place)

    async def pair_records(self, game_type: str, fields: list[str]) -> list[bytes | None]:
        """The stored records (JSON) of pairs (`features.ratings.pairs`), None for none."""
        if not fields:
            return []
        async with translated("ratings"):
            found: Any = await self.client.hmget(self.keys(game_type).pairs, fields)
        return list(found)

    async def all_pairs(self, game_type: str) -> dict[str, bytes]:
        """Every pair's stored record of one game type."""
        async with translated("ratings"):
            found: Any = await self.client.hgetall(self.keys(game_type).pairs)
        return {_text(f): bytes(r) for f, r in found.items()}

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
        players: dict[str, RebuiltPlayer],
        old_players: list[str],
        pairs: dict[str, bytes] | None = None,
    ) -> bool:
        """Replaces a game type's ratings with rebuilt ones (player -> rating, score, history
        oldest first, on the board; pair -> record); False when a game was applied since
        `read_applied` was counted."""
        keys = self.keys(game_type)
        every = sorted(set(old_players) | set(players))
        lists = {p: 5 + i for i, p in enumerate(every)}
        pairs = pairs or {}
        args: list[Any] = [read_applied, len(applied), len(players), len(pairs)]
        for game_id, place in applied.items():
            args += [game_id, place]
        for field, record in pairs.items():
            args += [field, record]
        for player, (rating, score, entries, ranked) in players.items():
            args += [lists[player], player, rating, repr(score), "1" if ranked else "0"]
            args += [len(entries), *entries]
        history = [keys.history(p) for p in every]
        done = await self._replace(
            keys=[keys.players, keys.board, keys.applied, keys.pairs, *history], args=args
        )
        return bool(done)

    async def take(self, consumer: str, count: int) -> list[tuple[str, bytes]]:
        """New feed entries for `consumer` (entry id, announcement JSON), without waiting."""
        streams: Any = {self.feed: ">"}

        def read() -> Awaitable[Any]:
            return self.client.xreadgroup(GROUP, consumer, streams, count=count)

        async with translated("ratings feed"):
            found: Any = await self.group.call(read)
        return [(_text(e), bytes(f[b"a"])) for _, entries in found or [] for e, f in entries if f]

    async def reclaim(self, consumer: str, idle_ms: int, count: int) -> list[tuple[str, bytes]]:
        """Entries another consumer took more than `idle_ms` ago and never acknowledged."""

        def claim() -> Awaitable[Any]:
            return self.client.xautoclaim(
                self.feed, GROUP, consumer, idle_ms, start_id="0-0", count=count
            )

        async with translated("ratings feed"):
            answer: Any = await self.group.call(claim)
        entries = answer[1] if answer else []
        return [(_text(e), bytes(f[b"a"])) for e, f in entries if f]

    async def forget_idle(self, idle_ms: int, keep: str) -> int:
        """Removes consumers (but `keep`) idle for `idle_ms` with nothing pending: those of
        stopped processes, each named once (`XGROUP DELCONSUMER`); returns how many."""

        def consumers() -> Awaitable[Any]:
            return self.client.xinfo_consumers(self.feed, GROUP)

        async with translated("ratings feed"):
            found: Any = await self.group.call(consumers)
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
