"""Which events of a game one page holds: Relay arguments, paged in both directions by version.

A game at version n has events 1..n. `after`/`before` cursors (or `afterVersion` /
`beforeVersion`) bound the window exclusively; `first` takes from its start, `last` from its
end (both clamped to the page cap). Edges are always oldest first. A page reads only its own
events, so its cost does not depend on where in the log it is.

Positions outside the log are typed errors, never an empty page: a negative `first`/`last`
(`BAD_INPUT`), an `afterVersion` outside 0..n or a `beforeVersion` outside 1..n+1
(`BAD_VERSION`), a cursor of an event the game does not have (`BAD_CURSOR`).
"""

from __future__ import annotations

import dataclasses

from boardstate.service.contract import cursors
from boardstate.service.contract.codes import BAD_CURSOR, BAD_INPUT, BAD_VERSION, ApiError


def clamp_first(first: int | None, cap: int, name: str = "first") -> int:
    """Returns `first` clamped to 0..cap (the cap when omitted); negative: `BAD_INPUT`."""
    if first is not None and first < 0:
        raise ApiError(BAD_INPUT, f"{name} must be at least 0, not {first}")
    return cap if first is None else min(first, cap)


def _bound(value: int, low: int, high: int, name: str) -> int:
    if not low <= value <= high:
        raise ApiError(BAD_VERSION, f"{name} must be {low}..{high}, not {value}")
    return value


def _cursor(cursor: str | None, version: int) -> int | None:
    if cursor is None:
        return None
    at = cursors.event_after(cursor)
    if not 1 <= at <= version:
        raise ApiError(BAD_CURSOR, f"the cursor names event {at}; the game has 1..{version}")
    return at


@dataclasses.dataclass(frozen=True, slots=True)
class Window:
    """The events `after + 1 .. after + count` of a game at `version`."""

    after: int
    count: int
    version: int


def window(
    version: int,
    cap: int,
    first: int | None = None,
    after: str | None = None,
    last: int | None = None,
    before: str | None = None,
    after_version: int | None = None,
    before_version: int | None = None,
) -> Window:
    """Returns the page the Relay arguments select (see the module docstring)."""
    if after is not None and after_version is not None:
        raise ApiError(BAD_CURSOR, "give `after` or `afterVersion`, not both")
    if before is not None and before_version is not None:
        raise ApiError(BAD_CURSOR, "give `before` or `beforeVersion`, not both")
    if after_version is not None:
        low = _bound(after_version, 0, version, "afterVersion")
    else:
        low = _cursor(after, version) or 0
    if before_version is not None:
        high: int | None = _bound(before_version, 1, version + 1, "beforeVersion")
    else:
        high = _cursor(before, version)
    high = version + 1 if high is None else max(low + 1, high)
    start, end = low, high - 1
    if first is not None or last is None:
        end = min(end, start + clamp_first(first, cap))
    if last is not None:
        start = max(start, end - clamp_first(last, cap, "last"))
    return Window(start, max(0, end - start), version)
