"""CPU per event of one game followed by 1, 10, 100 and 1,000 spectators (issue 38, "one stream
core"; issue 41, item 2), as a ratio to one spectator's, by door, in one process.

Starts a private redis-server and the service in this process (`build_service`, no HTTP), and
for each door and subscriber count N: creates a Trambahn game, opens N spectator streams of it
through the stream core (`LiveEvents.open_game_events`, as every door opens them) and runs each
through the door's own writer into an in-process sink that counts the events it is handed (the
bytes are made and handed over, not sent: the figures leave the sockets' bytes aside), then
plays `--moves` moves through `Moves.submit_move` and waits after each until every stream has
written the new events. The doors:

* `sse`: the SSE route's response (`EventStreamResponse`, run as an ASGI app whose `send`
  counts the messages of each chunk): written by the fanout of the view once caught up;
* `socket`: the command socket's subscriptions (`Subscriptions.start`, one socket each, whose
  `send` counts the `event` frames): the same;
* `pull`: each stream taken event by event in its own task and each event sent with `await
  send(...)`, as the SSE route did before the fanout: the same run's yardstick;
* `graphql`: the `gameEvents` subscription run by strawberry (`schema.subscribe`, one
  subscription each, as graphql-ws runs it: `SUBSCRIPTION`'s selection), each result framed
  as graphql-transport-ws frames it (`{"id", "type": "next", "payload"}`, encoded by msgspec
  as the app encodes it) and counted; the selection over an event is executed
  once per view and document (`schema.shared_results`), strawberry then wraps and frames it
  per subscriber. With `--unshared` every subscriber's events are its own objects, so each
  subscription executes its selection itself (as before `schema.shared_results`).

CPU is `time.process_time()` over the moves (this process: the moves, the live reader, every
subscriber; not Redis), with the collector set as the service's lifespan sets it (what is alive
after the warm-up frozen, the young generation collected every `GC_YOUNG_THRESHOLD`
allocations). Figures per event appended:

* `cpu_us`: CPU per event, moves included;
* `ratio`: `cpu_us` over the same door's with one spectator (the issue's target: 1,000
  spectators at most 3x one);
* `stream_us`: the share of the streams (`cpu_us` minus the same door's run with none);
* `per_subscriber_us`: `stream_us / N`;
* `prepared`: events prepared for a view (`PreparedViews`): with sharing, one per event and
  view;
* `executed` (`graphql`): selections strawberry executed over an event
  (`schema.shared_results`): with sharing, one per event, view and document.

`--rounds R` measures every door and count R times, interleaved, and reports for each count the
round with the median `cpu_us` (the machine is shared: one round is noisy).
`--unshared` runs the doors again with the sharing turned off (each subscriber prepares and
frames each event itself, as every stream did before the core; no fanout). The load average of
the machine is printed before and after (the machine is shared: figures are noisy).

Usage: .venv/bin/python -m bench.spectators [--moves 30] [--counts 0,1,10,100,1000]
       [--doors sse,socket,pull,graphql] [--rounds 1] [--unshared] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import gc
import json
import os
import time
from collections.abc import MutableMapping
from contextlib import aclosing
from typing import Any

import msgspec
import uvloop
from strawberry.types import ExecutionResult

from boardstate.schema.context import Context
from boardstate.schema.root import schema
from boardstate.schema.shared_results import SHARED_EVENTS
from boardstate.service.composition import Service, build_service, open_store
from boardstate.service.features.live.event_streams import EventStream
from boardstate.service.features.live.prepared_events import PreparedViews
from boardstate.service.http.app import GC_YOUNG_THRESHOLD
from boardstate.service.http.socket import messages as m
from boardstate.service.http.socket.subscriptions import Subscriptions
from boardstate.service.http.streams.game_stream import EventStreamResponse, encode_event
from boardstate.service.logging import configure_logging
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from tests.redis_support import RedisServer

WAIT_S = 120.0
ENCODER = msgspec.json.Encoder()
DOORS = ("sse", "socket", "pull", "graphql")
SUBSCRIPTION = """subscription Follow($game: ID!, $after: Int) {
  gameEvents(gameId: $game, afterVersion: $after) {
    version type seat moveId data describe stateHash
    header { version status toAct deadline result { scores winners } }
  }
}"""
"""A spectator's `gameEvents` subscription (`graphql` door)."""


class Delivered:
    """Events the streams wrote, all counted together; `reached(n)` waits until they wrote `n`
    (N streams times the events so far: one addition per write, not a lookup)."""

    def __init__(self) -> None:
        self.count = 0
        self.target = 0
        self.done = asyncio.Event()

    def got(self, events: int) -> None:
        self.count += events
        if self.count >= self.target > 0:
            self.done.set()

    async def reached(self, target: int) -> None:
        self.target = target
        if self.count < target:
            self.done.clear()
            await asyncio.wait_for(self.done.wait(), WAIT_S)


async def _never() -> dict[str, Any]:
    await asyncio.get_running_loop().create_future()  # the client never goes away
    raise AssertionError


async def _sse(stream: EventStream, start: int, delivered: Delivered) -> None:
    """The SSE route's response, its chunks counted (one `event:` line per message)."""

    async def send(message: MutableMapping[str, Any]) -> None:
        body = message.get("body")
        if body:
            delivered.got(body.count(b"\nevent: "))

    response = EventStreamResponse(stream, start, keepalive_s=3600.0)
    await response({"type": "http"}, _never, send)


async def _pull(stream: EventStream, delivered: Delivered) -> None:
    """Each event taken and sent in the stream's own task (the SSE route before the fanout)."""

    async def send(message: dict[str, Any]) -> None:
        delivered.got(1)

    async with aclosing(stream):
        async for prepared in stream:
            body = prepared.encoded("sse", encode_event)
            await send({"type": "http.response.body", "body": body, "more_body": True})


async def _graphql(
    service: Service, game_id: str, start: int, address: str, got: Delivered
) -> None:
    """One `gameEvents` subscription run by strawberry, each result framed as graphql-ws's
    `next` message (msgspec, as the app encodes it) and counted."""
    backend: Any = service  # as the app hands it on (its scope's state)
    context = Context(backend=backend, request_id=address, address=address)
    variables = {"game": game_id, "after": start}
    results = await schema.subscribe(SUBSCRIPTION, variables, context_value=context)
    assert not isinstance(results, ExecutionResult), results.errors
    async with aclosing(results):
        async for result in results:
            assert not result.errors, result.errors
            message = {"id": address, "type": "next", "payload": {"data": result.data}}
            frame = ENCODER.encode(message)  # as the app encodes it (`GraphQLApp.encode_json`)
            got.got(frame.count(b'"gameEvents"'))


async def _socket(service: Service, game_id: str, start: int, address: str, got: Delivered) -> Any:
    """One command socket's subscription (started), its `event` frames counted; returns the
    coroutine that holds it until cancelled."""

    async def send(message: m.ServerMessage | str) -> None:
        if isinstance(message, str):
            got.got(1)

    subscriptions = Subscriptions(service, address, send, 1)
    await subscriptions.start(m.Subscribe(game_id, start), None)

    async def held() -> None:
        try:
            await asyncio.get_running_loop().create_future()
        finally:
            await subscriptions.close()

    return held()


async def _move(service: Service, game_id: str, tokens: dict[int, str]) -> int:
    record = await service.games.loader.load(game_id)
    assert record is not None
    assert record.status == "ACTIVE"
    seat = record.to_act[0]
    view = await service.games.game(game_id)
    assert view is not None
    move = (await service.games.legal_moves(view, seat, tokens[seat]))[0]
    accepted = await service.moves.submit_move(game_id, seat, move, tokens[seat], None, None, False)
    return int(accepted.version)


async def _open(
    service: Service, door: str, game_id: str, start: int, streams: int, got: Delivered
) -> list[asyncio.Task[None]]:
    tasks = []
    for i in range(streams):
        address = f"10.0.{i // 250}.{i % 250}"
        if door == "socket":
            task = await _socket(service, game_id, start, address, got)
        elif door == "graphql":
            task = _graphql(service, game_id, start, address, got)
        else:
            stream = await service.live.open_game_events(game_id, start, None, address)
            task = _sse(stream, start, got) if door == "sse" else _pull(stream, got)
        tasks.append(asyncio.create_task(task))
    return tasks


async def measure(
    service: Service, door: str, streams: int, moves: int, shared: bool
) -> dict[str, Any]:
    """One game, `streams` spectators on `door`, `moves` moves: CPU per event appended."""
    views = service.live.hub.views = PreparedViews() if shared else PreparedViews(size=0)
    created = await service.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id, tokens = created.game.id, dict(created.tokens)
    start = created.game.version
    executed = SHARED_EVENTS.executed
    delivered = Delivered()
    tasks = await _open(service, door, game_id, start, streams, delivered)
    while service.live.hub.subscribers(game_id) < streams:  # noqa: ASYNC110 (every one joined)
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)  # and caught up (nothing to catch up: they start at the head)
    version = start
    cpu0 = time.process_time()
    for _ in range(moves):
        version = await _move(service, game_id, tokens)
        await delivered.reached(streams * (version - start))
    cpu = time.process_time() - cpu0
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    events = version - start
    row = {
        "door": door,
        "streams": streams,
        "events": events,
        "cpu_us": cpu / events * 1e6,
        "prepared": views.prepared,
    }
    if door == "graphql":
        row["executed"] = SHARED_EVENTS.executed - executed
    return row


async def run(
    moves: int, counts: list[int], doors: list[str], unshared: bool, rounds: int = 1
) -> dict[str, Any]:
    with RedisServer() as redis_server:
        settings = dataclasses.replace(
            Settings(),
            redis_url=redis_server.url,
            key_prefix="bench-spectators",
            max_streams=0,
            max_streams_per_address=0,
        )
        store = open_store(settings)
        service = build_service(store, settings, Metrics())
        try:
            for door in doors:  # warm-up: imports, caches, connections
                await measure(service, door, 1, 3, True)
            gc.collect()  # the collector as the service's lifespan sets it (`http.app`)
            gc.freeze()
            gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
            out: dict[str, Any] = {"moves": moves, "load_before": os.getloadavg()}
            for mode in ("shared", "unshared") if unshared else ("shared",):
                runs: dict[str, list[list[dict[str, Any]]]] = {door: [] for door in doors}
                for _ in range(rounds):  # interleaved, so a burst of load spreads over all
                    for door in doors:
                        shared = mode == "shared"
                        runs[door].append(
                            [await measure(service, door, n, moves, shared) for n in counts]
                        )
                for door in doors:
                    out[f"{mode}:{door}"] = _ratios(_medians(runs[door]))
            out["load_after"] = os.getloadavg()
            return out
        finally:
            await service.close()
            await store.close()


def _medians(runs: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Each count's row of the round with the median `cpu_us`."""
    return [
        sorted(rows, key=lambda r: r["cpu_us"])[len(rows) // 2] for rows in zip(*runs, strict=True)
    ]


def _ratios(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by = {row["streams"]: row for row in rows}
    one = by.get(1, rows[0])["cpu_us"]
    none = by[0]["cpu_us"] if 0 in by else None
    for row in rows:
        row["ratio"] = round(row["cpu_us"] / one, 2)
        if none is not None and row["streams"]:
            row["stream_us"] = round(row["cpu_us"] - none, 1)
            row["per_subscriber_us"] = round((row["cpu_us"] - none) / row["streams"], 2)
        row["cpu_us"] = round(row["cpu_us"], 1)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--counts", default="0,1,10,100,1000")
    parser.add_argument("--doors", default=",".join(DOORS))
    parser.add_argument("--unshared", action="store_true")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--json", dest="json_out")
    args = parser.parse_args()
    counts = [int(c) for c in args.counts.split(",")]
    doors = [d for d in args.doors.split(",") if d]
    if set(doors) - set(DOORS):
        parser.error(f"--doors: one or more of {', '.join(DOORS)}")
    configure_logging("WARNING", "json")  # as the service benchmarks run it
    uvloop.install()  # the loop `boardstate serve` runs on
    out = asyncio.run(run(args.moves, counts, doors, args.unshared, max(args.rounds, 1)))
    print("load average before", out["load_before"], "after", out["load_after"])
    for key, rows in out.items():
        if ":" in key:
            for row in rows:
                print(key, json.dumps(row))
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(out, f, indent=2)


if __name__ == "__main__":
    main()
