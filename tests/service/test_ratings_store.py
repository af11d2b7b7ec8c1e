"""Ratings in Redis (issue 30): each game applied once however many appliers race, players'
games applied concurrently in one order that the rebuild's replay reproduces byte for byte, and
the ranks a game's end gives (on real Redis; the games' own paths: tests/api/test_ratings.py)."""

from __future__ import annotations

import asyncio
import itertools
import json
import random

import pytest

from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.ratings.applier import HISTORY_CAP, Applier
from boardstate.service.features.ratings.outcomes import RatedResult
from boardstate.service.features.ratings.pairs import ended_ms
from boardstate.service.features.ratings.ratings_service import RatingsService
from boardstate.service.features.ratings.rebuild import replay
from boardstate.service.log.clocks import ms_iso
from boardstate.service.metrics import Metrics
from boardstate.service.store import RedisEventStore
from boardstate.service.store.players.rating_store import RedisRatings

pytestmark = pytest.mark.redis


def result(game: str, players: tuple[str, ...], ranks: tuple[int, ...]) -> RatedResult:
    return RatedResult(game, "trekking", f"2026-12-04T10:00:{game[-2:]}Z", players, ranks)


def replicas(store: RedisEventStore) -> list[Applier]:
    """Two appliers, each on a connection pool of its own, as two service processes."""
    return [Applier(store.ratings), Applier(RedisRatings(store.client, store.prefix))]


async def test_a_game_is_applied_once_however_many_appliers_race(
    redis_store: RedisEventStore,
) -> None:
    game = result("g-01", ("ann", "bob", "cy"), (0, 1, 1))
    appliers = replicas(redis_store) * 5
    places = await asyncio.gather(*(a.apply(game) for a in appliers))
    assert sorted(place for place, _ in places) == [0] * 9 + [1]
    for player in game.players:
        assert len(await redis_store.ratings.history("trekking", player, 0, 10)) == 1
    _, applied = await redis_store.ratings.snapshot("trekking")
    assert applied == {"g-01": 1}


async def test_games_sharing_players_apply_in_one_order_that_the_replay_reproduces(
    redis_store: RedisEventStore,
) -> None:
    rnd = random.Random(30)
    people = ("ann", "bob", "cy", "dee", "eve")
    games = []
    for n in range(40):
        players = tuple(rnd.sample(people, rnd.randint(2, 4)))
        ranks = tuple(rnd.randint(0, len(players) - 1) for _ in players)
        games.append(result(f"g-{n:02d}", players, ranks))
    a, b = replicas(redis_store)
    await asyncio.gather(*(a.apply(g) if i % 2 else b.apply(g) for i, g in enumerate(games)))
    live, applied = await redis_store.ratings.snapshot("trekking")
    assert sorted(applied.values()) == list(range(1, 41))
    rebuilt = replay(list(reversed(games)), applied, HISTORY_CAP)
    assert rebuilt.applied == applied
    assert {p: r[0] for p, r in rebuilt.players.items()} == live
    for player in people:
        stored = await redis_store.ratings.history("trekking", player, 0, HISTORY_CAP)
        assert stored == rebuilt.players[player][2][::-1]
        assert json.loads(stored[0])["games"] == len(stored)


async def test_the_rebuild_swaps_a_game_type_whole_unless_a_game_was_applied_meanwhile(
    redis_store: RedisEventStore,
) -> None:
    games = [result("g-01", ("ann", "bob"), (0, 1)), result("g-02", ("bob", "cy"), (1, 0))]
    applier = Applier(redis_store.ratings)
    await applier.apply(games[0])
    rebuilt = replay(games, {}, HISTORY_CAP)
    stale = await redis_store.ratings.replace(
        "trekking", 0, rebuilt.applied, rebuilt.players, [], rebuilt.pairs
    )
    assert not stale  # one game was applied since the rebuild counted none
    live, applied = await redis_store.ratings.snapshot("trekking")
    assert await redis_store.ratings.replace(
        "trekking", len(applied), rebuilt.applied, rebuilt.players, list(live), rebuilt.pairs
    )
    live, applied = await redis_store.ratings.snapshot("trekking")
    assert applied == {"g-01": 1, "g-02": 2}
    assert live == {p: r[0] for p, r in rebuilt.players.items()}
    assert await redis_store.ratings.all_pairs("trekking") == rebuilt.pairs
    assert len(rebuilt.pairs) == 2
    assert (await redis_store.ratings.board("trekking", 0, 10))[1] == 0  # all provisional
    assert await applier.apply(games[1]) == (0, [])  # applied by the rebuild: never twice


async def test_the_scripts_and_the_feed_group_work_on_a_cluster(
    cluster_store: RedisEventStore,
) -> None:
    games = [result("g-01", ("ann", "bob"), (0, 1)), result("g-02", ("bob", "cy"), (0, 0))]
    applier = Applier(cluster_store.ratings)
    assert [(await applier.apply(g))[0] for g in games] == [1, 2]
    assert (await applier.apply(games[0]))[0] == 0
    live, applied = await cluster_store.ratings.snapshot("trekking")
    rebuilt = replay(games, applied, HISTORY_CAP)
    assert {p: r[0] for p, r in rebuilt.players.items()} == live
    assert await cluster_store.ratings.replace(
        "trekking", len(applied), rebuilt.applied, rebuilt.players, list(live), rebuilt.pairs
    )
    assert await cluster_store.ratings.all_pairs("trekking") == rebuilt.pairs
    await cluster_store.outbox.relay({"id": "a1", "type": "game.ended", "data": {}}, [], 1)
    taken = await cluster_store.ratings.take("c1", 10)
    assert [json.loads(raw)["id"] for _, raw in taken] == ["a1"]
    await cluster_store.ratings.done([entry for entry, _ in taken])
    assert await cluster_store.ratings.reclaim("c2", 0, 10) == []


def pair_game(n: int, players: tuple[str, str], hours: float) -> RatedResult:
    """Game `n` of a pair, won by `players[0]`, ending `hours` after a fixed start."""
    at = ms_iso(ended_ms("2026-12-01T10:00:00.000Z") + round(hours * 3_600_000))
    return RatedResult(f"p-{n:02d}", "trekking", at, players, (0, 1), (0, 1), 5)


async def test_two_replicas_racing_one_pairs_games_count_five_of_them(
    redis_store: RedisEventStore,
) -> None:
    games = [pair_game(n, ("ann", "bob"), n / 10) for n in range(8)]
    appliers = replicas(redis_store) * 3
    await asyncio.gather(*(appliers[i % 6].apply(games[i % 8]) for i in range(24)))
    live, applied = await redis_store.ratings.snapshot("trekking")
    assert sorted(applied.values()) == list(range(1, 9))  # every game once, held ones too
    counted = {
        json.loads(e)["gameId"] for e in await redis_store.ratings.history("trekking", "ann", 0, 50)
    }
    assert len(counted) == 5
    rebuilt = replay(games, applied, HISTORY_CAP)
    assert set(rebuilt.held) == {g.game_id for g in games} - counted
    assert {p: r[0] for p, r in rebuilt.players.items()} == live
    assert await redis_store.ratings.all_pairs("trekking") == rebuilt.pairs


async def test_the_leaderboard_ranks_established_players_only(
    redis_store: RedisEventStore,
) -> None:
    order = ("p1", "p2", "p3", "p4")  # each beats those after it, five times a pair a day
    schedule = [
        (day, a, b)
        for day in range(2)
        for a, b in itertools.combinations(order, 2)
        for _ in range(5)
    ]
    games = [pair_game(n, (a, b), 24 * day + n / 100) for n, (day, a, b) in enumerate(schedule)]
    applier = Applier(redis_store.ratings)
    for game in games:
        assert (await applier.apply(game))[1], game  # none held: five a pair a day
    service = RatingsService(redis_store.ratings, GameLoader(redis_store, Metrics(), 10))
    found = {v.player_id: v for p in order for v in await service.player_ratings(p)}
    assert found["p1"].rating > found["p2"].rating > found["p3"].rating > found["p4"].rating
    assert found["p1"].provisional  # the best rating, and still unsure: off the board
    assert found["p1"].rank is None
    board = await service.leaderboard("trekking", None, None)
    assert [(e.player_id, e.rank, e.provisional) for e in board.entries] == [
        ("p2", 1, False),
        ("p3", 2, False),
        ("p4", 3, False),
    ]
    assert board.total == 3
    assert [found[p].rank for p in ("p2", "p3", "p4")] == [1, 2, 3]
    _, applied = await redis_store.ratings.snapshot("trekking")
    rebuilt = replay(games, applied, HISTORY_CAP)
    assert [p for p, r in sorted(rebuilt.players.items()) if r[3]] == ["p2", "p3", "p4"]
