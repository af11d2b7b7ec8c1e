"""The outbox relay's keys: from each game's outbox to the feed and the webhook queues.

An append writes its announcements into the game's own outbox stream (`GameKeys.outbox`, same
slot as the log, in the same atomic script). Moving them on touches keys of one other slot,
tagged `{hooks}`, so each step below is atomic too:

* `pending` (sorted set): games whose outbox may hold entries, added after the append (a hint;
  a sweep over the outboxes re-adds any a crash left out, `outboxes`).
* `relay(...)` (one script on the `{hooks}` slot): unless the announcement's id is in `seen`,
  records it there, appends it to the cross-game `feed` stream and queues one delivery per
  matching webhook endpoint (`service.store.work.webhook_store`). A relay that dies after it and
  before deleting the outbox entry runs it again: `seen` makes the second run a no-op.
* leases (`SET NX PX`) keep two replicas from relaying one game (or sending to one endpoint) at
  once; a dead replica's lease runs out and another takes over.

The relay works on many games at once: each step above is sent for all of them as one
non-transactional pipeline (`*_all`; a cluster pipeline sends one per node, each node's commands
in order), scripts by their text (`EVAL`: a cluster pipeline cannot load them on `NOSCRIPT`).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.keys import GameKeys, HookKeys, outbox_game, outbox_pattern

FEED_MAXLEN = 100_000
"""The feed keeps about this many announcements (a reader further behind starts at the oldest)."""
SEEN_MS = 7 * 24 * 3600 * 1000
"""How long a relayed announcement's id is remembered (duplicate relays within it are no-ops)."""

RELAY_SCRIPT = """
-- KEYS: 1 seen (zset), 2 feed (stream), then per delivery: queue (stream), record, log (zset)
-- ARGV: 1 announcement id, 2 payload, 3 now ms, 4 feed maxlen, 5 record ttl ms, 6 n,
--       then n delivery id / record pairs
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], '*', 'a', ARGV[2])
for k = 0, tonumber(ARGV[6]) - 1 do
  local q, rec, lg = KEYS[3 + 3 * k], KEYS[4 + 3 * k], KEYS[5 + 3 * k]
  redis.call('SET', rec, ARGV[8 + 2 * k], 'PX', ARGV[5])
  redis.call('XADD', q, '*', 'd', ARGV[7 + 2 * k])
  redis.call('ZADD', lg, ARGV[3], ARGV[7 + 2 * k])
end
return 1
"""

DROP_SCRIPT = """
-- KEYS: 1 a game's outbox; deletes it when empty (atomic in the game's slot, so an append's
-- XADD lands before or after, never lost); returns its length
local left = redis.call('XLEN', KEYS[1])
if left == 0 then redis.call('DEL', KEYS[1]) end
return left
"""

FORGET_SCRIPT = """
-- KEYS: 1 pending; ARGV: 1 game, 2 the mark's score when it was read
if redis.call('ZSCORE', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
"""

RELEASE_SCRIPT = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class Leases:
    """Short exclusive leases by name."""

    def __init__(self, client: Redis | RedisCluster, keys: HookKeys) -> None:
        self.client = client
        self.keys = keys
        self._release = client.register_script(RELEASE_SCRIPT)

    async def take(self, name: str, ms: int) -> str | None:
        """A token if the lease was free (it lasts `ms`), else None."""
        token = secrets.token_hex(8)
        taken = await self.client.set(self.keys.lease(name), token, nx=True, px=ms)
        return token if taken else None

    async def give_back(self, name: str, token: str) -> None:
        await self._release(keys=[self.keys.lease(name)], args=[token])

    async def take_all(self, names: list[str], ms: int) -> list[str | None]:
        """`take` for each name, in one round trip."""
        tokens = [secrets.token_hex(8) for _ in names]
        leases = zip(names, tokens, strict=True)
        commands = [("SET", self.keys.lease(n), t, "NX", "PX", ms) for n, t in leases]
        taken = await pipelined(self.client, commands)
        return [t if ok else None for t, ok in zip(tokens, taken, strict=True)]

    async def give_back_all(self, held: list[tuple[str, str]]) -> None:
        """`give_back` for each (name, token), in one round trip."""
        commands = [("EVAL", RELEASE_SCRIPT, 1, self.keys.lease(n), t) for n, t in held]
        await pipelined(self.client, commands)


async def pipelined(client: Redis | RedisCluster, commands: list[tuple[Any, ...]]) -> list[Any]:
    """The replies of `commands`, sent as one non-transactional pipeline (raises the first
    error, after every command ran)."""
    if not commands:
        return []
    pipe = client.pipeline(transaction=False)
    for command in commands:
        pipe.execute_command(*command)
    return list(await pipe.execute())


class RedisOutbox:
    """Pending outboxes, the relay step and the feed stream."""

    def __init__(self, client: Redis | RedisCluster, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self.keys = HookKeys.of(prefix)
        self.leases = Leases(client, self.keys)
        self.listeners: list[Callable[[], None]] = []
        """Called after this process marks an outbox pending (the relay's wake-up)."""
        self._relay = client.register_script(RELAY_SCRIPT)
        self._forget = client.register_script(FORGET_SCRIPT)
        self._drop = client.register_script(DROP_SCRIPT)

    async def written(self, game_id: str, now_ms: int) -> None:
        """Marks a game's outbox as holding entries."""
        await self.client.zadd(self.keys.pending, {game_id: now_ms})
        for listener in self.listeners:
            listener()

    async def pending(self, limit: int) -> list[tuple[str, bytes]]:
        """Games whose outbox may hold entries, oldest mark first, with their marks."""
        found: Any = await self.client.zrange(self.keys.pending, 0, limit - 1, withscores=True)
        return [(g.decode(), repr(int(score)).encode()) for g, score in found]

    async def entries(self, game_id: str, limit: int) -> list[tuple[bytes, dict[str, Any]]]:
        """The game's outbox entries, oldest first: (entry id, announcement)."""
        found: Any = await self.client.xrange(GameKeys.of(game_id, self.prefix).outbox, count=limit)
        return [(entry, json.loads(fields[b"a"])) for entry, fields in found]

    async def relay(
        self, announcement: dict[str, Any], deliveries: list[tuple[str, str, bytes]], now_ms: int
    ) -> bool:
        """Feeds one announcement and queues its deliveries (endpoint, delivery id, record);
        False when it had been relayed before."""
        keys: list[str] = [self.keys.seen, self.keys.feed]
        args: list[Any] = [announcement["id"], json.dumps(announcement, separators=(",", ":"))]
        args += [now_ms, FEED_MAXLEN, SEEN_MS, len(deliveries)]
        for endpoint, delivery, record in deliveries:
            keys += [self.keys.queue(endpoint), self.keys.record(delivery), self.keys.log(endpoint)]
            args += [delivery, record]
        return bool(await self._relay(keys=keys, args=args))

    async def done(self, game_id: str, mark: bytes, entries: list[bytes], now_ms: int) -> None:
        """Deletes relayed outbox entries; forgets the game when its outbox is empty and its
        pending mark is still `mark` (a newer append marks it again: it stays)."""
        outbox = GameKeys.of(game_id, self.prefix).outbox
        if entries:
            await self.client.xdel(outbox, *entries)
        if not await self._drop(keys=[outbox]):
            await self._forget(keys=[self.keys.pending], args=[game_id, mark])
        await self.client.zremrangebyscore(self.keys.seen, "-inf", now_ms - SEEN_MS)

    async def entries_all(
        self, game_ids: list[str], limit: int
    ) -> list[list[tuple[bytes, dict[str, Any]]]]:
        """`entries` of each game, in one round trip."""
        commands = [("XRANGE", self._outbox(g), "-", "+", "COUNT", limit) for g in game_ids]
        found = await pipelined(self.client, commands)
        return [[(entry, json.loads(fields[b"a"])) for entry, fields in f or []] for f in found]

    async def relay_all(
        self, steps: list[tuple[dict[str, Any], list[tuple[str, str, bytes]]]], now_ms: int
    ) -> list[bool]:
        """`relay` of each (announcement, deliveries), in order, in one round trip."""
        commands = []
        for announcement, deliveries in steps:
            keys: list[str] = [self.keys.seen, self.keys.feed]
            args: list[Any] = [announcement["id"], json.dumps(announcement, separators=(",", ":"))]
            args += [now_ms, FEED_MAXLEN, SEEN_MS, len(deliveries)]
            for endpoint, delivery, record in deliveries:
                keys += [self.keys.queue(endpoint), self.keys.record(delivery)]
                keys.append(self.keys.log(endpoint))
                args += [delivery, record]
            commands.append(("EVAL", RELAY_SCRIPT, len(keys), *keys, *args))
        return [bool(r) for r in await pipelined(self.client, commands)]

    async def done_all(self, games: list[tuple[str, bytes, list[bytes]]], now_ms: int) -> None:
        """`done` for each (game, mark, relayed entries), in two round trips."""
        commands: list[tuple[Any, ...]] = []
        for game_id, _, entries in games:
            outbox = self._outbox(game_id)
            commands += [("XDEL", outbox, *entries)] if entries else []
            commands.append(("EVAL", DROP_SCRIPT, 1, outbox))
        replies = await pipelined(self.client, commands)
        drops = [r for c, r in zip(commands, replies, strict=True) if c[0] == "EVAL"]
        forget: list[tuple[Any, ...]] = [
            ("EVAL", FORGET_SCRIPT, 1, self.keys.pending, game_id, mark)
            for (game_id, mark, _), drop in zip(games, drops, strict=True)
            if not drop
        ]
        forget.append(("ZREMRANGEBYSCORE", self.keys.seen, "-inf", now_ms - SEEN_MS))
        await pipelined(self.client, forget)

    def _outbox(self, game_id: str) -> str:
        return GameKeys.of(game_id, self.prefix).outbox

    async def outboxes(self) -> list[str]:
        """Every game whose outbox key exists (the sweep after a crash; a full `SCAN`)."""
        found = []
        async for key in self.client.scan_iter(match=outbox_pattern(self.prefix), count=1000):
            text = key.decode() if isinstance(key, bytes) else str(key)
            found.append(outbox_game(text, self.prefix))
        return found

    async def feed(self, start: str, limit: int) -> list[tuple[str, bytes]]:
        """At most `limit` feed entries from the stream id `start` on (inclusive), oldest first:
        (entry id, the announcement's JSON text)."""
        found: Any = await self.client.xrange(self.keys.feed, min=start, count=limit)
        return [(entry.decode(), fields[b"a"]) for entry, fields in found]

    async def feed_tail(self) -> str:
        """The id of the feed's newest entry ('0' when empty)."""
        found: Any = await self.client.xrevrange(self.keys.feed, count=1)
        return found[0][0].decode() if found else "0"
