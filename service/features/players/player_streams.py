"""A player's own stream and games, for both doors (issue 30, DESIGN §5e).

`open_stream(token, after, address)`: the caller's player token names the only player whose
stream it reads (`PLAYER_TOKEN_REQUIRED`, `PLAYER_TOKEN_INVALID` otherwise); the stream holds a
stream slot (`service.features.live.stream_limits`: the process and the client address, and the
player: at most `per_token` streams of one player in one process) and yields the player's
events (`PlayerItem`) after the stream id `after` (None: from now on; `0`: from the oldest
kept), then live ones; None when `keepalive_s` passed without any. A position that is no stream
id is `BAD_FEED_FILTER`.

`games(token, status, game_type, first, after)`: the games the feed announced with the
caller's playerId on a seat (from creation when created with it, else from when they started),
newest first, filtered, `first` at a time after the cursor `after` (a gameId).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncGenerator
from typing import Any

from boardstate.service.contract.player_stream_ports import PlayerItem
from boardstate.service.contract.ports import GamesPage, GameView
from boardstate.service.failures import TooManyStreams
from boardstate.service.features.live.slot_streams import SlotStream
from boardstate.service.features.live.stream_limits import StreamLimits, as_api_error
from boardstate.service.features.moves.game_reads import GameReads
from boardstate.service.features.players.identity import PlayerIdentity
from boardstate.service.features.players.inbox_hub import InboxHub
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store.inbox_store import RedisInbox
from boardstate.service.store.index import InvalidCursor
from boardstate.service.webhook_failures import BadFeedFilter

POSITION = re.compile(r"^(0|[0-9]{1,15}-[0-9]{1,15})$")


def check_position(after: str | None) -> str | None:
    """A valid stream position (or None: from now on); raises `BAD_FEED_FILTER`."""
    if after is None or after == "":
        return None
    if not POSITION.match(after):
        raise BadFeedFilter("a stream position is an event id like 1733270000000-0, or 0")
    return after


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
        try:
            slot = self.streams.acquire(address, f"player/{player}")
        except TooManyStreams as exc:
            raise as_api_error(exc) from None
        return SlotStream(self._items(player, start), lambda: self.streams.release(slot))

    async def _items(
        self, player: str, start: str | None
    ) -> AsyncGenerator[PlayerItem | None, None]:
        with store_errors():
            position = start if start is not None else await self.store.tail(player)
        entries = self.hub.follow(player, position)
        following: asyncio.Future[Any] | None = None
        try:
            while True:
                if following is None:
                    following = asyncio.ensure_future(anext(entries))
                done, _ = await asyncio.wait((following,), timeout=self.keepalive_s)
                if not done:
                    yield None
                    continue
                with store_errors():
                    entry_id, kind, data, at = following.result()
                following = None
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
                view = await self.game_reads.game(game_id)
                if view is not None:
                    page.append((game_id, view))
        return GamesPage(tuple(page), len(found), start + first < len(found))
