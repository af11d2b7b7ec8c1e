"""`LiveEvents`: a game's events as they happen, for both doors (`gameEvents`, the SSE route).

A stream is opened before any event is read (`open_game_events`), so an HTTP stream can answer
`BAD_VERSION`, `GameNotFound` and `TOO_MANY_STREAMS` with a status before its body; over a cap on
live streams: `TOO_MANY_STREAMS` (`service.features.live.stream_limits`).
"""

from __future__ import annotations

import functools
from collections.abc import AsyncGenerator
from contextlib import aclosing

from boardstate.service.contract.codes import BAD_VERSION, ApiError
from boardstate.service.contract.ports import EventView
from boardstate.service.failures import BadVersion, GameNotFound, Unauthorized
from boardstate.service.features.live.event_streams import EventStream, open_stream
from boardstate.service.features.live.live_events import SubscriptionHub
from boardstate.service.features.live.stream_limits import StreamLimits
from boardstate.service.features.moves.game_reads import GameReads
from boardstate.service.inputs import echo
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.store_failures import store_errors


class LiveEvents:
    """Opens live streams of games' events; one reader per process (`hub`) serves them all."""

    def __init__(
        self, games: GameReads, hub: SubscriptionHub, streams: StreamLimits, metrics: Metrics
    ) -> None:
        self.games = games
        self.hub = hub
        self.streams = streams
        self.metrics = metrics

    async def open_game_events(
        self,
        game_id: str,
        after_version: int,
        token: str | None,
        address: str | None = None,
        with_state: bool = False,
    ) -> EventStream:
        """Opens the stream of `game_events` now, before any event is read; a token that acts for
        no seat of the game is refused (`UNAUTHORIZED`), not read as a spectator."""
        if after_version < 0:
            raise ApiError(BAD_VERSION, f"afterVersion must be 0 or more, not {after_version}")
        with store_errors():
            record = await self.games.loader.load(game_id)
            if record is None:
                raise GameNotFound(f"no game {echo(game_id)}")
            viewer = await self.games.viewer_of(record, token)
        if token is not None and viewer is None:  # the same on every door: SSE, GraphQL, socket
            raise Unauthorized("the token is not a seat token of this game")
        if not 0 <= after_version <= record.version:
            # A position past the log would wait for events that may never come: refused.
            raise BadVersion(f"afterVersion must be 0..{record.version}, not {after_version}")
        at = functools.partial(self.games.loader.at_version, record)
        limits = (self.hub, self.streams, self.metrics)
        cached = functools.partial(self.games.loader.cached, game_id)
        return open_stream(*limits, record, viewer, after_version, address, at, with_state, cached)

    async def game_events(
        self,
        game_id: str,
        after_version: int,
        token: str | None,
        address: str | None = None,
        with_state: bool = False,
    ) -> AsyncGenerator[EventView, None]:
        """Yields events after `after_version` from the log, then live, with their headers;
        ends after GameEnded."""
        stream = await self.open_game_events(game_id, after_version, token, address, with_state)
        async with aclosing(stream):
            async for prepared in stream:
                yield prepared.view

    async def close(self) -> None:
        """Stops the live feeds."""
        await self.hub.close()
