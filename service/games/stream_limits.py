"""Caps on live streams (`gameEvents` subscriptions) in one process (`docs/security.md`).

Every stream counts against the process's cap. A stream of a seat (its token matched) counts
against that seat, which is what a token acts for; any other stream is a spectator's and counts
against the client address, so made-up tokens do not escape the address cap. A cap of 0 turns
that scope's cap off. A stream over a cap is refused with `TOO_MANY_STREAMS` before it reads
anything; its slot is given back when it ends, however it ends.
"""

from __future__ import annotations

from collections import Counter

from boardstate.schema.codes import ApiError
from boardstate.service.failures import TooManyStreams


class StreamLimits:
    """Counts this process's live streams by process, seat and spectator address."""

    def __init__(self, per_process: int, per_token: int, per_address: int) -> None:
        self.per_process = per_process
        self.per_token = per_token
        self.per_address = per_address
        self.open = 0
        self._counts: Counter[tuple[str, str]] = Counter()

    def acquire(self, seat: str | None, address: str | None) -> tuple[str, str]:
        """Takes a slot for one stream of `seat` (a `game/seat` key) or, for a spectator, of
        `address`; raises `TooManyStreams` when a cap is reached. Give it back with `release`."""
        if self.per_process and self.open >= self.per_process:
            raise TooManyStreams("process", self.per_process)
        if seat is not None:
            key, limit = ("token", seat), self.per_token
        else:
            key, limit = ("address", address or "unknown"), self.per_address
        if limit and self._counts[key] >= limit:
            raise TooManyStreams(key[0], limit)
        self.open += 1
        self._counts[key] += 1
        return key

    def release(self, key: tuple[str, str]) -> None:
        """Gives back the slot `acquire` returned."""
        self.open -= 1
        self._counts[key] -= 1
        if self._counts[key] <= 0:
            del self._counts[key]


def as_api_error(exc: TooManyStreams) -> ApiError:
    """Returns the GraphQL error of a refused stream: `extensions` carry `scope` and `limit`."""
    return ApiError(exc.code, str(exc), {"scope": exc.scope, "limit": exc.limit})
