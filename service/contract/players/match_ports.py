"""The matchmaking views and port (architecture §5e), beside `contract.backend`: what both doors
answer for a seek, a challenge and a rematch."""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol


@dataclasses.dataclass(frozen=True, slots=True)
class SeekView:
    """A seek: `status` is `open`, `matched` (then `game_id` and `seat`), `cancelled` or
    `expired`; times are epoch milliseconds."""

    seek_id: str
    player_id: str
    game_type: str
    players: int
    options: Any
    rated: bool
    bots: int
    rating_min: float | None
    rating_max: float | None
    status: str
    created_at: int
    expires_at: int
    game_id: str | None = None
    seat: int | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class ChallengeView:
    """A challenge: `status` is `open`, `matched` (then `game_id` and `seats`, one per player
    in `[challenger, *invited]` order), `declined` (`declined_by`), `cancelled` or `expired`."""

    challenge_id: str
    challenger: str
    invited: tuple[str, ...]
    accepted: tuple[str, ...]
    game_type: str
    players: int
    options: Any
    rated: bool
    bots: int
    status: str
    created_at: int
    expires_at: int
    declined_by: str | None = None
    game_id: str | None = None
    seats: tuple[int, ...] | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class ChallengePage:
    """A page of a player's open challenges, oldest first: (cursor, view) pairs; `has_next`
    when more follow; `total`: how many the player holds open."""

    items: tuple[tuple[str, ChallengeView], ...]
    has_next: bool
    total: int


@dataclasses.dataclass(frozen=True, slots=True)
class RematchView:
    """A rematch of a finished game: `status` `open` (waiting for `waiting_for` seats of the old
    game) or `created` (`game_id`, the caller's `seat`, and `token` for a caller who asked with
    a seat token: its new seat's token)."""

    rematch_of: str
    status: str
    asked: tuple[int, ...]
    waiting_for: tuple[int, ...]
    game_id: str | None = None
    seat: int | None = None
    token: str | None = None


class SeeksPort(Protocol):
    """Seeks, for the doors: the caller is the player its token names."""

    async def create_seek(
        self,
        token: str | None,
        game_type: str,
        players: int,
        options: Any = None,
        rated: bool = False,
        bots: int = 0,
        bot_policy: str = "heuristic",
        rating_min: float | None = None,
        rating_max: float | None = None,
        ttl_seconds: int | None = None,
        name: str | None = None,
        key: str | None = None,
    ) -> SeekView: ...
    async def seek(self, token: str | None, seek_id: str) -> SeekView: ...
    async def seeks(self, token: str | None) -> list[SeekView]: ...
    async def cancel_seek(self, token: str | None, seek_id: str) -> SeekView: ...


class ChallengesPort(Protocol):
    """Challenges, for the doors."""

    async def create_challenge(
        self,
        token: str | None,
        invite: list[str],
        game_type: str,
        players: int,
        options: Any = None,
        rated: bool = False,
        bots: int = 0,
        bot_policy: str = "heuristic",
    ) -> ChallengeView: ...
    async def challenges(
        self, token: str | None, count: int, after: str | None = None
    ) -> ChallengePage: ...
    async def challenge(self, token: str | None, challenge_id: str) -> ChallengeView: ...
    async def answer_challenge(
        self, token: str | None, challenge_id: str, answer: str
    ) -> ChallengeView: ...


class RematchesPort(Protocol):
    """Rematches, for the doors (a player token or a seat token of the finished game)."""

    async def ask(self, game_id: str, token: str | None) -> RematchView: ...
