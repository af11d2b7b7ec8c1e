"""`/v1/socket`: the command socket, moves and pushes on one websocket without GraphQL
(subprotocol `boardstate.v1`; the protocol is `docs/socket.md`, its messages
`service.http.socket.messages`, their JSON Schema `schema/socket.schema.json`).

Every message runs the feature method its REST route runs, with the socket's token (`hello`'s,
else the handshake's `Authorization`): `move` is `Moves.submit_move` (the same checks in the
same order, the same `moveId` idempotency), `legalMoves` is `GameReads.described_moves`, and
`subscribe` opens `LiveEvents.open_game_events` (the SSE stream's: redacted for the token's
seat, a spectator's otherwise, counted against the same stream caps). Failures are `error`
messages with the stable codes of REST's problems; the socket stays open.

Limits (`docs/security.md`, Command socket): the message size (`SizeLimits`, close 1009);
`MESSAGES_PER_SECOND` per socket (over it `RATE_LIMITED`; `FLOOD_CLOSE` refusals within a
second close the socket with 1008); each `move`, `legalMoves` and `subscribe` counts one hit against
the rate limits of the address and token and is charged the points its REST route is charged
(`PriceTable.points_of`, REST's own conversion) against the points budget, as the GraphQL
socket's operations are (`service.http.graphql.ws`);
`MAX_SUBSCRIPTIONS` per socket; `IDLE_TIMEOUT_S` without a message from the client closes it
with 4408.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any, cast

import structlog
from starlette.websockets import WebSocket, WebSocketDisconnect

from boardstate.engine.core.errors import MoveError
from boardstate.service.composition import Service
from boardstate.service.contract.codes import RATE_LIMITED, ApiError, as_api_error
from boardstate.service.contract.tokens import bearer_token
from boardstate.service.http.edge.charges import POINTS_KEY, Charge
from boardstate.service.http.edge.rate_limits import OPERATION_HIT_KEY
from boardstate.service.http.rest.declared import PRICES
from boardstate.service.http.socket import messages as m
from boardstate.service.http.socket.move_answers import accepted as accepted_answer
from boardstate.service.http.socket.subscriptions import Subscriptions
from boardstate.service.inputs import loads
from boardstate.service.runtime.callers import caller_address
from boardstate.service.runtime.player_tokens import is_player_token

log = structlog.get_logger("boardstate.socket")

SOCKET_PATH = "/v1/socket"
MAX_SUBSCRIPTIONS = 32
"""Games one socket follows at once."""
MESSAGES_PER_SECOND = 500
"""Messages a socket may send per second (a burst of twice as many)."""
FLOOD_CLOSE = 200
"""Messages refused for the rate within a second after which the socket is closed (1008)."""
IDLE_TIMEOUT_S = 120
"""Seconds without a message from the client after which the socket is closed (4408)."""
CLOSE_PROTOCOL = 1002
CLOSE_POLICY = 1008
CLOSE_IDLE = 4408
PRICED: dict[type, tuple[str, str]] = {
    m.Move: ("POST", "/v1/games/_/moves"),
    m.LegalMoves: ("GET", "/v1/games/_/legal-moves"),
    m.Subscribe: ("GET", "/v1/games/_/events/stream"),
}
"""The REST route whose points each operation is charged (`PriceTable.points_of`, the
conversion REST's requests go through; the route's price never depends on the game, so a
`gameId` that would not route over HTTP, as one with a `/`, is charged the same)."""


class Bucket:
    """A token bucket: `MESSAGES_PER_SECOND`, bursts of twice as many."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.tokens = 2 * rate
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(2 * self.rate, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Session:
    """One command socket."""

    def __init__(self, websocket: WebSocket, service: Service, token: str | None) -> None:
        self.websocket = websocket
        self.service = service
        self.token = token
        self.lock = asyncio.Lock()
        self.bucket = Bucket(MESSAGES_PER_SECOND)
        self.refused = 0
        self.refused_since = 0.0
        self.first = True
        address = caller_address(websocket.client.host if websocket.client else None)
        self.subscriptions = Subscriptions(service, address, self.send, MAX_SUBSCRIPTIONS)

    async def send(self, message: m.ServerMessage | str) -> None:
        """Sends one message, or its frame already encoded (pushes and answers come from
        several tasks)."""
        text = message if isinstance(message, str) else m.encode(message)
        async with self.lock:
            await self.websocket.send_text(text)

    async def run(self) -> None:
        """Answers messages until the client goes, idles or floods."""
        limits = m.LimitsOut(
            self.service.settings.max_ws_message_bytes,
            MAX_SUBSCRIPTIONS,
            MESSAGES_PER_SECOND,
            IDLE_TIMEOUT_S,
        )
        await self.send(m.Welcome(m.PROTOCOL, limits))
        try:
            while True:
                try:
                    received = await asyncio.wait_for(self.websocket.receive(), IDLE_TIMEOUT_S)
                except TimeoutError:
                    await self.websocket.close(CLOSE_IDLE, "idle timeout")
                    return
                if received["type"] == "websocket.disconnect":
                    return
                raw = received.get("text") or received.get("bytes") or b""
                if not await self.handle(raw):
                    return
        finally:
            await self.subscriptions.close()

    async def handle(self, raw: str | bytes) -> bool:
        """Answers one message; False when the socket was closed."""
        first, self.first = self.first, False
        message_id: str | None = None
        allowed = self.bucket.take()
        if not allowed:
            now = time.monotonic()
            if now - self.refused_since > 1:
                self.refused_since, self.refused = now, 0
            self.refused += 1
        if self.refused >= FLOOD_CLOSE:
            await self.websocket.close(CLOSE_POLICY, "too many messages")
            return False
        try:
            message = m.parse(raw)
            message_id = getattr(message, "id", None)
            if not allowed:
                text = "too many messages on this socket"
                raise m.Refused(RATE_LIMITED, text, {"retryAfter": 1, "scope": "socket"})
            if isinstance(message, m.Hello):
                if not first:
                    raise m.Refused("BAD_REQUEST", "hello is only accepted as the first message")
                self.token = bearer_token(message.token) or message.token or None
                return await self.check_token()
            if isinstance(message, m.Ping):
                await self.send(m.Pong(message.id))
                return True
            if isinstance(message, m.Unsubscribe):
                await self.subscriptions.stop(message.game_id, message.id)
                return True
            await self.counted(message)
            await self.run_operation(message)
        except m.Refused as exc:
            await self.send(m.error_of(message_id or m.message_id_of(_loose(raw)), exc))
        except (MoveError, ApiError) as exc:
            await self.send(m.error_of(message_id, exc))
        except (WebSocketDisconnect, OSError):
            raise  # the client went: nothing to answer, nothing failed (`command_socket` ends it)
        except Exception:
            log.exception("socket_message_failed")
            await self.send(m.error(message_id, "INTERNAL", "internal error (it has been logged)"))
        return True

    async def check_token(self) -> bool:
        """A player token that does not verify closes the socket (after its `error`)."""
        if is_player_token(self.token):
            try:
                await self.service.players.me(cast(str, self.token))
            except MoveError as exc:
                await self.send(m.error_of(None, as_api_error(exc)))
                await self.websocket.close(CLOSE_POLICY, "player token refused")
                return False
        return True

    async def counted(self, message: m.Move | m.LegalMoves | m.Subscribe) -> None:
        """Counts the operation against the rate limits and charges its points."""
        scope = self.websocket.scope
        hit = scope.get(OPERATION_HIT_KEY)
        if hit is not None:
            wait = await hit(self.token)
            if wait is not None:
                text = f"rate limit exceeded; retry in {wait} s"
                raise m.Refused(RATE_LIMITED, text, {"retryAfter": wait})
        charge = cast("Charge | None", scope.get(POINTS_KEY))
        if charge is not None:
            method, path = PRICED[type(message)]
            settings = self.service.settings
            points = PRICES.points_of(method, path, settings.page_cap, settings.max_cost)
            budget = await charge(points, self.token)
            if budget is not None and budget.retry_after is not None:
                raise m.Refused(RATE_LIMITED, "points budget exhausted", budget.extensions())

    async def run_operation(self, message: m.Move | m.LegalMoves | m.Subscribe) -> None:
        if isinstance(message, m.Move):
            accepted = await self.service.moves.submit_move(
                message.game_id,
                message.seat,
                message.move,
                self.token,
                message.expected_version,
                message.move_id,
                message.dry_run,
            )
            await self.send(accepted_answer(message.id, accepted, message.seat, message.minimal))
        elif isinstance(message, m.LegalMoves):
            reads = self.service.games
            view = await reads.game(message.game_id)
            if view is None:
                raise m.Refused("GAME_NOT_FOUND", "no such game")
            described = await reads.described_moves(view, message.seat, self.token)
            moves, words = [mv for mv, _ in described], [d for _, d in described]
            await self.send(m.LegalMovesAnswer(view.version, moves, words, message.id))
        else:
            await self.subscriptions.start(message, self.token)


def _loose(raw: str | bytes) -> Any:
    with contextlib.suppress(Exception):
        return loads(raw)
    return None


async def command_socket(websocket: WebSocket) -> None:
    """The `/v1/socket` endpoint: see the module's documentation."""
    service: Service = websocket.state.service
    offered = websocket.scope.get("subprotocols") or []
    if m.PROTOCOL not in offered:
        await websocket.accept()
        text = f"offer the subprotocol {m.PROTOCOL} (the protocol's version is in its name)"
        await websocket.send_text(m.encode(m.error(None, "BAD_REQUEST", text)))
        await websocket.close(CLOSE_PROTOCOL, "unsupported protocol")
        return
    await websocket.accept(m.PROTOCOL)
    session = Session(websocket, service, bearer_token(websocket.headers.get("authorization")))
    with contextlib.suppress(WebSocketDisconnect, OSError):
        if await session.check_token():
            await session.run()
