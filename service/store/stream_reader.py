"""`StreamReader`: one blocking `XREAD` over many game logs, on connections of its own.

Live subscriptions must not hold request connections (architecture §4). The reader has a client of
its own: on a single server one `XREAD BLOCK` names every followed log, so a process follows any
number of games on one connection. A Redis Cluster refuses multi-key commands across hash slots
(`CROSSSLOT`), and each game has its slot, so there the reader groups followed games by slot
(`group_of`) and runs one `XREAD` per group on the reader's own client; that client's pool per
node is sized by the cap on live streams per process, so it is bounded and never competes with
requests.

Events this process appends are handed to `listeners` as soon as Redis accepted them (the live
hub pushes them to its subscribers at once); a read that finds them again skips decoding them
(`since`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.crc import key_slot
from redis.typing import KeyT, StreamIdT

from boardstate.service.store import codec
from boardstate.service.store.base import StoredEvent
from boardstate.service.store.keys import GameKeys, is_valid_game_id
from boardstate.service.store.redis_errors import translated


class StreamReader:
    """Reads new events of many games at once (`read`), blocking until one has some."""

    def __init__(self, client: Redis | RedisCluster, prefix: str, max_block_ms: int) -> None:
        self.client = client
        self.prefix = prefix
        self.max_block_ms = max_block_ms
        self.cluster = isinstance(client, RedisCluster)
        self.listeners: list[Callable[[str, Sequence[StoredEvent]], None]] = []
        """Called with the events of each append this process made, once Redis accepted it."""

    def appended(self, game_id: str, events: Sequence[StoredEvent]) -> None:
        """Tells the listeners about an accepted append of this process."""
        for listener in self.listeners:
            listener(game_id, events)

    def _log(self, game_id: str) -> bytes:
        return GameKeys.of(game_id, self.prefix).log.encode()

    def group_of(self, game_id: str) -> int:
        """Games of one group can be read by one command: all of them on a single server,
        those of one hash slot in a cluster."""
        return key_slot(self._log(game_id)) if self.cluster else 0

    async def read(
        self,
        positions: Mapping[str, int],
        block_ms: int,
        since: Callable[[str], int] | None = None,
    ) -> dict[str, list[StoredEvent]]:
        """Returns the events after each game's position, for the games that have any; waits
        up to `block_ms` (capped below the socket timeout) for the first. The games must be of
        one group. `since(game)`, asked once the answer is in, may move a game's position on
        (events already known from `listeners`): those are not decoded. Raises
        `StoreUnavailable`."""
        keys = {self._log(g): g for g in positions if is_valid_game_id(g)}
        if not keys:
            return {}
        streams: dict[KeyT, StreamIdT] = {
            key: codec.entry_id(max(positions[game], 0)) for key, game in keys.items()
        }
        block = max(1, min(block_ms, self.max_block_ms))
        async with translated(f"read {len(keys)} live logs"):
            response: Any = await self.client.xread(streams, block=block)
        out: dict[str, list[StoredEvent]] = {}
        for key, entries in response or []:  # RESP2: [[stream, [(id, fields), ...]], ...]
            game = keys.get(bytes(key))
            if game is None or not entries:
                continue
            known = positions[game] if since is None else since(game)
            found = [
                codec.decode_entry(raw_id, fields)
                for raw_id, fields in entries
                if codec.version_of(raw_id) > known
            ]
            if found:
                out[game] = found
        return out

    async def close(self) -> None:
        """Releases the reader's connections."""
        await self.client.aclose()
