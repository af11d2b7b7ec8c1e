"""A player's own stream and games, for both doors (issue 30, architecture §5e).

`open_stream(token, after, address)`: the caller's player token names the only player whose
stream it reads (`PLAYER_TOKEN_REQUIRED`, `PLAYER_TOKEN_INVALID` otherwise); the stream holds a
stream slot (`service.features.live.stream_limits`: the process and the client address, and the
player: at most `per_token` streams of one player in one process) and yields the player's
events (`PlayerItem`) after the stream id `after` (None: from now on; `0`: from the oldest
kept), then live ones; None when `keepalive_s` passed without any. A position that is no stream
id, or one no event can have had yet (after the player's newest event and after Redis's clock:
such a stream would wait, silent, for ever), is `BAD_FEED_FILTER` (`check_reachable`). A
position after the newest event but not in the future (a stream emptied by Redis losing it, or
expired with the player's keys) reads on from there. The stream re-checks its token every
`RECHECK_S` and ends with `PLAYER_TOKEN_INVALID` once it was revoked or retired.

`games(token, status, game_type, first, after)`: the games the feed announced with the
caller's playerId on a seat (from creation when created with it, else from when they started),
newest first, filtered, `first` at a time after the cursor `after` (a gameId).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncGenerator
from typing import Any

from boardstate.service.contract.players.player_stream_ports import PlayerItem
from boardstate.service.contract.ports import GamesPage, GameView
from boardstate.service.failures import TooManyStreams
from boardstate.service.features.live.slot_streams import SlotStream
from boardstate.service.features.live.stream_limits import BadFeedFilter, StreamLimits, as_api_error
from boardstate.service.features.moves.game_reads import GameReads
from boardstate.service.features.players.identity import PlayerIdentity
from boardstate.service.features.players.inbox_hub import InboxHub, order
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store.index import InvalidCursor
from boardstate.service.store.players.inbox_store import RedisInbox

POSITION = re.compile(r"^(0|[0-9]{1,15}-[0-9]{1,15})$")
RECHECK_S = 15.0
"""An open stream asks again whether its token is still current this often."""


def check_position(after: str | None) -> str | None:
    """A valid stream position (or None: from now on); raises `BAD_FEED_FILTER`."""
    if after is None or after == "":
        return None
    if not POSITION.match(after):
        raise BadFeedFilter("a stream position is an event id like 1733270000000-0, or 0")
    return after


async def check_reachable(store: RedisInbox, player: str, start: str | None) -> None:
    """Raises `BAD_FEED_FILTER` for a position past the player's newest event and past Redis's
    clock: an id the stream cannot have given yet."""
    if start is None or start == "0":
        return
    newest = await store.tail(player)
    if order(start) <= order(newest):
        return
    now = await store.now_ms()
    if order(start)[0] > now:
        raise BadFeedFilter(
            f"position {start} is after your newest event ({newest}) and in the future: "
            "resume from an id this stream gave, 0 (the oldest kept) or without a position",
            {"after": start, "newest": newest},
        )


class PlayerStreams:
    """The player's stream and games (see the module docstring)."""

    def __init__(
        self,
        identity: PlayerIdentity,
        store: RedisInbox,
        hub: InboxHub,
        games: GameReads,
        streams: StreamLimits,
        keepalive_s: float,
    ) -> None:
        self.identity = identity
        self.store = store
        self.hub = hub
        self.game_reads = games
        self.streams = streams
        self.keepalive_s = keepalive_s

    async def open_stream(
        self, token: str | None, after: str | None, address: str | None
    ) -> SlotStream[PlayerItem | None]:
        """The caller's own stream (see the module docstring); close it with `aclose()`."""
        player = await self.identity.player_id(token)  # who asks comes first
        start = check_position(after)
        with store_errors():
            await check_reachable(self.store, player, start)
        try:
            slot = self.streams.acquire(address, f"player/{player}")
        except TooManyStreams as exc:
            raise as_api_error(exc) from None
        items = self._items(player, start, token)
        return SlotStream(items, lambda: self.streams.release(slot))

    async def _items(
        self, player: str, start: str | None, token: str | None
    ) -> AsyncGenerator[PlayerItem | None, None]:
        with store_errors():
            position = start if start is not None else await self.store.tail(player)
        entries = self.hub.follow(player, position)
        following: asyncio.Future[Any] | None = None
        loop = asyncio.get_running_loop()
        told = checked = loop.time()
        try:
            while True:
                if loop.time() - checked >= RECHECK_S:  # revoked, retired or expired: it ends
                    with store_errors():
                        await self.identity.player_id(token)
                    checked = loop.time()
                if following is None:
                    following = asyncio.ensure_future(anext(entries))
                now = loop.time()
                wait = min(told + self.keepalive_s, checked + RECHECK_S) - now
                done, _ = await asyncio.wait((following,), timeout=max(0.01, wait))
                if not done:
                    if loop.time() - told >= self.keepalive_s:
                        told = loop.time()
                        yield None  # a keep-alive interval passed without an event
                    continue
                with store_errors():
                    entry_id, kind, data, at = following.result()
                following = None
                told = loop.time()
                yield PlayerItem(entry_id, kind, data, at)
        finally:
            if following is not None:
                following.cancel()
                await asyncio.gather(following, return_exceptions=True)
            await entries.aclose()

    async def games(
        self,
        token: str | None,
        status: str | None,
        game_type: str | None,
        first: int,
        after: str | None,
    ) -> GamesPage:
        """A page of the caller's own games (see the module docstring)."""
        player = await self.identity.player_id(token)
        with store_errors():
            rows = await self.store.games(player)
            found = [
                game_id
                for game_id, _, row in rows
                if (status is None or row.get("status") == status)
                and (game_type is None or row.get("gameType") == game_type)
            ]
            start = 0
            if after is not None:
                if after not in found:
                    raise InvalidCursor(f"unknown cursor {after[:50]!r}")
                start = found.index(after) + 1
            chosen = found[start : start + first]
            page: list[tuple[str, GameView]] = []
            for game_id in chosen:
                view = await self.game_reads.listed(game_id)  # None: gone, or its package
                if view is not None:
                    page.append((game_id, view))
        return GamesPage(tuple(page), len(found), start + first < len(found))
