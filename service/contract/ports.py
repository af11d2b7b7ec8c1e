"""The view records the service answers the doors (GraphQL and REST) with: plain frozen records,
what `GameBackend` (`service.contract.backend`) returns.

The contract imports the engine, never the rest of the service nor a web framework (architecture
§2).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any


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
    describe: str = ""
    """The event in words for people, as this viewer may know it (`data`, never more)."""
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
    """Where a seat stands at the table (architecture §5c)."""

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
    rated: bool = False
    """Its result counts for the players' ratings (`createGame(rated: true)`)."""


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
