"""REST bodies of matchmaking (architecture §5e; handlers in
`service.http.rest.matchmaking.handlers`)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from boardstate.service.http.rest import values as v
from boardstate.service.http.rest.base import Body, Out
from boardstate.service.store.players.seek_index import RATING_CEILING, RATING_FLOOR

Rating = Annotated[float, msgspec.Meta(ge=RATING_FLOOR, le=RATING_CEILING)]
Bots = Annotated[int, msgspec.Meta(ge=0, le=v.MAX_PLAYERS)]
Ttl = Annotated[int, msgspec.Meta(ge=1, le=7 * 86_400)]


class SeekIn(Body):
    """`POST /v1/seeks`: the game sought (`createSeek`'s arguments). `bots` seats are filled by
    `botPolicy` bots; `ratingMin`/`ratingMax` bound the other seekers' ratings; `ttlSeconds`
    (at most `BOARDSTATE_SEEK_TTL`, its default) says how long the seek waits; `name` is the
    seat's name (default: the playerId)."""

    game_type: str
    players: v.Players
    options: Any = None
    rated: bool = False
    bots: Bots = 0
    bot_policy: v.BotPolicy = "heuristic"
    rating_min: Rating | None = None
    rating_max: Rating | None = None
    ttl_seconds: Ttl | None = None
    name: v.Name | None = None


class SeekOut(Out):
    """A seek: `status` `open`, `matched` (with `gameId` and `seat`), `cancelled` or
    `expired`; `createdAt`/`expiresAt` in epoch milliseconds."""

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
    game_id: str | None
    seat: int | None


class ChallengeIn(Body):
    """`POST /v1/challenges`: `invite` the playerIds who take every human seat but yours
    (`players` - `bots` - 1 of them); `bots` seats are filled by `botPolicy` bots."""

    invite: list[v.PlayerId]
    game_type: str
    players: v.Players
    options: Any = None
    rated: bool = False
    bots: Bots = 0
    bot_policy: v.BotPolicy = "heuristic"


class ChallengeOut(Out):
    """A challenge: `status` `open`, `matched` (`gameId`, and `seats`: one per player in
    `[challenger, *invited]` order), `declined` (`declinedBy`), `cancelled` or `expired`."""

    challenge_id: str
    challenger: str
    invited: list[str]
    accepted: list[str]
    game_type: str
    players: int
    options: Any
    rated: bool
    bots: int
    status: str
    created_at: int
    expires_at: int
    declined_by: str | None
    game_id: str | None
    seats: list[int] | None


class ChallengesPageOut(Out):
    """Open challenges, oldest first; pass `nextCursor` as `cursor` for the next page (null on
    the last); `totalCount`: the open challenges the caller holds."""

    items: list[ChallengeOut]
    next_cursor: str | None
    total_count: int


class RematchOut(Out):
    """A rematch: `open` (waiting for the seats in `waitingFor`) or `created` (`gameId`, the
    caller's `seat`, and for a seat-token caller its new seat's `token`)."""

    rematch_of: str
    status: str
    asked: list[int]
    waiting_for: list[int]
    game_id: str | None
    seat: int | None
    token: str | None


MATCH_MODELS: tuple[type[Any], ...] = (
    SeekIn,
    SeekOut,
    ChallengeIn,
    ChallengeOut,
    ChallengesPageOut,
    RematchOut,
)
"""The bodies of these routes, for the document's components."""
