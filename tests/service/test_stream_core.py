"""The stream core (issue 38, "one stream core"; `service.features.live.followers` and
`prepared_events`), on real Redis: the subscribers of one view get the very same prepared event
(prepared and framed once), each view gets what `event_view` gives it, and a subscriber that
falls behind the feed's window misses nothing."""

from __future__ import annotations

import asyncio
import dataclasses
from contextlib import aclosing

import pytest

from boardstate.service.composition import Service, build_service
from boardstate.service.features.live import live_feeds
from boardstate.service.features.live.event_streams import EventStream
from boardstate.service.features.live.prepared_events import PreparedEvent
from boardstate.service.features.views.read_models import event_view
from boardstate.service.http.streams.game_stream import encode_event
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore

pytestmark = pytest.mark.redis

WAIT_S = 30.0


def _service(store: RedisEventStore) -> Service:
    settings = dataclasses.replace(Settings(), redis_url="redis://unused", key_prefix=store.prefix)
    return build_service(store, settings, Metrics())


async def _play(service: Service, game_id: str, tokens: dict[int, str], moves: int) -> int:
    version = 0
    for _ in range(moves):
        record = await service.games.loader.load(game_id)
        assert record is not None
        seat = record.to_act[0]
        view = await service.games.game(game_id)
        assert view is not None
        move = (await service.games.legal_moves(view, seat, tokens[seat]))[0]
        accepted = await service.moves.submit_move(
            game_id, seat, move, tokens[seat], None, None, False
        )
        version = accepted.version
    return version


async def _take(stream: EventStream, until: int) -> list[PreparedEvent]:
    taken: list[PreparedEvent] = []
    while not taken or taken[-1].version < until:
        taken.append(await asyncio.wait_for(anext(stream), WAIT_S))
    return taken


async def test_the_subscribers_of_one_view_share_each_prepared_event_and_views_differ(
    redis_store: RedisEventStore,
) -> None:
    service = _service(redis_store)
    created = await service.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id, tokens, start = created.game.id, dict(created.tokens), created.game.version
    live = service.live
    viewers: list[str | None] = [None, None, tokens[0], tokens[0], tokens[1]]
    streams = [await live.open_game_events(game_id, start, t, "10.0.0.1") for t in viewers]
    try:
        await asyncio.sleep(0.2)  # every stream has joined the feed
        last = await _play(service, game_id, tokens, 6)
        got = await asyncio.gather(*(_take(s, last) for s in streams))
        spectators, seat0, seat1 = (got[0], got[1]), (got[2], got[3]), got[4]
        record = await service.games.loader.load(game_id)
        assert record is not None
        stored = {e.version: e for e in await redis_store.read(game_id, after=start, limit=100)}
        for pair in (spectators, seat0):
            for a, b in zip(*pair, strict=True):
                assert a is b  # prepared once for the view
                framed = a.encoded("sse", encode_event)
                assert b.encoded("sse", encode_event) is framed  # and framed once
        for events, viewer in ((spectators[0], None), (seat0[0], 0), (seat1, 1)):
            assert [p.version for p in events] == list(range(start + 1, last + 1))
            for prepared in events:
                expected = event_view(record, stored[prepared.version], viewer, False)
                assert dataclasses.replace(prepared.view, header=None) == expected
                assert prepared.view.header is not None
                assert prepared.view.header.version == prepared.version
        whole = [await live.open_game_events(game_id, 0, t, "10.0.0.2") for t in (None, tokens[0])]
        spectator, seat = [await _take(stream, last) for stream in whole]
        for stream in whole:
            await stream.aclose()
        assert any(a.view.data != b.view.data for a, b in zip(spectator, seat, strict=True))
    finally:
        for stream in streams:
            await stream.aclose()
        await live.close()


async def test_a_subscriber_behind_the_window_reads_the_log_and_misses_nothing(
    redis_store: RedisEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_feeds, "WINDOW", 2)
    service = _service(redis_store)
    created = await service.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id, tokens, start = created.game.id, dict(created.tokens), created.game.version
    live = service.live
    reader = await live.open_game_events(game_id, start, None, "10.0.0.1")
    sleeper = await live.open_game_events(game_id, start, None, "10.0.0.2")
    try:
        async with aclosing(reader), aclosing(sleeper):
            first = await asyncio.wait_for(
                asyncio.gather(_take(sleeper, start + 1), _play(service, game_id, tokens, 1)),
                WAIT_S,
            )
            reading = asyncio.ensure_future(_take(reader, start + 1))
            last = await _play(service, game_id, tokens, 8)  # far past the window of 2
            await asyncio.wait_for(reading, WAIT_S)
            assert last - start > 2 * live_feeds.WINDOW
            rest = await _take(sleeper, last)
            versions = [p.version for p in first[0] + rest]
            assert versions == list(range(start + 1, last + 1))
            assert all(p.view.header is not None for p in rest)
    finally:
        await live.close()
