"""The games one command socket follows (`service.http.socket.endpoint`): each `subscribe` opens
the SSE stream's `LiveEvents.open_game_events` (catch-up, then live, redacted for the socket's
token, counted against the stream caps) and pumps its events as `event` messages; the stream
and its slot are given back when the subscription ends, however it ends."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, cast

import structlog

from boardstate.engine.core.errors import MoveError
from boardstate.service.composition import Service
from boardstate.service.contract.codes import BAD_REQUEST, TOO_MANY_STREAMS, ApiError
from boardstate.service.contract.ports import EventView
from boardstate.service.features.live.deliveries import Batch, step
from boardstate.service.features.live.event_streams import EventStream
from boardstate.service.features.live.prepared_events import PreparedEvent
from boardstate.service.http.socket import messages as m
from boardstate.service.http.streams.stream_models import StreamEventOut, stream_event_out

log = structlog.get_logger("boardstate.socket")

Send = Callable[[m.ServerMessage | str], Coroutine[Any, Any, None]]


def _frame(game_id: str, view: EventView) -> str:
    """The `event` message of one streamed event."""
    return m.encode(m.Event(game_id, cast(StreamEventOut, stream_event_out(view))))


class Pusher:
    """Writes one subscription's events as `event` messages: each framed once per view, shared
    by its subscribers (`PreparedEvent.encoded`), sent without a task switch when the socket
    takes it (`step`)."""

    def __init__(self, send: Send, game_id: str) -> None:
        self.send = send
        self.frame = functools.partial(_frame, game_id)

    def write(self, batch: Batch) -> Awaitable[None] | None:
        events = batch.events
        for i, prepared in enumerate(events):
            pending = step(self.send(prepared.encoded("socket", self.frame)))
            if pending is not None:  # the socket is busy: the rest in the subscription's task
                return self._rest(pending, events[i + 1 :])
        return None

    async def _rest(self, pending: Awaitable[None], events: Sequence[PreparedEvent]) -> None:
        await pending
        for prepared in events:
            await self.send(prepared.encoded("socket", self.frame))


class Subscriptions:
    """A socket's subscriptions, one task each, keyed by game."""

    def __init__(self, service: Service, address: str | None, send: Send, cap: int) -> None:
        self.service = service
        self.address = address
        self.send = send
        self.cap = cap
        self.tasks: dict[str, asyncio.Task[None]] = {}

    async def start(self, message: m.Subscribe, token: str | None) -> None:
        """Opens the stream, answers `subscribed`, then pushes its events in a task."""
        game_id = message.game_id
        if game_id in self.tasks:
            raise m.Refused(
                BAD_REQUEST, "this socket already follows this game", {"gameId": game_id}
            )
        if len(self.tasks) >= self.cap:
            text = f"at most {self.cap} subscriptions on one socket"
            raise m.Refused(TOO_MANY_STREAMS, text, {"scope": "socket", "limit": self.cap})
        stream = await self.service.live.open_game_events(
            game_id, message.after, token, self.address, message.with_state
        )
        try:
            await self.send(m.Subscribed(message.id, game_id, message.after))
        except BaseException:
            await stream.aclose()
            raise
        self.tasks[game_id] = asyncio.create_task(self._pump(message, stream))

    async def _pump(self, message: m.Subscribe, stream: EventStream) -> None:
        game_id = message.game_id
        reason: str = "ended"
        code: str | None = None
        try:
            await stream.deliver(Pusher(self.send, game_id).write)  # by its view's fanout
        except (MoveError, ApiError) as exc:
            reason, code = "error", exc.code
        except asyncio.CancelledError:
            await stream.aclose()
            raise
        except Exception:  # the hub closing (shutdown) or the socket gone
            log.info("socket_subscription_ended", game_id=game_id, exc_info=True)
            reason, code = "error", "STORE_UNAVAILABLE"
        finally:
            await stream.aclose()
        if self.tasks.get(game_id) is asyncio.current_task():
            del self.tasks[game_id]
        with contextlib.suppress(Exception):
            await self.send(m.Unsubscribed(message.id, game_id, reason, code))  # type: ignore[arg-type]

    async def stop(self, game_id: str, message_id: str | None) -> None:
        """Ends one subscription (`unsubscribe`), answered `unsubscribed`."""
        task = self.tasks.pop(game_id, None)
        if task is None:
            raise m.Refused(
                BAD_REQUEST, "this socket does not follow this game", {"gameId": game_id}
            )
        await _cancelled(task)
        await self.send(m.Unsubscribed(message_id, game_id, "asked"))

    async def close(self) -> None:
        """Ends every subscription (the socket is gone)."""
        tasks, self.tasks = list(self.tasks.values()), {}
        for task in tasks:
            await _cancelled(task)


async def _cancelled(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task
