"""`RedisEventStore`: the event store on a Redis server or a Redis Cluster (architecture §4).

One Lua script (`append.lua`) makes each create and append atomic within the game's slot; reads
are `XRANGE`, live waits `XREAD BLOCK`; the index and the deadlines are written after the append.
Errors (`service.failures`): `StoreUnavailable` when Redis cannot serve, `AppendUncertain` when
a create or append's reply was lost (it may have landed) or too few replicas acknowledged it.
"""

from __future__ import annotations

import asyncio
import importlib.resources
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar

from redis import exceptions as rex
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.failures import GameNotFound, StoreUnavailable
from boardstate.service.store import codec
from boardstate.service.store.archive.archived_logs import LogReads
from boardstate.service.store.base import AppendOutcome, AppendRequest, GameSummary, StoredEvent
from boardstate.service.store.batched_script import BatchedScript
from boardstate.service.store.durable import TOUCH_SCRIPT, Replicated, append_wrote, touched
from boardstate.service.store.index import RedisIndex
from boardstate.service.store.keys import DEFAULT_PREFIX, GameKeys, is_valid_game_id
from boardstate.service.store.players.rating_store import RedisRatings
from boardstate.service.store.players.signing_keys import RedisSigningKeys
from boardstate.service.store.redis_errors import translated
from boardstate.service.store.snapshots import RedisSnapshots, SnapshotStore
from boardstate.service.store.stream_reader import StreamReader
from boardstate.service.store.work.analyses import RedisAnalyses
from boardstate.service.store.work.bot_jobs import BotJobStore, RedisBotJobs
from boardstate.service.store.work.deadlines import DeadlineStore, RedisDeadlines
from boardstate.service.store.work.outbox import RedisOutbox
from boardstate.service.store.work.webhook_store import RedisWebhooks

T = TypeVar("T")
Client = Redis | RedisCluster

APPEND_SCRIPT = importlib.resources.files(__package__ or "").joinpath("append.lua").read_text()


class RedisEventStore(LogReads, DeadlineStore, BotJobStore, SnapshotStore):
    """The `EventStore` on `redis.asyncio.Redis` or `redis.asyncio.cluster.RedisCluster`.

    The client must use RESP2 and `decode_responses=False`; `connect()` builds a suitable one.
    `max_block_ms` caps one `XREAD BLOCK` and must stay below the client's socket timeout.
    With `wait_replicas` > 0 every write waits for that many replicas (`WAIT`, `wait_timeout_ms`).
    `streams` reads live events (default: on `client`; `connect()` gives it its own client).
    """

    def __init__(
        self,
        client: Client,
        prefix: str = DEFAULT_PREFIX,
        max_block_ms: int = 2000,
        *,
        wait_replicas: int = 0,
        wait_timeout_ms: int = 1000,
        streams: StreamReader | None = None,
        blocking: Redis | RedisCluster,
        blocking_block_ms: int | None = None,
    ):
        self.client = client
        self.streams = streams or StreamReader(client, prefix, max_block_ms)
        self.prefix = prefix
        self.max_block_ms = max_block_ms
        self._append = client.register_script(APPEND_SCRIPT)
        self._touch = client.register_script(TOUCH_SCRIPT)
        self._index = RedisIndex(client, prefix)
        self._snapshots = RedisSnapshots(client)
        self._deadlines = RedisDeadlines(client, prefix)
        self._blocking = blocking
        self._bot_jobs = RedisBotJobs(client, prefix, blocking, blocking_block_ms or max_block_ms)
        self.outbox = RedisOutbox(client, prefix)
        self.webhooks = RedisWebhooks(client, prefix)
        self.signing = RedisSigningKeys(client, prefix)
        self.ratings = RedisRatings(client, prefix)
        self.analyses = RedisAnalyses(client, prefix)
        self._replicated = (
            Replicated(client, wait_replicas, wait_timeout_ms) if wait_replicas > 0 else None
        )
        self._batched = (
            BatchedScript(client, self._append)
            if self._replicated is None and not isinstance(client, RedisCluster)
            else None
        )
        """Appends of one loop turn in one pipeline (one server, no replica to wait for)."""

    def keys(self, game_id: str) -> GameKeys:
        """Returns the Redis keys of a game (raises `InvalidGameId`)."""
        return GameKeys.of(game_id, self.prefix)

    async def _read(self, what: str, call: Callable[[], Awaitable[T]]) -> T:
        """Runs an idempotent call, once more after a lost connection (not after a timeout)."""
        async with translated(what):
            try:
                return await call()
            except rex.ConnectionError:
                return await call()

    async def _script(self, game_id: str, mode: str, request: AppendRequest) -> list[Any]:
        args = await codec.script_args_off_loop(mode, request)
        keys = self.keys(game_id).append().ordered()
        async with translated(f"{mode} {game_id}", uncertain=True):
            if self._batched is not None:
                result: list[Any] = await self._batched(keys, args)
            elif self._replicated is None:
                result = await self._append(keys=keys, args=args)
            else:
                result = await self._replicated.run(
                    self._append, keys, args, append_wrote, f"{mode} {game_id}"
                )
            if request.announcements and result[0] == b"ok":
                await self.outbox.written(game_id, int(time.time() * 1000))
        return result

    async def create(
        self,
        game_id: str,
        first: StoredEvent,
        meta: Mapping[str, str],
        *,
        rest: Sequence[StoredEvent] = (),
        seat_tokens: Sequence[tuple[int, str]] = (),
        announcements: Sequence[bytes] = (),
    ) -> bool:
        """Creates a game with its first events, seat tokens and announcements in one atomic
        step; returns False if the id exists. Raises `InvalidGameId` for an unusable id."""
        tokens, events = tuple(seat_tokens), [first, *rest]
        request = AppendRequest(
            0, events, meta=meta, seat_tokens=tokens, announcements=announcements
        )
        result = await self._script(game_id, "create", request)
        return bool(result[0] == b"ok")

    async def append(self, game_id: str, request: AppendRequest) -> AppendOutcome:
        """Appends atomically, or appends nothing and says why (see `AppendOutcome`); raises
        `GameNotFound` when the game was never created."""
        mode = {"add": "append", "replace": "reissue", "remove": "leave"}[request.tokens]
        result = await self._script(game_id, mode, request)
        status, current = result[0], int(result[1])
        if status == b"ok":
            self.streams.appended(game_id, request.events)
            return AppendOutcome(True, current, int(result[2]), int(result[3]))
        if status == b"duplicate":
            return codec.decode_outcome(result[2], current)
        if status == b"conflict":
            return AppendOutcome(False, current, version_conflict=True)
        if status == b"diverged":
            return AppendOutcome(False, current, diverged=True)
        if status == b"ended":
            return AppendOutcome(False, current, ended=True)
        if status == b"seat_taken":
            return AppendOutcome(False, current, seat_taken=True)
        if status == b"missing":
            raise GameNotFound(f"no game {game_id!r}")
        raise RuntimeError(f"append script answered {result!r}")

    async def seat_token_hash(self, game_id: str, seat: int) -> str | None:
        """Returns the stored token hash of a seat (an archived game's: from its index entry,
        `archived_token_hash`), or None."""
        if not is_valid_game_id(game_id):
            return None
        tokens = self.keys(game_id).tokens
        raw = await self._read(f"token {game_id}", lambda: self.client.hget(tokens, str(seat)))
        if raw is None:
            return await self.archived_token_hash(game_id, seat)
        return codec.as_text(raw)

    async def move_outcome(
        self, game_id: str, move_id: str, seat: int | None = None
    ) -> AppendOutcome | None:
        """Returns the recorded outcome of an accepted move id (of `seat`, when given), or None."""
        if not is_valid_game_id(game_id):
            return None
        keys, what = [self.keys(game_id).moves, self.keys(game_id).log], f"move {game_id}"
        args = [*codec.move_fields(move_id, seat), "" if seat is None else str(seat)]
        if self._replicated is None:
            raw = await self._read(what, lambda: self._touch(keys=keys, args=args))
        else:  # the record may stem from an append reported uncertain: confirm it on replicas
            async with translated(what, uncertain=True):
                raw = await self._replicated.run(self._touch, keys, args, touched, what)
        if raw is None:
            return None
        return codec.decode_outcome(codec.as_bytes(raw), await self.version(game_id))

    async def wait(self, game_id: str, after: int, timeout_ms: int) -> list[StoredEvent]:
        """Returns events after `after`, blocking up to `timeout_ms` for at least one (an
        archived game's at once: nothing is appended to it)."""
        if not is_valid_game_id(game_id) or timeout_ms <= 0 or await self._gone(game_id):
            return await self.read(game_id, after)
        deadline = asyncio.get_running_loop().time() + timeout_ms / 1000
        while (left := deadline - asyncio.get_running_loop().time()) > 0:
            found = await self.streams.read({game_id: after}, max(1, int(left * 1000)))
            if found:
                return found[game_id]
        return []

    async def index_put(self, summary: GameSummary) -> None:
        """Writes a game's row in the cross-game index (after the append; may lag)."""
        async with translated(f"index {summary.game_id}"):
            await self._index.put(summary)

    async def index_page(
        self,
        after: str | None,
        limit: int,
        game_type: str | None,
        status: str | None,
        player: str | None = None,
    ) -> tuple[list[GameSummary], int]:
        """Returns rows after the cursor `after` (newest first; the game id of the last row
        seen, an unknown one raises `InvalidCursor`) and the filtered total."""
        async with translated("index page"):
            return await self._index.page(after, limit, game_type, status, player)

    async def ping(self) -> bool:
        """Tells whether the backing server answers."""
        try:
            async with translated("ping"):
                return bool(await self.client.ping())
        except StoreUnavailable:
            return False

    async def close(self) -> None:
        """Releases connections."""
        if self.streams.client is not self.client:
            await self.streams.close()
        if self._blocking is not None:
            await self._blocking.aclose()
        await self.client.aclose()
