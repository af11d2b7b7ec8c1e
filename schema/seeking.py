"""Matchmaking in GraphQL (architecture §5e): seeks, challenges and rematches.

The same operations as `/v1/seeks`, `/v1/challenges` and `POST /v1/games/{id}/rematch`
(`service.features.matchmaking`): mutations answer `Rejected` for expected failures
(`PLAYER_TOKEN_REQUIRED`, `TOO_MANY_SEEKS`, `CHALLENGE_CLOSED`, `GAME_NOT_FINISHED`, ...), the
queries a top-level error. `challenges` is a Relay connection (`first`, `after`), so its cost
counts the challenges of a page (`schema.field_costs`).
"""

from __future__ import annotations

from typing import Annotated, Any

import strawberry
from strawberry.scalars import JSON

from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema.context import Info
from boardstate.schema.events import PageInfo
from boardstate.schema.results import Rejected
from boardstate.service.contract.codes import as_api_error
from boardstate.service.contract.paging import clamp_first
from boardstate.service.contract.players.match_ports import ChallengeView, RematchView, SeekView


@strawberry.type
class Seek:
    """A seek: `status` `open`, `matched` (with `gameId` and `seat`), `cancelled` or
    `expired`; `createdAt`/`expiresAt` in epoch milliseconds."""

    seek_id: str
    player_id: str
    game_type: str
    players: int
    options: JSON | None
    rated: bool
    bots: int
    rating_min: float | None
    rating_max: float | None
    status: str
    created_at: float
    expires_at: float
    game_id: strawberry.ID | None
    seat: int | None

    @classmethod
    def of(cls, view: SeekView) -> Seek:
        return cls(**_fields(view, cls))


@strawberry.type
class Challenge:
    """A challenge: `status` `open`, `matched` (`gameId`, and `seats` one per player in
    `[challenger, *invited]` order), `declined` (`declinedBy`), `cancelled` or `expired`."""

    challenge_id: str
    challenger: str
    invited: list[str]
    accepted: list[str]
    game_type: str
    players: int
    options: JSON | None
    rated: bool
    bots: int
    status: str
    created_at: float
    expires_at: float
    declined_by: str | None
    game_id: strawberry.ID | None
    seats: list[int] | None

    @classmethod
    def of(cls, view: ChallengeView) -> Challenge:
        return cls(**_fields(view, cls))


@strawberry.type
class ChallengeEdge:
    cursor: str
    node: Challenge


@strawberry.type
class ChallengeConnection:
    """A page of the caller's open challenges, oldest first."""

    edges: list[ChallengeEdge]
    page_info: PageInfo
    total_count: int = strawberry.field(description="The open challenges the caller holds.")


@strawberry.type
class Rematch:
    """A rematch: `open` (waiting for the seats in `waitingFor`) or `created` (`gameId`, the
    caller's `seat`, and for a seat-token caller its new seat's `token`)."""

    rematch_of: str
    status: str
    asked: list[int]
    waiting_for: list[int]
    game_id: strawberry.ID | None
    seat: int | None
    token: str | None

    @classmethod
    def of(cls, view: RematchView) -> Rematch:
        return cls(**_fields(view, cls))


def _fields(view: Any, kind: type[Any]) -> dict[str, Any]:
    """The type's fields from the view's of the same names (tuples as lists)."""
    names = kind.__annotations__
    return {n: list(v) if isinstance(v := getattr(view, n), tuple) else v for n in names}


async def _answer(info: Info, challenge_id: str, answer: str) -> Challenge | Rejected:
    ctx = info.context
    try:
        challenges = ctx.backend.challenges
        return Challenge.of(await challenges.answer_challenge(ctx.token, challenge_id, answer))
    except MoveError as exc:
        return Rejected.of(exc)


SeekResult = Annotated[Seek | Rejected, strawberry.union("SeekResult")]
ChallengeResult = Annotated[Challenge | Rejected, strawberry.union("ChallengeResult")]
RematchResult = Annotated[Rematch | Rejected, strawberry.union("RematchResult")]


@strawberry.type
class MatchQuery:
    @described.field("The caller's open seeks, oldest first (a player token).")
    async def seeks(self, info: Info) -> list[Seek]:
        ctx = info.context
        try:
            return [Seek.of(v) for v in await ctx.backend.seeks.seeks(ctx.token)]
        except MoveError as exc:
            raise as_api_error(exc) from None

    @described.field("One of the caller's seeks, open or settled (SEEK_NOT_FOUND).")
    async def seek(self, info: Info, seek_id: str) -> Seek:
        ctx = info.context
        try:
            return Seek.of(await ctx.backend.seeks.seek(ctx.token, seek_id))
        except MoveError as exc:
            raise as_api_error(exc) from None

    @described.field(
        "The open challenges the caller made or was invited to, oldest first, a page at a time."
    )
    async def challenges(
        self, info: Info, first: int | None = None, after: str | None = None
    ) -> ChallengeConnection:
        ctx = info.context
        count = clamp_first(first, ctx.backend.games.page_cap)
        try:
            page = await ctx.backend.challenges.challenges(ctx.token, count, after)
        except MoveError as exc:
            raise as_api_error(exc) from None
        edges = [ChallengeEdge(cursor=c, node=Challenge.of(v)) for c, v in page.items]
        return ChallengeConnection(
            edges=edges,
            page_info=PageInfo(
                has_next_page=page.has_next,
                has_previous_page=after is not None,
                start_cursor=edges[0].cursor if edges else None,
                end_cursor=edges[-1].cursor if edges else None,
            ),
            total_count=page.total,
        )

    @described.field("A challenge the caller made or was invited to (CHALLENGE_NOT_FOUND).")
    async def challenge(self, info: Info, challenge_id: str) -> Challenge:
        ctx = info.context
        try:
            return Challenge.of(await ctx.backend.challenges.challenge(ctx.token, challenge_id))
        except MoveError as exc:
            raise as_api_error(exc) from None


@strawberry.type
class MatchMutation:
    @described.mutation(
        "Seeks a game: paired at once with compatible seeks (same game type, players, options, "
        "rated flag and bots; each rating inside every other's range) or waits until paired, "
        "cancelled or expired. `bots` seats are filled by `botPolicy` bots."
    )
    async def create_seek(
        self,
        info: Info,
        game_type: str,
        players: int,
        options: JSON | None = None,
        rated: bool = False,
        bots: int = 0,
        bot_policy: str = "heuristic",
        rating_min: float | None = None,
        rating_max: float | None = None,
        ttl_seconds: int | None = None,
        name: str | None = None,
        idempotency_key: str | None = None,
    ) -> SeekResult:
        ctx = info.context
        try:
            view = await ctx.backend.seeks.create_seek(
                ctx.token, game_type, players, options, rated, bots, bot_policy,
                rating_min, rating_max, ttl_seconds, name, idempotency_key,
            )  # fmt: skip
        except MoveError as exc:
            return Rejected.of(exc)
        return Seek.of(view)

    @described.mutation("Cancels an open seek; a settled one is answered as it is.")
    async def cancel_seek(self, info: Info, seek_id: str) -> SeekResult:
        ctx = info.context
        try:
            return Seek.of(await ctx.backend.seeks.cancel_seek(ctx.token, seek_id))
        except MoveError as exc:
            return Rejected.of(exc)

    @described.mutation(
        "Challenges named players (`invite`: every human seat but the caller's) to a game."
    )
    async def create_challenge(
        self,
        info: Info,
        invite: list[str],
        game_type: str,
        players: int,
        options: JSON | None = None,
        rated: bool = False,
        bots: int = 0,
        bot_policy: str = "heuristic",
    ) -> ChallengeResult:
        ctx = info.context
        try:
            view = await ctx.backend.challenges.create_challenge(
                ctx.token, list(invite), game_type, players, options, rated, bots, bot_policy
            )
        except MoveError as exc:
            return Rejected.of(exc)
        return Challenge.of(view)

    @described.mutation("Accepts a challenge; the last acceptance creates the game.")
    async def accept_challenge(self, info: Info, challenge_id: str) -> ChallengeResult:
        return await _answer(info, challenge_id, "accept")

    @described.mutation("Declines a challenge (it closes).")
    async def decline_challenge(self, info: Info, challenge_id: str) -> ChallengeResult:
        return await _answer(info, challenge_id, "decline")

    @described.mutation("The challenger withdraws a challenge.")
    async def cancel_challenge(self, info: Info, challenge_id: str) -> ChallengeResult:
        return await _answer(info, challenge_id, "cancel")

    @described.mutation(
        "Asks for a rematch of a finished game (player or seat token); when every human seat "
        "has asked, the new game is created with the seats rotated by one."
    )
    async def rematch(self, info: Info, game_id: strawberry.ID) -> RematchResult:
        ctx = info.context
        try:
            return Rematch.of(await ctx.backend.rematches.ask(str(game_id), ctx.token))
        except MoveError as exc:
            return Rejected.of(exc)
