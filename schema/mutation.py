"""The Mutation root (architecture §5): createGame, joinGame, submitMove, plus forkGame."""

from __future__ import annotations

import strawberry
from strawberry.scalars import JSON

from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema.context import Info
from boardstate.schema.players import PlayerMutation
from boardstate.schema.results import (
    CreateGameResult,
    GameCreated,
    JoinGameResult,
    MoveAccepted,
    Rejected,
    SeatJoined,
    SeatToken,
    SubmitMoveResult,
    move_failure,
)
from boardstate.schema.seeking import MatchMutation
from boardstate.schema.table import TableMutation
from boardstate.schema.types import Game
from boardstate.schema.webhooks import WebhookMutation


@strawberry.input
class BotSeatInput:
    """A seat played by a bot: `policy` (`random`, ...: `GameType.botPolicies`) and its
    thinking budget in ms (1..10000)."""

    seat: int
    policy: str
    budget_ms: int = 1000

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "policy": self.policy, "budgetMs": self.budget_ms}


@strawberry.type
class Mutation(TableMutation, WebhookMutation, PlayerMutation, MatchMutation):
    @described.mutation(
        "Creates a game; `bots` puts bots in their seats and `seats` (player names) fills every "
        "other seat at once; a game whose seats are all filled starts. `playerIds` attaches an "
        "integrator's opaque id to each seat (null for none), for webhooks and the feed. "
        "`rated: true` counts the result for the players' ratings: every human seat needs a "
        "playerId (bots are rated as `bot:<policy>`) and the seed is the server's."
    )
    async def create_game(
        self,
        info: Info,
        game_type: strawberry.ID,
        players: int,
        options: JSON | None = None,
        seed: str | None = None,
        seats: list[str] | None = None,
        bots: list[BotSeatInput] | None = None,
        player_ids: list[str | None] | None = None,
        rated: bool = False,
    ) -> CreateGameResult:
        wanted = None if bots is None else [b.to_dict() for b in bots]
        try:
            created = await info.context.backend.lobby.create_game(
                str(game_type),
                players,
                options,
                seed,
                seats,
                wanted,
                player_ids,
                rated,
                token=info.context.token,
            )
        except MoveError as exc:
            return Rejected.of(exc)
        tokens = [SeatToken(seat=s, token=t) for s, t in created.tokens]
        return GameCreated(game=Game.of(created.game), tokens=tokens)

    @described.mutation(
        "Creates a game from `version` of a finished game (a move boundary): same game type, "
        "rules, options and seat names, fresh tokens for every seat (in the result), and a new "
        "seed from that version on (`seed` as in createGame). A position with hidden "
        "information (a hand, a shuffled deck) is refused (FORK_REVEALS_HIDDEN) unless the "
        "operator asks for an exact copy: `exact: true` with the admin token as the bearer."
    )
    async def fork_game(
        self,
        info: Info,
        game_id: strawberry.ID,
        version: int,
        seed: str | None = None,
        exact: bool = False,
    ) -> CreateGameResult:
        ctx = info.context
        try:
            created = await ctx.backend.lobby.fork_game(
                str(game_id), version, seed, exact, ctx.token
            )
        except MoveError as exc:
            return Rejected.of(exc)
        tokens = [SeatToken(seat=s, token=t) for s, t in created.tokens]
        return GameCreated(game=Game.of(created.game), tokens=tokens)

    @described.mutation(
        "Takes a seat (the lowest free one if `seat` is omitted). `playerId` attaches an "
        "integrator's opaque id (1-64 printable characters) to the seat, for the feed's "
        "`playerId` filter and webhook payloads; it replaces one attached at creation."
    )
    async def join_game(
        self,
        info: Info,
        game_id: strawberry.ID,
        name: str,
        seat: int | None = None,
        player_id: str | None = None,
    ) -> JoinGameResult:
        backend = info.context.backend
        try:
            token = info.context.token
            player_id = await backend.players.acting_player(token, player_id)
            joined = await backend.lobby.join_game(str(game_id), name, seat, player_id, token)
        except MoveError as exc:
            return Rejected.of(exc)
        return SeatJoined(seat=joined.seat, token=joined.token, game=Game.of(joined.game))

    @described.mutation(
        "Checks, in order: the seat token, the moveId (a retry returns the original "
        "MoveAccepted), expectedVersion, then the rules. dryRun records nothing."
    )
    async def submit_move(
        self,
        info: Info,
        game_id: strawberry.ID,
        seat: int,
        move: JSON,
        expected_version: int | None = None,
        move_id: str | None = None,
        dry_run: bool = False,
    ) -> SubmitMoveResult:
        ctx = info.context
        try:
            accepted = await ctx.backend.moves.submit_move(
                str(game_id), seat, move, ctx.token, expected_version, move_id, dry_run
            )
        except MoveError as exc:
            return move_failure(exc)
        return MoveAccepted.of(accepted)
