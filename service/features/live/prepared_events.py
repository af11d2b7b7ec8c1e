"""Each event of a live stream prepared once per distinct view, not once per subscriber
(issue 38, "one stream core"; architecture §4).

A game's subscribers in one process fall into a few views: each seat's, the spectators', with
or without the viewer's state in the header, and (for a stream opened after the game ended)
unredacted. What a subscriber is sent for one event depends on nothing else: the header of
version n is the game at version n whatever version the stream started from, and the
redaction depends only on the viewer. So the first subscriber of a view to reach an event
prepares it (`ViewFold.prepare`: the header folded, the event redacted) and every other
subscriber of that view takes the same `PreparedEvent` from `PreparedViews`, keyed by game,
version, the event's stateHash and the view. The doors encode it once per view as well
(`PreparedEvent.encoded`: the SSE message, the socket's `event` frame), so a thousand
spectators of one game cost one redaction, one header and one encoding per event, plus what
each subscriber's own delivery costs (a queue, a lookup, the bytes).
"""

from __future__ import annotations

import copy
import dataclasses
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple, TypeVar, cast

from boardstate.service.contract.languages import DEFAULT, current
from boardstate.service.contract.ports import EventView
from boardstate.service.features.live.stream_headers import HeaderFold
from boardstate.service.features.views.read_models import event_view
from boardstate.service.log.game_record import GameRecord
from boardstate.service.store import StoredEvent

T = TypeVar("T")

PREPARED = 512
"""Prepared events kept in one process (by game, version, stateHash and view), oldest dropped.
Each holds the game's record after it, so this bounds memory as `stream_headers.FOLDED` does;
live subscribers mostly share through their feed (`Feed.shared`), which holds only the newest
events, and this cache serves the rest (catch-ups, a subscriber at another position)."""


class ViewKey(NamedTuple):
    """A distinct view of a game's events: the seat (None: a spectator), whether the header
    carries the viewer's state, whether the stream shows the finished game unredacted, and
    the language of its words (`service.contract.languages`)."""

    viewer: int | None
    with_state: bool
    complete: bool
    language: str = DEFAULT


class PreparedEvent:
    """One event as one view sees it (`view`, with its header), the game just after it
    (`record`), and its encodings by door, each made once (`encoded`)."""

    __slots__ = ("_encoded", "record", "type", "version", "view")

    def __init__(self, view: EventView, record: GameRecord) -> None:
        self.view = view
        self.record = record
        self.version = view.version
        self.type = view.type
        self._encoded: dict[str, Any] = {}

    def encoded(self, door: str, encode: Callable[[EventView], T]) -> T:
        """`encode(view)` the first time `door` asks, the same object every later time."""
        found = self._encoded.get(door)
        if found is None:
            found = self._encoded[door] = encode(self.view)
        return cast(T, found)


Key = tuple[str, int, str, ViewKey]


class PreparedViews:
    """The events prepared in this process, shared by every subscriber of the same view; a
    `size` of 0 turns the sharing off (every subscriber prepares every event itself, as before
    the stream core: `bench/spectators.py --unshared`)."""

    def __init__(self, size: int = PREPARED) -> None:
        self.size = size
        self._items: OrderedDict[Key, PreparedEvent] = OrderedDict()
        self.prepared = 0
        """Events prepared (a view's first subscriber to reach them)."""
        self.shared = 0
        """Events another subscriber of the same view had prepared already."""

    def get(self, key: Key) -> PreparedEvent | None:
        found = self._items.get(key)
        if found is not None:
            self.shared += 1
        return found

    def put(self, key: Key, prepared: PreparedEvent) -> None:
        self.prepared += 1
        self._items[key] = prepared
        if len(self._items) > self.size:
            self._items.popitem(last=False)


class ViewFold:
    """One stream's events prepared for its view, taken from `views` when another subscriber
    of the same view prepared them first."""

    def __init__(
        self,
        views: PreparedViews,
        opened: GameRecord,
        viewer: int | None,
        with_state: bool,
        at_version: Callable[[int], Awaitable[GameRecord]],
        cached: Callable[[], GameRecord | None] = lambda: None,
    ) -> None:
        self.views = views
        self.opened = opened
        self.key = ViewKey(viewer, with_state, opened.result is not None, current())
        self.name = "/".join(map(str, self.key))
        """The view as a string: a cheap key (its hash is kept)."""
        self.fold = HeaderFold(at_version, viewer, with_state, cached, opened=opened)

    def branch(self, latest: PreparedEvent | None) -> ViewFold:
        """A fold of the same view that goes on from `latest` (the last event taken) on its
        own (a fanout's, `service.features.live.fanout`)."""
        twin = copy.copy(self)
        twin.fold = copy.copy(self.fold)
        if latest is not None:
            twin.took(latest)
        return twin

    def took(self, prepared: PreparedEvent) -> None:
        """The stream took `prepared` from another subscriber: a later miss folds on from it."""
        self.fold.record = prepared.record

    def shared(self, event: StoredEvent) -> PreparedEvent | None:
        """The event (the stream's next) as another subscriber of this view prepared it, if
        one did (no await: the common case of a followed game costs a lookup)."""
        found = self.views.get((self.opened.game_id, event.version, event.state_hash, self.key))
        if found is not None:
            self.took(found)
        return found

    async def prepare(self, event: StoredEvent) -> PreparedEvent:
        """The event (the stream's next) with the game's header after it, for this view."""
        found = self.shared(event)
        if found is not None:
            return found
        key = (self.opened.game_id, event.version, event.state_hash, self.key)
        header = await self.fold.after(event)
        view = event_view(
            self.opened, event, self.key.viewer, self.key.complete, language=self.key.language
        )
        record = self.fold.record
        assert record is not None  # `after` has folded up to `event`
        prepared = PreparedEvent(dataclasses.replace(view, header=header), record)
        self.views.put(key, prepared)
        return prepared
