"""Feed positions and filters (`service.features.webhooks.feed`).

A feed position is the feed stream's entry id: `<ms>-<seq>`, two unsigned 64-bit integers (what
Redis stream ids are), or `0` for "before the oldest". Anything else, a part above 2^64 - 1
included, is `BAD_FEED_FILTER` before Redis is asked (Redis would refuse it with an error of its
own, or read nothing).

Filters are checked on the stored JSON text first: the relay stores each announcement as
`json.dumps` output, in which a string value appears exactly as `json.dumps(value)`, so an
announcement whose text lacks a filter's value is skipped without being parsed. Only the
candidates left are parsed and checked field by field.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from boardstate.service.features.live.stream_limits import BadFeedFilter

POSITION = re.compile(r"^(0|[0-9]{1,20}-[0-9]{1,20})$")
MAX_PART = 2**64 - 1
"""The largest part of a Redis stream id."""


def order(position: str) -> tuple[int, int]:
    """A position as a pair that sorts as the feed does."""
    ms, _, seq = position.partition("-")
    return int(ms), int(seq or 0)


def check_position(after: str | None) -> str | None:
    """A valid feed position (or None); raises `BadFeedFilter`."""
    if after is None or after == "":
        return None
    if not POSITION.match(after) or max(order(after)) > MAX_PART:
        raise BadFeedFilter(
            "a feed position is an id like 1733270000000-0 (two whole numbers of at most "
            f"{MAX_PART}), or 0 for the oldest"
        )
    return after


def successor(position: str) -> str | None:
    """The smallest id after `position` (an inclusive `XRANGE` start); None after the last."""
    ms, seq = order(position)
    if position == "0":
        return "0-0"
    if seq < MAX_PART:
        return f"{ms}-{seq + 1}"
    return f"{ms + 1}-0" if ms < MAX_PART else None


@dataclasses.dataclass(frozen=True, slots=True)
class FeedFilters:
    """`gameType`, `playerId`, `gameId`: None lets everything through."""

    game_type: str | None = None
    player_id: str | None = None
    game_id: str | None = None

    @property
    def needles(self) -> tuple[bytes, ...]:
        values = (self.game_type, self.player_id, self.game_id)
        return tuple(json.dumps(v).encode() for v in values if v is not None)

    def wanted(self, announcement: dict[str, Any]) -> bool:
        """Whether an announcement passes the filters."""
        data = announcement.get("data", {})
        if self.game_type is not None and data.get("gameType") != self.game_type:
            return False
        if self.game_id is not None and data.get("gameId") != self.game_id:
            return False
        if self.player_id is not None:
            return any(s.get("playerId") == self.player_id for s in data.get("seats", ()))
        return True

    def match(self, raw: bytes, needles: tuple[bytes, ...]) -> dict[str, Any] | None:
        """The announcement stored as `raw` if it passes (`needles`: this one's `needles`)."""
        if not all(needle in raw for needle in needles):
            return None
        announcement: dict[str, Any] = json.loads(raw)
        return announcement if self.wanted(announcement) else None
