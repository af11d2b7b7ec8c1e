"""Request and response bodies of the REST API (architecture §5b) as msgspec Structs.

One declaration gives three things: the validation of a request body (after the strict parse of
`service.inputs.loads`), the fast encoding of a response (`msgspec.json.encode`, several times
faster than `json.dumps` of dicts on the move route) and the JSON Schemas of the OpenAPI
document (`msgspec.json.schema_components`). Field names are camelCase on the wire.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from boardstate.service.contract.ports import EventView, GameView
from boardstate.service.http.rest import values as v
from boardstate.service.http.rest.base import Body, Out, out_of
from boardstate.service.http.rest.table.models import (
    BotIn,
    ClockOut,
    SeatOut,
    TakebackOut,
    seats_out,
)

Status = Literal["OPEN", "ACTIVE", "FINISHED", "ABANDONED"]
STATUSES: tuple[str, ...] = ("OPEN", "ACTIVE", "FINISHED", "ABANDONED")
JsonObject = dict[str, Any]


# -- requests ------------------------------------------------------------------------------
class CreateGameIn(Body):
    """`POST /v1/games`: `seats` (player names) fills every seat at once and starts the game."""

    game_type: str
    players: v.Players
    options: Any = None
    seed: str | None = None
    seats: Annotated[list[v.Name], v.AT_MOST_PLAYERS] | None = None
    bots: Annotated[list[BotIn], v.AT_MOST_PLAYERS] | None = None
    player_ids: Annotated[list[v.PlayerId | None], v.AT_MOST_PLAYERS] | None = None
    rated: bool = False


class JoinIn(Body):
    """`POST /v1/games/{id}/seats`: the lowest free seat when `seat` is omitted."""

    name: v.Name
    seat: v.Seat | None = None
    player_id: v.PlayerId | None = None


class MoveIn(Body):
    """`POST /v1/games/{id}/moves`: `move` is an item of legal-moves, submitted verbatim.

    `moveId` may come as the `Idempotency-Key` header and `expectedVersion` as
    `If-Match: "<version>"`; a header and a body value that differ are a 400."""

    seat: v.Seat
    move: Any
    expected_version: v.Version | None = None
    move_id: v.MoveId | None = None
    dry_run: bool = False


# -- responses -----------------------------------------------------------------------------
class ResultOut(Out):
    scores: list[int]
    winners: list[int]
    details: JsonObject | None


class ForkOriginOut(Out):
    game_id: str
    version: int


class GameOut(Out):
    """A game at its current version (the GraphQL `Game`'s scalar fields)."""

    id: str
    game_type: str
    status: Status
    version: int
    players: int
    seats: list[SeatOut]
    to_act: list[int]
    created_at: str
    seeded_by_client: bool
    rules_version: str
    data_set: str
    seed_commitment: str
    seed: str | None
    imported: bool
    forked_from: ForkOriginOut | None
    result: ResultOut | None
    max_game_length: int | None
    clock: ClockOut | None = None
    takeback: TakebackOut | None = None
    rated: bool = False


class TableUpdatedOut(Out):
    """The game after a table operation (and any stand-in moves it caused)."""

    version: int
    game: GameOut


class SeatTokenOut(Out):
    seat: int
    token: str


class GameCreatedOut(Out):
    game: GameOut
    tokens: list[SeatTokenOut]


class GamesPageOut(Out):
    """Newest first; pass `nextCursor` as `cursor` for the next page (null on the last)."""

    items: list[GameOut]
    next_cursor: str | None
    total_count: int


class SeatJoinedOut(Out):
    seat: int
    token: str
    game: GameOut


class StateOut(Out):
    version: int
    state: JsonObject


class LegalMovesOut(Out):
    """Every legal move of the seat, each a wire object (`{type, ...}`) to submit verbatim;
    `describe[i]` is `moves[i]` in words for people."""

    version: int
    moves: list[JsonObject]
    describe: list[str]


class EventOut(Out):
    """One log event; `data` is redacted for the viewer, never dropped."""

    version: int
    type: str
    seat: int | None
    move_id: str | None
    data: JsonObject
    at: str
    state_hash: str
    move: JsonObject | None
    describe: str
    """The event in words for people, saying no more than `data` (redacted alike)."""


class EventsPageOut(Out):
    """`nextAfterVersion` is the `afterVersion` of the next page (poll with it);
    `hasMore` tells whether the log already holds more."""

    items: list[EventOut]
    next_after_version: int
    has_more: bool


class MoveAcceptedOut(Out):
    """The version after the move and its events (redacted for the mover)."""

    version: int
    events: list[EventOut]
    game: GameOut
    dry_run: bool


class ProblemOut(Out):
    """RFC 9457 problem details with the stable `code`."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    details: JsonObject | None


# -- conversions ---------------------------------------------------------------------------
def game_out(view: GameView) -> GameOut:
    return out_of(view, GameOut, seats=seats_out(view))


def event_out(view: EventView) -> EventOut:
    return out_of(view, EventOut)
