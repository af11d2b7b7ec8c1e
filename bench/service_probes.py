"""The history probes of the service benchmark, with one client and nothing else running:
early against late moves of the longest games, and `state(version: k)` for small to large k."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bench.service_figures import latency, percentile, ratio
from bench.service_games import STATE, Played, prepare_replays, replay_moves, submit_next
from bench.service_http import Target, post

STATE_ROUNDS = 25
SOLO_GAMES = 4


def early_late(games: Sequence[list[float]]) -> dict[str, Any]:
    """Returns the first 10% and the last 10% of the moves of each game, and the p50 ratio."""
    early: list[float] = []
    late: list[float] = []
    for submit_ms in games:
        tenth = max(1, len(submit_ms) // 10)
        early += submit_ms[:tenth]
        late += submit_ms[-tenth:]
    return {
        "games": len(games),
        "moves_per_game": [len(g) for g in games],
        "early": latency(early),
        "late": latency(late),
        "ratio_late_over_early_p50": ratio(percentile(late, 0.5), percentile(early, 0.5)),
    }


def longest(games: Sequence[Played], share: float = 0.25) -> list[Played]:
    """Returns the longest finished games, longest first (the top `share`, at least one)."""
    finished = sorted((g for g in games if g.finished), key=lambda g: -len(g.moves))
    return finished[: max(1, round(len(finished) * share))] if finished else []


async def history_probe(target: Target, games: Sequence[Played]) -> dict[str, Any]:
    """Times the first 10% of the moves of each game against the last 10%, interleaved.

    Each game is replayed twice: one copy is first advanced (untimed) to its last 10%; then a
    move of the fresh copy and a move of the advanced one alternate, so both see the same
    background load.
    """
    early: list[float] = []
    late: list[float] = []
    async with target.connect() as conn:
        for source in games:
            tenth = max(1, len(source.moves) // 10)
            fresh, advanced = await prepare_replays(target, 1, [source, source])
            await replay_moves(conn, advanced, None, stop=len(source.moves) - tenth)
            for _ in range(tenth):
                early.append(await submit_next(conn, fresh))
                late.append(await submit_next(conn, advanced))
    return {
        "games": len(games),
        "moves_per_game": [len(g.moves) for g in games],
        "early": latency(early),
        "late": latency(late),
        "ratio_late_over_early_p50": ratio(percentile(late, 0.5), percentile(early, 0.5)),
    }


async def state_probe(target: Target, game: Played) -> dict[str, Any]:
    """Times `state(version: k)` of a finished game for small to large k, interleaved."""
    last = game.final_version
    ks = sorted({5, last // 2, last - 1, last})
    times: dict[int, list[float]] = {k: [] for k in ks}
    async with target.connect() as conn:
        for _ in range(STATE_ROUNDS):
            for k in ks:
                body = {"query": STATE, "variables": {"g": game.game_id, "k": k}}
                _, ms = await post(conn, "/graphql", body)
                times[k].append(ms)
    p50 = {k: percentile(v, 0.5) for k, v in times.items()}
    return {
        "game_version": last,
        "rounds": STATE_ROUNDS,
        "by_k": {str(k): latency(v) for k, v in times.items()},
        "ratio_last_over_5_p50": ratio(p50[last], p50[5]),
        "ratio_last_minus_1_over_5_p50": ratio(p50[last - 1], p50[5]),
    }
