"""The messages of the command socket `/v1/socket` (`service.http.socket.endpoint`,
`docs/socket.md`): one msgspec Struct per message, tagged by its `type`.

The client's messages are parsed by the strict parser every door uses (`service.inputs.loads`)
and validated against `ClientMessage`; the server's are encoded from `ServerMessage`. Both
unions are the JSON Schema committed as `schema/socket.schema.json`
(`scripts/export_socket_schema.py`). The bodies are the REST ones
(`service.http.rest.games.models`): `accepted` is `MoveAccepted` with the message's `type` and `id`,
`acceptedMinimal` (a move with `minimal`) REST's
`MoveMinimal`, `legalMoves` is `LegalMoves`, and an `event` carries the event exactly as `GET
/v1/games/{id}/events/stream` sends it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import BAD_JSON, BAD_REQUEST, TOO_MANY_STREAMS, ApiError
from boardstate.service.features.live.stream_limits import PROCESS_SCOPES
from boardstate.service.http.edge.problems import INTERNAL, STATUS
from boardstate.service.http.rest import values as v
from boardstate.service.http.rest.base import Out
from boardstate.service.http.rest.common import integral
from boardstate.service.http.rest.games.models import JsonObject, LegalMovesOut
from boardstate.service.http.socket.move_answers import Accepted, AcceptedMinimal
from boardstate.service.http.streams.stream_models import StreamEventOut
from boardstate.service.inputs import BadJson, echo, loads

PROTOCOL = "boardstate.v1"
"""The websocket subprotocol: the protocol's version is in its name (`docs/socket.md`)."""

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
"""A client's correlation id, echoed in the answer."""
GameId = Annotated[str, msgspec.Meta(min_length=1, max_length=128)]
TAG = {"tag_field": "type", "forbid_unknown_fields": True, "rename": "camel"}


class Hello(msgspec.Struct, tag="hello", **TAG):
    """Optional, and only as the first message: the token the socket acts with (a seat token
    or a player token; `Bearer ` may prefix it). Without it, the handshake's `Authorization`."""

    token: str | None = None


class Subscribe(msgspec.Struct, tag="subscribe", **TAG):
    """Follows a game's events after `after` (as the SSE stream's `afterVersion`)."""

    game_id: GameId
    after: v.Version = 0
    with_state: bool = False
    id: Id | None = None


class Unsubscribe(msgspec.Struct, tag="unsubscribe", **TAG):
    """Stops following a game."""

    game_id: GameId
    id: Id | None = None


class Move(msgspec.Struct, tag="move", **TAG):
    """`POST /v1/games/{gameId}/moves` with the body's fields."""

    id: Id
    game_id: GameId
    seat: v.Seat
    move: Any
    expected_version: v.Version | None = None
    move_id: v.MoveId | None = None
    dry_run: bool = False
    minimal: bool = False
    """REST's `Prefer: return=minimal`: answer `acceptedMinimal` (no `game`)."""


class LegalMoves(msgspec.Struct, tag="legalMoves", **TAG):
    """`GET /v1/games/{gameId}/legal-moves?seat=`."""

    id: Id
    game_id: GameId
    seat: v.Seat


class Ping(msgspec.Struct, tag="ping", **TAG):
    """Answered `pong`; keeps an otherwise quiet socket from its idle timeout."""

    id: Id | None = None


ClientMessage = Hello | Subscribe | Unsubscribe | Move | LegalMoves | Ping
CLIENT_TYPES = frozenset(("hello", "subscribe", "unsubscribe", "move", "legalMoves", "ping"))


class LimitsOut(Out):
    """The socket's limits (`docs/security.md`, Command socket)."""

    max_message_bytes: int
    max_subscriptions: int
    messages_per_second: int
    idle_timeout_seconds: int


class Welcome(Out, tag="welcome", tag_field="type"):
    """The server's first message."""

    protocol: str
    limits: LimitsOut


class Subscribed(Out, tag="subscribed", tag_field="type"):
    """A subscription started; its events follow."""

    id: str | None
    game_id: str
    after: int


class Unsubscribed(Out, tag="unsubscribed", tag_field="type"):
    """A subscription ended: `asked` (unsubscribe), `ended` (after `GameEnded`) or `error`
    (`code` says why; subscribe again from the last version received)."""

    id: str | None
    game_id: str
    reason: Literal["asked", "ended", "error"]
    code: str | None = None


class Event(Out, tag="event", tag_field="type"):
    """One event of a followed game, as the SSE stream's `data` (with its `header`)."""

    game_id: str
    event: StreamEventOut


class LegalMovesAnswer(LegalMovesOut, tag="legalMoves", tag_field="type"):
    """REST's `LegalMoves` for a `legalMoves` message."""

    id: str


class Pong(Out, tag="pong", tag_field="type"):
    """The answer to `ping`."""

    id: str | None = None


class Error(Out, tag="error", tag_field="type"):
    """A refused message: the stable `code` of REST's problem, its `status` there, `message`,
    `details` (REST's problem `details`); `id` is the message's when it had one."""

    id: str | None
    code: str
    status: int
    message: str
    details: JsonObject | None = None


ServerMessage = (
    Welcome
    | Subscribed
    | Unsubscribed
    | Event
    | Accepted
    | AcceptedMinimal
    | LegalMovesAnswer
    | Pong
    | Error
)


class Refused(Exception):
    """A message refused before it ran (its `error` is sent)."""

    def __init__(self, code: str, message: str, details: JsonObject | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


def error(message_id: str | None, code: str, text: str, details: JsonObject | None = None) -> Error:
    """The `error` message of `code`, with REST's status for it."""
    status = STATUS.get(code, STATUS[INTERNAL])[0]
    return Error(message_id, code, status, text, details)


def error_of(message_id: str | None, exc: MoveError | ApiError | Refused) -> Error:
    """The `error` message of a typed failure, with the code and details REST answers."""
    if isinstance(exc, Refused):
        return error(message_id, exc.code, exc.message, exc.details)
    if isinstance(exc, MoveError):
        return error(message_id, exc.code, exc.message, dict(exc.details) or None)
    details = {k: val for k, val in exc.extensions.items() if k != "code"}
    nested = details.pop("details", None)
    if isinstance(nested, dict):
        details.update(nested)
    answer = error(message_id, exc.code, exc.message, details or None)
    if exc.code == TOO_MANY_STREAMS and details.get("scope") in PROCESS_SCOPES:
        # This replica is full, as the SSE stream answers (`service.http.streams.game_stream`).
        answer.status = 503
    return answer


def message_id_of(value: Any) -> str | None:
    """The correlation id of a message that failed validation, when it has a usable one."""
    if isinstance(value, dict):
        found = value.get("id")
        if isinstance(found, str) and 0 < len(found) <= 64:
            return found
    return None


def parse(raw: str | bytes) -> ClientMessage:
    """Returns the client message of `raw`; raises `Refused` (`BAD_JSON`, `BAD_REQUEST`)."""
    try:
        value = loads(raw)
    except BadJson as exc:
        raise Refused(BAD_JSON, f"the message is not acceptable JSON: {exc}") from None
    if not isinstance(value, dict):
        raise Refused(BAD_JSON, "a message is a JSON object")
    kind = value.get("type")
    if kind not in CLIENT_TYPES:
        text = f"unknown message type {echo(str(kind))}; known: {', '.join(sorted(CLIENT_TYPES))}"
        raise Refused(BAD_REQUEST, text, {"type": echo(str(kind))})
    try:
        parsed: ClientMessage = msgspec.convert(integral(value), ClientMessage, strict=True)
        return parsed
    except msgspec.ValidationError as exc:
        raise Refused(BAD_REQUEST, f"invalid {kind} message: {echo(str(exc))}") from None


ENCODER = msgspec.json.Encoder()


def encode(message: ServerMessage) -> str:
    """The text frame of a server message."""
    return ENCODER.encode(message).decode()
