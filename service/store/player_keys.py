"""Redis key names of the players' families (DESIGN §5e), beside `service.store.keys`.

* `bs:{identity}:signing` — hash key id -> secret: the keys the service signs its own player
  tokens with (`service.store.signing_keys`), shared by every replica.

Each family has one hash tag (one Redis Cluster slot); no other module builds these keys
(`tests/service/test_keys.py` scans for them).
"""

from __future__ import annotations

from boardstate.service.store.keys import DEFAULT_PREFIX


def signing_keys_key(prefix: str = DEFAULT_PREFIX) -> str:
    """Returns the hash of the service's player-token signing keys."""
    return f"{prefix}:{{identity}}:signing"
