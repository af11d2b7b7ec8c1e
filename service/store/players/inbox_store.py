"""Players' own streams and games on Redis (issue 30, architecture §5e).

Each player has keys of one slot (`service.store.players.player_keys.InboxKeys`, tagged by a digest
of the playerId):

* `inbox` — a stream of the player's events, entries `{kind, data (JSON), at}`, capped at about
  `INBOX_MAXLEN` entries (`XADD MAXLEN ~`: a reader further behind resumes at the oldest kept);
* `seen` — the delivery ids already appended (`PUBLISH_SCRIPT`): appending an event twice with
  one id (a fan-out entry handled again after a crash) leaves one entry. Ids are kept
  `SEEN_MS`;
* `games` and `rows` — the player's games by when they were first announced, and each game's
  last known `{gameType, status, version}` (at most `GAMES_MAX` kept, oldest dropped).

Every key of a player expires `IDLE_MS` after the last event appended to it. Live readers wait
in `XREAD BLOCK` over many players' inboxes on a client of their own (`wait`), so a waiting
stream holds no request connection.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.crc import key_slot

from boardstate.service.store.players.player_keys import InboxKeys
from boardstate.service.store.redis_errors import translated

Client = Redis | RedisCluster
INBOX_MAXLEN = 1000
"""A player's stream keeps about this many events."""
SEEN_MS = 7 * 24 * 3600 * 1000
"""How long a delivered id is remembered."""
IDLE_MS = 30 * 24 * 3600 * 1000
"""A player's keys expire this long after their last event."""
GAMES_MAX = 5000
"""The most games a player's list keeps (the oldest first announced are dropped)."""

PUBLISH_SCRIPT = """
-- KEYS: 1 inbox (stream), 2 seen (zset)
-- ARGV: 1 delivery id ('' = none), 2 kind, 3 data, 4 at, 5 maxlen, 6 now ms, 7 seen ms,
--       8 idle ms
if ARGV[1] ~= '' then
  if redis.call('ZSCORE', KEYS[2], ARGV[1]) then return '' end
  redis.call('ZADD', KEYS[2], ARGV[6], ARGV[1])
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[6]) - tonumber(ARGV[7]))
  redis.call('PEXPIRE', KEYS[2], ARGV[8])
end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[5], '*',
  'kind', ARGV[2], 'data', ARGV[3], 'at', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[8])
return id
"""

GAME_SCRIPT = """
-- KEYS: 1 games (zset), 2 rows (hash); ARGV: 1 game id, 2 first-seen ms, 3 row, 4 version,
--       5 most games, 6 idle ms
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old and tonumber(cjson.decode(old)['version']) > tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], 'NX', ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[5])
if over > 0 then
  local gone = redis.call('ZRANGE', KEYS[1], 0, over - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1)
  redis.call('HDEL', KEYS[2], unpack(gone))
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 1
"""

Entry = tuple[str, str, dict[str, Any], str]
"""One inbox entry: (stream id, kind, data, at)."""


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _entry(raw_id: Any, fields: Mapping[bytes, bytes]) -> Entry:
    data = json.loads(fields.get(b"data", b"{}"))
    return _text(raw_id), _text(fields.get(b"kind", b"")), data, _text(fields.get(b"at", b""))


class RedisInbox:
    """Appends to, reads and waits on players' streams; keeps their game lists."""

    def __init__(
        self, client: Client, prefix: str, reader: Client | None = None, max_block_ms: int = 2000
    ) -> None:
        self.client = client
        self.prefix = prefix
        self.reader = reader
        """The client of the blocking reads (`service.store.dedicated`); None: no waiting."""
        self.max_block_ms = max_block_ms
        self.cluster = isinstance(client, RedisCluster)
        self._publish = client.register_script(PUBLISH_SCRIPT)
        self._game = client.register_script(GAME_SCRIPT)

    def keys(self, player_id: str) -> InboxKeys:
        return InboxKeys.of(player_id, self.prefix)

    def group_of(self, player_id: str) -> int:
        """Players of one group can be waited on by one command (one slot in a cluster)."""
        return key_slot(self.keys(player_id).inbox.encode()) if self.cluster else 0

    async def publish(
        self, player_id: str, kind: str, data: dict[str, Any], at: str, now_ms: int, once: str = ""
    ) -> str | None:
        """Appends an event; with `once` (a delivery id) only if that id was not appended
        before. Returns the entry id, None for a repeat."""
        keys = self.keys(player_id)
        payload = json.dumps(data, separators=(",", ":"))
        args: list[Any] = [once, kind, payload, at, INBOX_MAXLEN, now_ms, SEEN_MS, IDLE_MS]
        async with translated("player inbox"):
            found = await self._publish(keys=[keys.inbox, keys.seen], args=args)
        text = _text(found)
        return text or None

    async def read(self, player_id: str, after: str, count: int) -> list[Entry]:
        """Entries after the stream id `after` ('0': from the oldest kept), oldest first."""
        async with translated("player inbox"):
            found: Any = await self.client.xrange(
                self.keys(player_id).inbox, min=f"({after}" if after != "0" else "-", count=count
            )
        return [_entry(raw_id, fields) for raw_id, fields in found]

    async def tail(self, player_id: str) -> str:
        """The id of the player's newest entry ('0' when none)."""
        async with translated("player inbox"):
            found: Any = await self.client.xrevrange(self.keys(player_id).inbox, count=1)
        return _text(found[0][0]) if found else "0"

    async def now_ms(self) -> int:
        """Redis's clock, in ms: the clock stream ids are made with (`TIME`)."""
        async with translated("player inbox"):
            seconds, micros = await self.client.time()
        return int(seconds) * 1000 + int(micros) // 1000

    async def wait(self, positions: Mapping[str, str], block_ms: int) -> dict[str, list[Entry]]:
        """The entries after each player's position, for those that have any; waits up to
        `block_ms` for the first (players of one `group_of`)."""
        client = self.reader or self.client
        keys = {self.keys(p).inbox.encode(): p for p in positions}
        streams: Any = {key: positions[player] for key, player in keys.items()}
        block = max(1, min(block_ms, self.max_block_ms)) if self.reader is not None else None
        async with translated(f"wait on {len(keys)} player inboxes"):
            found: Any = await client.xread(streams, block=block)
        out: dict[str, list[Entry]] = {}
        for key, entries in found or []:
            player = keys.get(bytes(key))
            if player is not None and entries:
                out[player] = [_entry(raw_id, fields) for raw_id, fields in entries]
        return out

    async def note_game(
        self, player_id: str, game_id: str, row: dict[str, Any], at_ms: int
    ) -> None:
        """Records one of the player's games as last announced (`row`: gameType, status,
        version); an older announcement than the one recorded changes nothing."""
        keys = self.keys(player_id)
        payload = json.dumps(row, separators=(",", ":"))
        args: list[Any] = [game_id, at_ms, payload, int(row["version"]), GAMES_MAX, IDLE_MS]
        async with translated("player games"):
            await self._game(keys=[keys.games, keys.rows], args=args)

    async def games(self, player_id: str) -> list[tuple[str, int, dict[str, Any]]]:
        """Every game of the player, newest first: (game id, first-seen ms, row)."""
        keys = self.keys(player_id)
        async with translated("player games"):
            ordered: Any = await self.client.zrevrange(keys.games, 0, -1, withscores=True)
            ids = [_text(member) for member, _ in ordered]
            rows: Any = await self.client.hmget(keys.rows, ids) if ids else []
        return [
            (game_id, int(score), json.loads(row))
            for (game_id, (_, score)), row in zip(zip(ids, ordered, strict=True), rows, strict=True)
            if row is not None
        ]

    async def close(self) -> None:
        """Releases the blocking reader's connections."""
        if self.reader is not None:
            await self.reader.aclose()
