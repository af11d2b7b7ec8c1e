"""GraphQL object types of architecture §5: Game, Seat, GameResult and the game connection (events:
`schema.events`)."""

from __future__ import annotations

import strawberry
from strawberry.scalars import JSON

from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema import events as gql_events
from boardstate.schema.context import Info
from boardstate.schema.events import EventConnection, LegalMove, PageInfo
from boardstate.schema.game_header import GameResult, GameStatus
from boardstate.schema.game_types import GameType, game_type_of
from boardstate.schema.table_types import GameClock, TakebackRequest
from boardstate.service.contract import paging
from boardstate.service.contract.codes import as_api_error
from boardstate.service.contract.ports import GameView


@strawberry.type
class Seat:
    """One seat; `name` is null until a player joins it."""

    index: int
    name: str | None
    joined: bool
    out: bool = strawberry.field(
        default=False, description="The seat resigned or forfeited on time (it ranks last)."
    )
    resigned: bool = False
    stand_in: bool = strawberry.field(
        default=False, description="The game's stand-in plays this seat's turns."
    )
    timeouts: int = 0


@strawberry.type
class ForkOrigin:
    """The game and version a fork was created from."""

    game_id: strawberry.ID
    version: int


def _game_type(root: Game) -> GameType:
    return game_type_of(root.view.game_type)


def _seats(root: Game) -> list[Seat]:
    standings = root.view.standings
    seats = []
    for i, name in enumerate(root.view.seats):
        seat = Seat(index=i, name=name, joined=name is not None)
        if standings:
            mine = standings[i]
            seat.out, seat.resigned = mine.out, mine.resigned
            seat.stand_in, seat.timeouts = mine.stand_in, mine.timeouts
        seats.append(seat)
    return seats


@strawberry.type
class Game:
    """A game at the version it was loaded at.

    Scalar fields are plain values (strawberry resolves them without a resolver call); the
    others are resolved from `view` when selected. Build it with `Game.of`."""

    view: strawberry.Private[GameView]
    id: strawberry.ID
    game_type: GameType = strawberry.field(resolver=_game_type)
    status: GameStatus
    version: int = strawberry.field(description="Number of events in the log.")
    players: int
    seats: list[Seat] = strawberry.field(resolver=_seats)
    to_act: list[int] = strawberry.field(description="Seats that may move now.")
    created_at: str
    seeded_by_client: bool = strawberry.field(
        description="True when the creator chose the seed, and for every imported game (a log "
        "cannot prove that a server drew its seed)."
    )
    rules_version: str = strawberry.field(
        description="The rules version the game was created with (and is replayed with)."
    )
    data_set: str = strawberry.field(
        description="The component data set the game was created with."
    )
    seed_commitment: str = strawberry.field(
        description="Lowercase hex SHA-256 of the seed's UTF-8 bytes (GameCreated)."
    )
    seed: str | None = strawberry.field(
        description="The secret seed, revealed once the game has ended (GameEnded)."
    )
    imported: bool = strawberry.field(
        description="True when the game was imported from an exported log (its times are "
        "the log's, checked for consistency only)."
    )
    max_game_length: int | None = strawberry.field(
        description="An upper bound on accepted moves under this game's options; null when "
        "they let the game go on for ever (e.g. TF22 Mine with max_rounds: 0)."
    )
    rated: bool = strawberry.field(
        default=False, description="True when its result counts for the players' ratings."
    )

    @classmethod
    def of(cls, view: GameView) -> Game:
        """Returns the GraphQL game of a backend view."""
        return cls(
            view=view,
            id=strawberry.ID(view.id),
            status=GameStatus(view.status),
            version=view.version,
            players=view.players,
            to_act=list(view.to_act),
            created_at=view.created_at,
            seeded_by_client=view.seeded_by_client,
            rules_version=view.rules_version,
            data_set=view.data_set,
            seed_commitment=view.seed_commitment,
            seed=view.seed,
            imported=view.imported,
            max_game_length=view.max_game_length,
            rated=view.rated,
        )

    @described.field("The clock (`options.clock`) with each seat's deadline; null without one.")
    def clock(self) -> GameClock | None:
        return GameClock.of(self.view.clock)

    @described.field(
        "A move for the seat suggested by the server's strongest bot, from the seat's knowledge "
        "only (its token; a game created with options.hints: true, else HINTS_OFF); recorded "
        "nowhere. An empty object when the seat owes no decision."
    )
    async def suggest_move(self, info: Info, seat: int) -> JSON:
        ctx = info.context
        try:
            return JSON(await ctx.backend.bots.suggest_move(self.view, seat, ctx.token))
        except MoveError as exc:
            raise as_api_error(exc) from None

    @described.field(
        "A finished game's analysis: the search bot's verdict on every move (what it would have "
        "played, the mover's estimated chance of winning before and after, a label for the big "
        "swings), computed in the background once per game and kept; status PENDING until then "
        "(ask again). GAME_NOT_FINISHED for a game that has not ended."
    )
    async def analysis(self, info: Info) -> JSON:
        ctx = info.context
        try:
            return JSON(await ctx.backend.bots.analysis(self.view))
        except MoveError as exc:
            raise as_api_error(exc) from None

    @described.field("A pending takeback request; null when none is pending.")
    def takeback(self) -> TakebackRequest | None:
        return TakebackRequest.of(self.view.takeback)

    @described.field("The game and version this game was forked from; null otherwise.")
    def forked_from(self) -> ForkOrigin | None:
        origin = self.view.forked_from
        if origin is None:
            return None
        return ForkOrigin(game_id=strawberry.ID(origin.game_id), version=origin.version)

    @described.field(
        "Seat view (needs that seat's token until the game has ended) or spectator view, "
        "at the current or any past version."
    )
    async def state(self, info: Info, seat: int | None = None, version: int | None = None) -> JSON:
        ctx = info.context
        try:
            async with ctx.reads:
                return JSON(await ctx.backend.games.state(self.view, seat, version, ctx.token))
        except MoveError as exc:
            raise as_api_error(exc) from None

    @described.field(
        "An SVG picture (docs/pictures.md) of the same view as `state` (same token and "
        "version checks): board, holdings, scores, whose turn, the last move highlighted."
    )
    async def board_svg(
        self, info: Info, seat: int | None = None, version: int | None = None
    ) -> str:
        ctx = info.context
        try:
            async with ctx.reads:
                return await ctx.backend.pictures.board_svg(self.view, seat, version, ctx.token)
        except MoveError as exc:
            raise as_api_error(exc) from None

    @described.field("Needs that seat's token; each item can be submitted verbatim.")
    async def legal_moves(self, info: Info, seat: int) -> list[JSON]:
        ctx = info.context
        try:
            async with ctx.reads:
                moves = await ctx.backend.games.legal_moves(self.view, seat, ctx.token)
        except MoveError as exc:
            raise as_api_error(exc) from None
        return [JSON(m) for m in moves]

    @described.field("`legalMoves`, each with the move in words for people (same token).")
    async def described_moves(self, info: Info, seat: int) -> list[LegalMove]:
        ctx = info.context
        try:
            async with ctx.reads:
                moves = await ctx.backend.games.described_moves(self.view, seat, ctx.token)
        except MoveError as exc:
            raise as_api_error(exc) from None
        return [LegalMove(move=JSON(m), describe=d) for m, d in moves]

    @described.field(
        "Events, oldest first: `first`/`after` pages forward, `last`/`before` backward "
        "(`afterVersion`/`beforeVersion` instead of cursors). Redacted for `seat` (needs its "
        "token while the game runs), else for the caller's token's seat; complete once ended."
    )
    async def events(
        self,
        info: Info,
        first: int | None = None,
        after: str | None = None,
        seat: int | None = None,
        last: int | None = None,
        before: str | None = None,
        after_version: int | None = None,
        before_version: int | None = None,
    ) -> EventConnection:
        ctx = info.context
        page = paging.window(
            self.view.version,
            ctx.backend.games.page_cap,
            first,
            after,
            last,
            before,
            after_version,
            before_version,
        )
        try:
            async with ctx.reads:
                views = await ctx.backend.games.events(
                    self.view, page.after, page.count, seat, ctx.token
                )
        except MoveError as exc:
            raise as_api_error(exc) from None
        return gql_events.connection(views, page)

    @described.field("Scores and winners; null until finished.")
    def result(self) -> GameResult | None:
        res = self.view.result
        if res is None:
            return None
        return GameResult(
            scores=list(res.scores), winners=list(res.winners), details=JSON(dict(res.details))
        )


@strawberry.type
class GameEdge:
    cursor: str
    node: Game


@strawberry.type
class GameConnection:
    edges: list[GameEdge]
    page_info: PageInfo
    total_count: int
