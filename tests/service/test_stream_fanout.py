"""Shared delivery of a game's live events (issue 41, item 2; `service.features.live.fanout`), on
real Redis: many subscribers of one game through the SSE route's writer and the command socket's
all get every event once, in order, each in its own view, written by one task per view once
caught up; a subscriber whose client stalls leaves that task without holding the others, and
misses nothing when it reads again; a failed write ends only its own stream."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, MutableMapping
from contextlib import aclosing
from typing import Any

import pytest

from boardstate.service.composition import Service, build_service
from boardstate.service.features.live import live_feeds
from boardstate.service.features.live.deliveries import Batch, step
from boardstate.service.features.live.event_streams import EventStream
from boardstate.service.http.socket import messages as m
from boardstate.service.http.socket.subscriptions import Pusher, Subscriptions
from boardstate.service.http.streams.game_stream import EventStreamResponse, encode_event
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore
from tests.service.test_stream_core import _play, _take

pytestmark = pytest.mark.redis

WAIT_S = 30.0


def _service(store: RedisEventStore) -> Service:
    settings = dataclasses.replace(
        Settings(), redis_url="redis://unused", key_prefix=store.prefix, max_streams_per_address=0
    )
    return build_service(store, settings, Metrics())


class Client:
    """What one client is sent, and by which task each write came."""

    def __init__(self) -> None:
        self.chunks: list[Any] = []
        self.writers: list[str] = []

    def got(self, chunk: Any) -> None:
        self.chunks.append(chunk)
        task = asyncio.current_task()
        self.writers.append(task.get_name() if task is not None else "")

    async def send(self, message: MutableMapping[str, Any] | m.ServerMessage | str) -> None:
        if isinstance(message, str):
            self.got(message)  # a socket's `event` frame
        elif isinstance(message, MutableMapping) and message.get("body"):
            self.got(message["body"])  # an SSE chunk


async def _never() -> dict[str, Any]:
    await asyncio.get_running_loop().create_future()
    raise AssertionError


async def _until(check: Any) -> None:
    async def wait() -> None:
        while not check():  # noqa: ASYNC110 (nothing to wait on but what the clients got)
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), WAIT_S)


async def test_many_followers_get_every_event_in_order_in_their_view_from_one_writer(
    redis_store: RedisEventStore,
) -> None:
    service = _service(redis_store)
    created = await service.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id, tokens = created.game.id, dict(created.tokens)
    start = 0  # from the deal (hidden from the spectators): the catch-up, then live
    live = service.live
    refs = [await live.open_game_events(game_id, start, t, "10.0.0.9") for t in (None, tokens[0])]
    sse = [Client() for _ in range(40)] + [Client(), Client()]  # 40 spectators, 2 of seat 0
    sockets = [Client() for _ in range(20)] + [Client()]  # 20 spectators, 1 of seat 0
    tasks = []
    for i, client in enumerate(sse):
        token = None if i < 40 else tokens[0]
        stream = await live.open_game_events(game_id, start, token, "10.0.0.1")
        response = EventStreamResponse(stream, start, keepalive_s=3600.0)
        tasks.append(asyncio.create_task(response({"type": "http"}, _never, client.send)))
    subscriptions = []
    for i, client in enumerate(sockets):
        subscribed = Subscriptions(service, "10.0.0.2", client.send, 1)
        await subscribed.start(m.Subscribe(game_id, start), None if i < 20 else tokens[0])
        subscriptions.append(subscribed)
    try:
        await asyncio.sleep(0.2)  # every stream has caught up
        last = await _play(service, game_id, tokens, 8)
        spectator, seat = [await _take(stream, last) for stream in refs]
        events = last - start
        await _until(lambda: all(b"".join(c.chunks).count(b"\nevent: ") == events for c in sse))
        await _until(lambda: all(len(c.chunks) == events for c in sockets))
        frame = Pusher(sockets[0].send, game_id).frame
        for view, sse_clients, socket_clients in (
            (spectator, sse[:40], sockets[:20]),
            (seat, sse[40:], sockets[20:]),
        ):
            framed = b"".join(p.encoded("sse", encode_event) for p in view)
            frames = [p.encoded("socket", frame) for p in view]
            for client in sse_clients:
                assert b"".join(client.chunks) == framed  # every event, once, in order
            for client in socket_clients:
                assert client.chunks == frames
        assert b"".join(sse[0].chunks) != b"".join(sse[40].chunks)  # the deal's views differ
        more = await _play(service, game_id, tokens, 1) - start  # every stream caught up now
        await _until(lambda: all(b"".join(c.chunks).count(b"\nevent: ") == more for c in sse))
        await _until(lambda: all(len(c.chunks) == more for c in sockets))
        for clients in (sse[:40], sockets[:20]):  # the spectators, live: one writer
            writers = {c.writers[-1] for c in clients}
            assert len(writers) == 1
            assert writers.pop().startswith(f"fanout:{game_id}:")
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for subscribed in subscriptions:
            await subscribed.close()
        for stream in refs:
            await stream.aclose()
        await live.close()


class Recorder:
    """A write that records the versions it writes; while `paused` is set, a write waits for
    it to clear as a paused transport does (`step`'s second case)."""

    def __init__(self, fail_at: int | None = None) -> None:
        self.versions: list[int] = []
        self.paused: asyncio.Event | None = None
        self.resumed = asyncio.Event()
        self.fail_at = fail_at

    def write(self, batch: Batch) -> Awaitable[None] | None:
        if self.fail_at is not None and batch.last.version >= self.fail_at:
            raise OSError("the client went away")
        return step(self._write(batch))

    async def _write(self, batch: Batch) -> None:
        if self.paused is not None:
            await self.resumed.wait()
        self.versions += [p.version for p in batch.events]


async def _deliver(stream: EventStream, recorder: Recorder) -> None:
    async with aclosing(stream):
        await stream.deliver(recorder.write)


async def test_a_stalled_follower_holds_no_other_and_misses_nothing_after(
    redis_store: RedisEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_feeds, "WINDOW", 2)  # the stalled one falls behind it
    service = _service(redis_store)
    created = await service.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id, tokens, start = created.game.id, dict(created.tokens), created.game.version
    live = service.live
    recorders = [Recorder() for _ in range(11)]
    streams = [await live.open_game_events(game_id, start, None, "10.0.0.1") for _ in recorders]
    tasks = [asyncio.create_task(_deliver(s, r)) for s, r in zip(streams, recorders, strict=True)]
    stalled, others, failing = recorders[0], recorders[1:10], recorders[10]
    try:
        await asyncio.sleep(0.2)
        first = await _play(service, game_id, tokens, 1)
        before = list(range(start + 1, first + 1))
        await _until(lambda: all(r.versions == before for r in recorders))
        stalled.paused = asyncio.Event()  # its client stops reading
        failing.fail_at = first + 2  # its client goes away
        last = await _play(service, game_id, tokens, 8)
        every = list(range(start + 1, last + 1))
        await _until(lambda: all(r.versions == every for r in others))
        assert stalled.versions == before  # its one write waits; the others went on
        with pytest.raises(OSError):
            await asyncio.wait_for(tasks[10], WAIT_S)  # the failed write ends its own stream
        assert failing.versions == every[: len(failing.versions)]
        assert before == failing.versions[: len(before)]
        assert failing.versions[-1] < first + 2
        stalled.resumed.set()  # it reads again: the log, then live
        await _until(lambda: stalled.versions == every)
        await asyncio.sleep(0.1)
        assert stalled.versions == every  # once each, in order
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await live.close()


async def test_step_ends_a_write_at_once_or_hands_on_the_rest_and_its_cancellation() -> None:
    done: list[str] = []

    async def at_once() -> None:
        done.append("at once")

    gate = asyncio.Event()

    async def waits() -> None:
        try:
            await gate.wait()
            done.append("after")
        except asyncio.CancelledError:
            done.append("cancelled")
            raise

    assert step(at_once()) is None
    assert done == ["at once"]
    rest = step(waits())
    assert rest is not None
    finishing = asyncio.ensure_future(rest)
    await asyncio.sleep(0)
    gate.set()
    await finishing
    assert done[-1] == "after"
    gate.clear()
    rest = step(waits())
    assert rest is not None
    finishing = asyncio.ensure_future(rest)
    await asyncio.sleep(0)
    finishing.cancel()
    with pytest.raises(asyncio.CancelledError):
        await finishing
    assert done[-1] == "cancelled"
