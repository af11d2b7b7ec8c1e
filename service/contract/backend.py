"""`GameBackend`: what the doors (GraphQL and REST) need from the service, one port per feature
(`service.composition.Service` implements it).

A door calls the feature it needs (`info.context.backend.tables.resign(...)`,
`service_of(request).moves.submit_move(...)`); the result records are
`service.contract.ports`, the webhook and feed ports `service.contract.webhooks.webhook_ports`.
Expected failures are raised as `MoveError`s (codes in `service.contract.codes`) and become
`Rejected` / `VersionConflict` results or problems; store failures are raised as
`service.contract.codes.ApiError`.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Any, Protocol

from boardstate.service.contract.players.match_ports import ChallengesPort, RematchesPort, SeeksPort
from boardstate.service.contract.players.player_ports import PlayersPort
from boardstate.service.contract.players.player_stream_ports import PlayerFeedsPort
from boardstate.service.contract.players.rating_ports import RatingsPort
from boardstate.service.contract.ports import (
    AcceptedMove,
    CreatedGame,
    EventView,
    GamesPage,
    GameView,
    JoinedSeat,
)
from boardstate.service.contract.webhooks.webhook_ports import FeedPort, WebhookBackend


class GamesPort(Protocol):
    """Games at any version, their events and legal moves, pages of the index."""

    @property
    def page_cap(self) -> int:
        """The largest page any list answers."""

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

    async def legal_moves(self, game: GameView, seat: int, token: str | None) -> list[Any]:
        """Returns the wire forms of the seat's legal moves (token required)."""

    async def described_moves(
        self, game: GameView, seat: int, token: str | None
    ) -> list[tuple[dict[str, Any], str]]:
        """`legal_moves`, each with its description in words (`GameRules.describe_move`)."""

    async def events(
        self, game: GameView, after: int, first: int, seat: int | None, token: str | None
    ) -> list[EventView]:
        """Returns events after version `after`, redacted for the caller."""


class PicturesPort(Protocol):
    """Board pictures."""

    async def board_svg(
        self, game: GameView, seat: int | None, version: int | None, token: str | None
    ) -> str:
        """Returns an SVG picture of what `state` returns (same checks), last move marked."""


class LobbyPort(Protocol):
    """Creating, joining and forking games."""

    async def create_game(
        self,
        game_type: str,
        players: int,
        options: Any,
        seed: str | None,
        seats: list[str] | None,
        bots: list[dict[str, Any]] | None = None,
        player_ids: list[str | None] | None = None,
        rated: bool = False,
        *,
        token: str | None = None,
    ) -> CreatedGame:
        """Creates a game: `bots` fills their seats, `seats` (names) every other one;
        `player_ids` are the ids of the seats' players, memberships where the word of the
        caller acting with `token` vouches for them, else names (docs/players.md); `rated`
        counts its result for ratings."""

    async def join_game(
        self,
        game_id: str,
        name: str,
        seat: int | None,
        player_id: str | None = None,
        token: str | None = None,
    ) -> JoinedSeat:
        """Takes a seat (the lowest free one when `seat` is None); `player_id` is the id of the
        player, replacing one attached at creation: a membership on the word of the caller
        acting with `token`, else a name."""

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


class MovesPort(Protocol):
    """Submitting a move."""

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


class TablesPort(Protocol):
    """The table's operations (architecture §5c)."""

    async def resign(self, game_id: str, seat: int, token: str | None) -> GameView:
        """The seat concedes (architecture §5c)."""

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


class BotsPort(Protocol):
    """Hints and analyses."""

    async def suggest_move(self, game: GameView, seat: int, token: str | None) -> dict[str, Any]:
        """A move the seat's hint bot suggests (hints on, the seat's token); recorded nowhere."""

    async def analysis(self, game: GameView) -> dict[str, Any]:
        """A finished game's analysis, or `PENDING` (`GAME_NOT_FINISHED` before its end)."""


class LivePort(Protocol):
    """A game's events as they happen."""

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


class GameBackend(Protocol):
    """The service object: its features, each a port above."""

    @property
    def games(self) -> GamesPort: ...
    @property
    def pictures(self) -> PicturesPort: ...
    @property
    def lobby(self) -> LobbyPort: ...
    @property
    def moves(self) -> MovesPort: ...
    @property
    def tables(self) -> TablesPort: ...
    @property
    def bots(self) -> BotsPort: ...
    @property
    def live(self) -> LivePort: ...
    @property
    def webhooks(self) -> WebhookBackend: ...
    @property
    def feed(self) -> FeedPort: ...
    @property
    def players(self) -> PlayersPort: ...
    @property
    def player_feeds(self) -> PlayerFeedsPort: ...
    @property
    def seeks(self) -> SeeksPort: ...
    @property
    def challenges(self) -> ChallengesPort: ...
    @property
    def rematches(self) -> RematchesPort: ...
    @property
    def ratings(self) -> RatingsPort: ...
