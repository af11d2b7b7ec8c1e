"""What the GraphQL layer needs from the service: a `GameBackend` and plain result records.

The schema imports the engine, never the service (DESIGN §2);
`service.games.game_service.GameService` implements `GameBackend`. Expected failures are raised as
`MoveError`s (codes in `schema.codes`) and become `Rejected` / `VersionConflict` results; store
failures are raised as `schema.codes.ApiError`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncGenerator, Mapping
from typing import Any, Protocol

from boardstate.schema.webhook_ports import WebhookBackend


@dataclasses.dataclass(frozen=True, slots=True)
class EventView:
    """One log event as a viewer may see it (`data` redacted for that viewer)."""

    version: int
    type: str
    seat: int | None
    move_id: str | None
    data: Mapping[str, Any]
    at: str
    state_hash: str
    move: Mapping[str, Any] | None = None
    """The move submitted (first event of a move), when the viewer may see it."""
    header: HeaderView | None = None
    """The game just after this event; only on streamed events (`gameEvents`, SSE)."""


@dataclasses.dataclass(frozen=True, slots=True)
class HeaderView:
    """A game's header just after one streamed event: enough to play from the stream alone."""

    version: int
    status: str
    to_act: tuple[int, ...]
    deadline: str | None
    """The earliest running clock deadline (null: none runs)."""
    deadlines: tuple[SeatClock, ...]
    """Every seat with a running deadline (`remaining_ms`: a budget clock's time left)."""
    result: ResultView | None
    state: Mapping[str, Any] | None = None
    """The viewer's state view after the event, when the stream was asked for it."""


@dataclasses.dataclass(frozen=True, slots=True)
class ForkOrigin:
    """The game and version a fork was created from."""

    game_id: str
    version: int


@dataclasses.dataclass(frozen=True, slots=True)
class ResultView:
    """Scores by seat, winners, and game-specific details of a finished game."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: Mapping[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class SeatStanding:
    """Where a seat stands at the table (DESIGN §5c)."""

    out: bool = False
    """It resigned or forfeited on time (it ranks last)."""
    resigned: bool = False
    stand_in: bool = False
    """The stand-in plays its turns."""
    timeouts: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class SeatClock:
    """One seat's clock: its remaining budget (budget clocks) and its running deadline."""

    seat: int
    remaining_ms: int | None
    deadline: str | None
    """When its pending decision times out (null: it owes none)."""


@dataclasses.dataclass(frozen=True, slots=True)
class ClockView:
    """A game's clock option and every seat's clock."""

    on_timeout: str
    per_move_seconds: float | None
    initial_seconds: float | None
    increment_seconds: float | None
    deadline: str | None
    """The earliest running deadline."""
    seats: tuple[SeatClock, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class TakebackView:
    """A pending takeback request."""

    seat: int
    to_version: int
    accepted: tuple[int, ...]
    waiting_for: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class GameView:
    """A game at one version; `handle` is the backend's own record, passed back to it."""

    id: str
    game_type: str
    status: str
    version: int
    players: int
    seats: tuple[str | None, ...]
    to_act: tuple[int, ...]
    created_at: str
    seeded_by_client: bool
    result: ResultView | None
    handle: Any = dataclasses.field(default=None, compare=False, repr=False)
    rules_version: str = ""
    data_set: str = ""
    seed_commitment: str = ""
    seed: str | None = None
    """Revealed once the game has ended."""
    imported: bool = False
    forked_from: ForkOrigin | None = None
    max_game_length: int | None = None
    """The bound on accepted moves under this game's options; None: it may never end."""
    standings: tuple[SeatStanding, ...] = ()
    """Per seat (empty: every seat in play, no stand-in, no timeout)."""
    clock: ClockView | None = None
    takeback: TakebackView | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class CreatedGame:
    """A new game and the tokens of the seats filled at creation."""

    game: GameView
    tokens: tuple[tuple[int, str], ...]


@dataclasses.dataclass(frozen=True, slots=True)
class JoinedSeat:
    """A seat taken by `joinGame` and its token."""

    game: GameView
    seat: int
    token: str


@dataclasses.dataclass(frozen=True, slots=True)
class AcceptedMove:
    """An accepted move: the version after it and its events, redacted for the mover."""

    game: GameView
    version: int
    events: tuple[EventView, ...]
    dry_run: bool = False
    replayed: bool = False
    """True when a `moveId` retry returned the move accepted before (REST answers 200)."""


@dataclasses.dataclass(frozen=True, slots=True)
class GamesPage:
    """One page of the cross-game index."""

    games: tuple[tuple[str, GameView], ...]
    """(cursor, game) pairs, newest first."""
    total: int
    has_next: bool


class GameBackend(WebhookBackend, Protocol):
    """The game operations behind the GraphQL schema."""

    page_cap: int

    async def game(self, game_id: str) -> GameView | None:
        """Returns the game at its current version, or None."""

    async def games(
        self,
        after: str | None,
        first: int,
        game_type: str | None,
        status: str | None,
        player: str | None = None,
    ) -> GamesPage:
        """Returns a page of the cross-game index (`player`: a seated player's name)."""

    async def state(
        self, game: GameView, seat: int | None, version: int | None, token: str | None
    ) -> dict[str, Any]:
        """Returns a seat view (token required) or the spectator view, at any version."""

    async def board_svg(
        self, game: GameView, seat: int | None, version: int | None, token: str | None
    ) -> str:
        """Returns an SVG picture of what `state` returns (same checks), last move marked."""

    async def legal_moves(self, game: GameView, seat: int, token: str | None) -> list[Any]:
        """Returns the wire forms of the seat's legal moves (token required)."""

    async def events(
        self, game: GameView, after: int, first: int, seat: int | None, token: str | None
    ) -> list[EventView]:
        """Returns events after version `after`, redacted for the caller."""

    async def create_game(
        self,
        game_type: str,
        players: int,
        options: Any,
        seed: str | None,
        seats: list[str] | None,
        bots: list[dict[str, Any]] | None = None,
        player_ids: list[str | None] | None = None,
    ) -> CreatedGame:
        """Creates a game: `bots` fills their seats, `seats` (names) every other one;
        `player_ids` are the integrator's opaque ids of the seats."""

    async def join_game(
        self, game_id: str, name: str, seat: int | None, player_id: str | None = None
    ) -> JoinedSeat:
        """Takes a seat (the lowest free one when `seat` is None); `player_id` is the
        integrator's opaque id of the player, replacing one attached at creation."""

    async def fork_game(
        self,
        game_id: str,
        version: int,
        seed: str | None,
        exact: bool = False,
        token: str | None = None,
    ) -> CreatedGame:
        """Creates a game from `version` of a finished game: same seats, fresh tokens, a new
        seed from that point; a position with hidden information only as an `exact` copy for
        the operator (`token` is the admin token)."""

    async def submit_move(
        self,
        game_id: str,
        seat: int,
        move: Any,
        token: str | None,
        expected_version: int | None,
        move_id: str | None,
        dry_run: bool,
    ) -> AcceptedMove:
        """Checks and (unless `dry_run`) records a move."""

    async def resign(self, game_id: str, seat: int, token: str | None) -> GameView:
        """The seat concedes (DESIGN §5c)."""

    async def leave_game(self, game_id: str, seat: int, token: str | None) -> GameView:
        """Frees the seat before the start; resigns after it."""

    async def request_takeback(self, game_id: str, seat: int, token: str | None) -> GameView:
        """Asks to take back the seat's last move."""

    async def answer_takeback(
        self, game_id: str, seat: int, token: str | None, accept: bool
    ) -> GameView:
        """Accepts or declines the pending takeback."""

    async def abort_game(self, game_id: str, token: str | None) -> GameView:
        """Ends the game ABANDONED (admin token)."""

    async def reissue_seat_token(self, game_id: str, seat: int, token: str | None) -> JoinedSeat:
        """A new token for the seat; the old one stops working (admin token)."""

    async def replace_seat(
        self, game_id: str, seat: int, token: str | None, policy: str
    ) -> GameView:
        """Puts a stand-in in the seat (admin token)."""

    async def suggest_move(self, game: GameView, seat: int, token: str | None) -> dict[str, Any]:
        """A move the seat's hint bot suggests (hints on, the seat's token); recorded nowhere."""

    def game_events(
        self,
        game_id: str,
        after_version: int,
        token: str | None,
        address: str | None = None,
        with_state: bool = False,
    ) -> AsyncGenerator[EventView, None]:
        """Yields the game's events after `after_version`, then live ones, redacted, each with
        the game's header after it (`with_state`: and the viewer's state view); a
        spectator's stream counts against the client `address` (`TOO_MANY_STREAMS`)."""
