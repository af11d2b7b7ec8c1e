"""Writes acknowledged by replicas: a script and `WAIT` on one connection (architecture §4).

`WAIT n t` counts the replicas that have the replication stream up to the *connection's* last
write, so it must follow the write on the same connection. Redis 7 forbids it inside Lua, so
the script and `WAIT` are sent as one non-transactional pipeline: on a single server a pipeline
uses one connection; on a cluster both commands are routed to the master that owns the game's
slot (`WAIT` with `target_nodes` set to that node; redis-py would otherwise broadcast it to
every master) and a cluster pipeline sends one node's commands on one connection, in order.

A script whose reply says it wrote nothing needs no acknowledgement. When fewer than `replicas`
acknowledge within `timeout_ms`, or the `WAIT` reply is lost, the write happened on the master
but may be lost by a failover: `AppendUncertain`, never success.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from redis import exceptions as rex
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.commands.core import AsyncScript

from boardstate.service.failures import AppendUncertain, StoreUnavailable

TOUCH_SCRIPT = """
local field, recorded = ARGV[1], redis.call('HGET', KEYS[1], ARGV[1])
if not recorded and ARGV[2] ~= '' then
  field, recorded = ARGV[2], redis.call('HGET', KEYS[1], ARGV[2])
  if recorded then
    local first = cmsgpack.unpack(recorded)['first']
    local entry = redis.call('XRANGE', KEYS[2], first .. '-0', first .. '-0')
    if #entry ~= 1 or tostring(cmsgpack.unpack(entry[1][2][2])['seat']) ~= ARGV[3] then
      recorded = false
    end
  end
end
if recorded then
  redis.call('HSET', KEYS[1], field, recorded)
end
return recorded
"""
"""Finds a move's record as `append.lua` does (KEYS: moves, log; ARGV: the field, the legacy
field, the seat) and rewrites it unchanged, so that a `WAIT` after it covers the record."""

REDIRECTS = (rex.MovedError, rex.AskError)


def append_wrote(reply: list[Any]) -> bool:
    """Tells whether an append script reply means it wrote (a duplicate rewrites its record)."""
    return reply[0] in (b"ok", b"duplicate")


def touched(reply: Any) -> bool:
    """Tells whether `TOUCH_SCRIPT` found (and rewrote) a record."""
    return reply is not None


class Replicated:
    """Runs scripts on the master of their keys and waits for `replicas` acknowledgements."""

    def __init__(self, client: Redis | RedisCluster, replicas: int, timeout_ms: int) -> None:
        if replicas < 1 or timeout_ms < 1:
            raise ValueError("replicas and timeout_ms must be positive")
        self.client = client
        self.replicas = replicas
        self.timeout_ms = timeout_ms

    async def run(
        self,
        script: AsyncScript,
        keys: Sequence[str],
        args: Sequence[Any],
        wrote: Callable[[Any], bool],
        what: str,
    ) -> Any:
        """Returns the script's reply once `replicas` have it (if `wrote(reply)`).

        Raises `AppendUncertain` when the acknowledgement falls short or is lost; redis-py
        errors of the script itself propagate (the caller translates them).
        """
        by_sha = True
        for _ in range(3):
            reply, acked = await self._send(script, keys, args, by_sha)
            if isinstance(reply, rex.NoScriptError):
                by_sha = False  # nothing ran: send the script's text, which caches it
                continue
            if isinstance(reply, REDIRECTS):
                # Nothing ran; an ordinary keyed read follows the redirection and updates
                # the client's slot table, then the pipeline is routed anew.
                await self.client.exists(keys[0])
                continue
            if isinstance(reply, BaseException):
                raise reply
            if not wrote(reply):
                return reply
            if isinstance(acked, BaseException):
                raise AppendUncertain(f"{what}: replica acknowledgement lost ({acked})")
            if int(acked) < self.replicas:
                raise AppendUncertain(
                    f"{what}: written on the master, but {acked} of {self.replicas} replica(s) "
                    f"acknowledged within {self.timeout_ms} ms"
                )
            return reply
        raise StoreUnavailable(f"{what}: the slot kept moving; nothing was written")

    async def _send(
        self, script: AsyncScript, keys: Sequence[str], args: Sequence[Any], by_sha: bool
    ) -> tuple[Any, Any]:
        head = ("EVALSHA", script.sha) if by_sha else ("EVAL", script.script)
        command = (*head, len(keys), *keys, *args)
        wait = ("WAIT", self.replicas, self.timeout_ms)
        client = self.client
        if isinstance(client, RedisCluster):
            await client.initialize()  # no-op unless a failure asked for a new slot table
            node = client.get_node_from_key(keys[0])
            cluster_pipe = client.pipeline(transaction=False)
            cluster_pipe.execute_command(*command)
            cluster_pipe.execute_command(*wait, target_nodes=node)
            results = await cluster_pipe.execute(raise_on_error=False, allow_redirections=False)
        else:
            pipe = client.pipeline(transaction=False)
            pipe.execute_command(*command)
            pipe.execute_command(*wait)
            results = await pipe.execute(raise_on_error=False)
        return results[0], results[1]
