"""The player's own stream and games as the doors see them (issue 30, architecture §5e)."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from typing import Any, Protocol

from boardstate.service.contract.ports import GamesPage


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerItem:
    """One event of a player's stream: its stream id (`Last-Event-ID`), kind, data, time."""

    id: str
    kind: str
    data: dict[str, Any]
    at: str

    def to_dict(self) -> dict[str, Any]:
        """The event as both doors send it: `{id, kind, at, data}`."""
        return {"id": self.id, "kind": self.kind, "at": self.at, "data": self.data}


class PlayerStream(Protocol):
    """An opened player stream: events, None for a quiet keep-alive interval. `aclose()` ends
    it and gives its stream slot back (also if never read)."""

    def __aiter__(self) -> AsyncIterator[PlayerItem | None]: ...

    async def __anext__(self) -> PlayerItem | None: ...

    async def aclose(self) -> None: ...


class PlayerStreamsPort(Protocol):
    """The caller's own stream and games (a player token names the player)."""

    async def open_stream(
        self, token: str | None, after: str | None, address: str | None
    ) -> PlayerStream:
        """The events after the stream id `after` (None: from now on), then live ones."""

    async def games(
        self,
        token: str | None,
        status: str | None,
        game_type: str | None,
        first: int,
        after: str | None,
    ) -> GamesPage:
        """A page of the caller's games, newest first (cursors: game ids)."""


class PlayerFeedsPort(Protocol):
    """The player feeds of the service (`Service.player_feeds`)."""

    @property
    def streams(self) -> PlayerStreamsPort: ...
