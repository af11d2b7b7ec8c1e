"""`RedisSigningKeys`: the secrets the service signs its own player tokens with (architecture §5e).

One hash, `bs:{identity}:signing` (key id -> secret), shared by every replica: the first
replica that needs a key creates it (`HSETNX`, so two replicas racing keep one), every replica
reads the same one, and a token one replica issued verifies on any other. A secret never
leaves Redis and the process; rotating it (a new key id) is `boardstate players rotate-key`'s
job, and tokens signed with a key that was removed stop verifying.
"""

from __future__ import annotations

import secrets

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.players.player_keys import signing_keys_key
from boardstate.service.store.redis_errors import translated

SECRET_BYTES = 32
"""256-bit HMAC secrets (HS256 wants at least the hash's size, RFC 7518 §3.2)."""


class RedisSigningKeys:
    """Get-or-create the service's signing secrets by key id."""

    def __init__(self, client: Redis | RedisCluster, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self.key = signing_keys_key(prefix)

    async def secret(self, key_id: str, create: bool = False) -> bytes | None:
        """Returns the secret of `key_id`; with `create`, makes one first if there is none
        (every replica ends with the same secret)."""
        async with translated(f"signing key {key_id}"):
            if create:
                await self.client.hsetnx(self.key, key_id, secrets.token_hex(SECRET_BYTES))
            raw = await self.client.hget(self.key, key_id)
        return None if raw is None else bytes(raw) if isinstance(raw, bytes) else raw.encode()

    async def keep(self, key_id: str, secret: bytes) -> bytes:
        """Writes `secret` back as `key_id`'s if Redis has none (it lost it: restarted empty),
        and returns the one Redis holds, so every replica ends with the same secret."""
        async with translated(f"signing key {key_id}"):
            await self.client.hsetnx(self.key, key_id, secret)
            raw = await self.client.hget(self.key, key_id)
        return secret if raw is None else bytes(raw) if isinstance(raw, bytes) else raw.encode()

    async def key_ids(self) -> list[str]:
        """Returns the ids of every signing key the service has."""
        async with translated("signing keys"):
            raw = await self.client.hkeys(self.key)
        return sorted(k.decode() if isinstance(k, bytes) else str(k) for k in raw)

    async def remove(self, key_id: str) -> bool:
        """Removes a key (its tokens stop verifying); tells whether it existed."""
        async with translated(f"signing key {key_id}"):
            return bool(await self.client.hdel(self.key, key_id))
