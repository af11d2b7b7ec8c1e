"""The archive's Redis side (`service.features.archive`): leases, index entries and the
removal of an archived game's keys.

Every key here is in the game's slot (`archive_keys`, `GameKeys`), so `seal` is one script: it
checks that this replica still holds the lease, that the log is still the one archived (its
length) and that its outbox is relayed, then writes the index entry and, only when asked,
removes the game's keys, in one step that a crash cannot cut in two.
"""

from __future__ import annotations

import asyncio
import enum

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store import codec
from boardstate.service.store.base import GameSummary
from boardstate.service.store.keys import GameKeys, IndexKeys, archive_keys

SEAL_SCRIPT = """
-- KEYS: 1 lease, 2 entry, 3 log, 4 meta, 5 tokens, 6 moves, 7 snapshots, 8 outbox
-- ARGV: 1 lease token, 2 the entry, 3 the archived log's length, 4 '1' to remove the game
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 'lease' end
if redis.call('XLEN', KEYS[3]) ~= tonumber(ARGV[3]) then return 'changed' end
if redis.call('EXISTS', KEYS[8]) == 1 and redis.call('XLEN', KEYS[8]) > 0 then
  return 'outbox'
end
redis.call('SET', KEYS[2], ARGV[2])
if ARGV[4] == '1' then
  redis.call('DEL', KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8])
end
redis.call('DEL', KEYS[1])
return 'sealed'
"""
RELEASE_SCRIPT = """
-- KEYS: 1 lease; ARGV: 1 token
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


ENDED_STATUSES = ("FINISHED", "ABANDONED")
"""The index statuses of games that have ended (only these are ever archived)."""


class Sealed(enum.Enum):
    """What `seal` did."""

    SEALED = "sealed"
    """The entry is written (and the game's keys removed, when asked)."""
    LEASE = "lease"
    """This replica's lease expired (another may hold it): nothing was written."""
    CHANGED = "changed"
    """The log is not the one archived: nothing was written."""
    OUTBOX = "outbox"
    """Announcements of the game are not relayed yet: nothing was written."""


class ArchiveEntries:
    """Leases and index entries of archived games, on the event store's Redis."""

    def __init__(self, client: Redis | RedisCluster, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self._seal = client.register_script(SEAL_SCRIPT)
        self._release = client.register_script(RELEASE_SCRIPT)

    def keys(self, game_id: str) -> tuple[str, str]:
        """Returns the game's entry and lease keys."""
        return archive_keys(game_id, self.prefix)

    async def claim(self, game_id: str, token: str, lease_ms: int) -> bool:
        """Takes the game's lease for `lease_ms` unless another replica holds it."""
        taken = await self.client.set(self.keys(game_id)[1], token, nx=True, px=lease_ms)
        return bool(taken)

    async def release(self, game_id: str, token: str) -> None:
        """Gives the lease back if this replica (`token`) still holds it."""
        await self._release(keys=[self.keys(game_id)[1]], args=[token])

    async def entry(self, game_id: str) -> bytes | None:
        """Returns the game's index entry, or None if it is not archived."""
        raw = await self.client.get(self.keys(game_id)[0])
        return None if raw is None else codec.as_bytes(raw)

    async def pending(self, limit: int, removing: bool, page: int = 500) -> list[str]:
        """Returns up to `limit` ids of ended games of the cross-game index not archived yet
        (with `removing`, also those archived whose keys are still in Redis), by status then age.

        It pages through every ended game of the index (a run costs a read per ended game);
        a queue fed by the append script would spare that (issue 31, not built yet)."""
        index = IndexKeys(self.prefix)
        found: list[str] = []
        for status in ENDED_STATUSES:
            key, start = index.ordered(None, status), 0
            while len(found) < limit:
                members = await self.client.zrange(key, start, start + page - 1)
                start += page
                texts = [codec.as_text(m) for m in members if isinstance(m, bytes | str)]
                ids = [member.split("|", 1)[1] for member in texts]
                waiting = await asyncio.gather(*(self._waiting(i, removing) for i in ids))
                found += [game_id for game_id, wait in zip(ids, waiting, strict=True) if wait]
                if len(members) < page:
                    break
        return found[:limit]

    async def _waiting(self, game_id: str, removing: bool) -> bool:
        if await self.entry(game_id) is None:
            return True
        return removing and await self.has_log(game_id)

    async def summary(self, game_id: str) -> GameSummary | None:
        """Returns the game's row of the cross-game index, or None."""
        raw = await self.client.hget(IndexKeys(self.prefix).rows, game_id)
        return None if raw is None else codec.decode_summary(game_id, codec.as_bytes(raw))

    async def token_hashes(self, game_id: str) -> dict[int, str]:
        """Returns the game's seat token hashes by seat (kept in its index entry)."""
        raw = await self.client.hgetall(GameKeys.of(game_id, self.prefix).tokens)
        return {int(codec.as_text(seat)): codec.as_text(value) for seat, value in raw.items()}

    async def has_log(self, game_id: str) -> bool:
        """Tells whether the game's log is still in Redis."""
        return bool(await self.client.exists(GameKeys.of(game_id, self.prefix).log))

    async def seal(
        self, game_id: str, token: str, entry: bytes, length: int, remove: bool
    ) -> Sealed:
        """Writes the entry and (with `remove`) removes the game's keys, atomically; see the
        module docstring."""
        game = GameKeys.of(game_id, self.prefix)
        entry_key, lease = self.keys(game_id)
        keys = [lease, entry_key, game.log, game.meta, game.tokens, game.moves]
        keys += [game.snapshots, game.outbox]
        answer = await self._seal(keys=keys, args=[token, entry, length, "1" if remove else "0"])
        return Sealed(answer.decode() if isinstance(answer, bytes) else str(answer))
