"""Caps on live streams in one process (`docs/security.md`, Connections and live streams).

A live stream is a game's events (`gameEvents` over a websocket or graphql-sse, `GET
/v1/games/{id}/events/stream`) or the cross-game feed (the `feed` subscription, `GET
/v1/feed/stream`). Every stream counts against:

* the process (`BOARDSTATE_MAX_STREAMS`);
* the client address it was opened from (`BOARDSTATE_MAX_STREAMS_PER_ADDRESS`), whatever token
  it uses: seat tokens of games an address created itself do not let it hold more, so one
  address can never take the whole process (the default is a small share of it);
* the seat, when its token is a seat's (`BOARDSTATE_MAX_STREAMS_PER_TOKEN`);
* feed streams also the process's feed cap (`BOARDSTATE_MAX_FEED_STREAMS`).

A cap of 0 turns that cap off. A stream over a cap is refused with `TOO_MANY_STREAMS` before it
reads anything; `scope` names the cap it met, the client's own first (`token`, `address`), then
the process's (`feed`, `process`). Its slot is given back when it ends, however it ends.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import BAD_FEED_FILTER, ApiError
from boardstate.service.failures import TooManyStreams
from boardstate.service.settings import Settings


class BadFeedFilter(MoveError):
    """A stream position or filter that cannot be served (the feed's, a player's stream's)."""

    code = BAD_FEED_FILTER


PROCESS_SCOPES = frozenset({"process", "feed"})
"""Caps of the whole process: a refusal there is the replica's state, not the client's (503)."""


@dataclasses.dataclass(frozen=True, slots=True)
class StreamCaps:
    """The caps; 0 turns one off."""

    per_process: int = 1000
    per_token: int = 8
    per_address: int = 32
    feeds: int = 100

    @classmethod
    def of(cls, settings: Settings) -> StreamCaps:
        """The caps `settings` set (`BOARDSTATE_MAX_STREAMS`, `..._PER_TOKEN`,
        `..._PER_ADDRESS`, `BOARDSTATE_MAX_FEED_STREAMS`)."""
        return cls(
            settings.max_streams,
            settings.max_streams_per_token,
            settings.max_streams_per_address,
            settings.max_feed_streams,
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Slot:
    """The counts one open stream holds, given back by `StreamLimits.release`."""

    keys: tuple[tuple[str, str], ...]


class StreamLimits:
    """Counts this process's live streams by process, feed, seat and address."""

    def __init__(self, caps: StreamCaps) -> None:
        self.caps = caps
        self._counts: Counter[tuple[str, str]] = Counter()

    @property
    def open(self) -> int:
        """Streams open in this process."""
        return self._counts[("process", "")]

    def held(self, scope: str, name: str = "") -> int:
        """Streams counted against one address (`address`), seat (`token`) or process scope."""
        return self._counts[(scope, name)]

    def _limit(self, scope: str) -> int:
        caps = self.caps
        limits = {
            "token": caps.per_token,
            "address": caps.per_address,
            "feed": caps.feeds,
            "process": caps.per_process,
        }
        return limits[scope]

    def acquire(self, address: str | None, seat: str | None = None, feed: bool = False) -> Slot:
        """Takes a slot for one stream opened from `address`, acting for `seat` (a
        `game/seat` key) if given, of the feed if `feed`; raises `TooManyStreams` when a cap
        is reached (nothing is counted then). Give it back with `release`."""
        keys: list[tuple[str, str]] = []
        if seat is not None:
            keys.append(("token", seat))
        keys.append(("address", address or "unknown"))
        if feed:
            keys.append(("feed", ""))
        keys.append(("process", ""))
        for key in keys:
            limit = self._limit(key[0])
            if limit and self._counts[key] >= limit:
                raise TooManyStreams(key[0], limit)
        for key in keys:
            self._counts[key] += 1
        return Slot(tuple(keys))

    def release(self, slot: Slot) -> None:
        """Gives back the slot `acquire` returned."""
        for key in slot.keys:
            self._counts[key] -= 1
            if self._counts[key] <= 0:
                del self._counts[key]


def as_api_error(exc: TooManyStreams) -> ApiError:
    """Returns the GraphQL error of a refused stream: `extensions` carry `scope` and `limit`."""
    return ApiError(exc.code, str(exc), {"scope": exc.scope, "limit": exc.limit})
