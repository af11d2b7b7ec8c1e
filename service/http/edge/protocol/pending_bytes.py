"""`PendingBytes`: the request-head bytes each client address has pending in one process.

A head's bytes are pending from the read that brings them until the head is complete (or its
connection closes): the parser keeps them, and nothing acts on them yet. Each connection's head
is bounded (`BOARDSTATE_MAX_HEADER_BYTES`, `service.http.edge.protocol.head_meter`), and so is their
sum over one address's connections (`BOARDSTATE_MAX_PENDING_BYTES_PER_ADDRESS`): the connection
whose read would take its address past it is answered `503` with `Retry-After: 1` and closed
(`service.http.edge.protocol.connection_guard`), so many connections of one address, each within the
head limit, cannot hold `BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS` times it. A trusted proxy has no
such cap, as it has no connection cap (every client behind it shares its address).
"""

from __future__ import annotations


class PendingBytes:
    """Head bytes pending per client address, and the cap on them."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        """0: no cap (nothing is counted)."""
        self.by_address: dict[str, int] = {}

    def counts(self, address: str | None, trusted: bool) -> bool:
        """Whether the connections of `address` are counted."""
        return self.cap > 0 and address is not None and not trusted

    def move(self, address: str, before: int, after: int) -> bool:
        """One connection of `address` held `before` pending bytes and now holds `after`;
        returns False, changing nothing, when that takes the address past the cap."""
        total = self.by_address.get(address, 0) - before + after
        if after > before and total > self.cap:
            return False
        if total > 0:
            self.by_address[address] = total
        else:
            self.by_address.pop(address, None)
        return True

    def held(self, address: str) -> int:
        """The bytes `address` has pending now."""
        return self.by_address.get(address, 0)
