"""Engine benchmark: seeded random games in-process, and rebuilding finished games from events.

Reports moves applied per second (decide + evolve, including listing legal moves to choose
from), the cost of rebuilding a finished game by folding its log, how long `legal_moves` takes
at every position of games at the largest player count (p50/p99/max and the largest list), and
ratios against a baseline
measured in the same run: encoding every event of the same games to their wire form and JSON
(plain Python work of similar size, so the ratios are comparable across noisy machines).

Usage: .venv/bin/python -m bench.engine_bench [--games N] [--game trambahn]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from boardstate.engine.core.driver import Step, finish, playthrough
from boardstate.engine.core.replay import fold
from boardstate.engine.registry import GAMES


def play(game: str, games: int) -> tuple[float, int, list[tuple[int, list[Any], Any]]]:
    """Plays `games` seeded games; returns seconds, moves and (players, log, final state)."""
    rules = GAMES[game]
    players = rules.info.min_players
    finished: list[tuple[int, list[Any], Any]] = []
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        played = finish(playthrough(rules, players, f"bench-{seed}"))
        moves += played.moves
        finished.append((players, list(played.events), played.state))
    return time.perf_counter() - start, moves, finished


def legal_move_timings(game: str, games: int) -> tuple[list[float], int]:
    """Times `legal_moves` at every position of `games` seeded games (µs, sorted)."""
    rules = GAMES[game]
    timings: list[float] = []
    widest = 0
    for seed in range(games):
        for item in playthrough(rules, rules.info.max_players, f"legal-{seed}"):
            if isinstance(item, Step):
                start = time.perf_counter()
                moves = rules.legal_moves(item.before, item.seat)
                timings.append((time.perf_counter() - start) * 1e6)
                widest = max(widest, len(moves))
    return sorted(timings), widest


def main() -> None:
    """Runs the benchmark and prints the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", default="trambahn", choices=sorted(GAMES))
    args = parser.parse_args()
    rules = GAMES[args.game]
    options = rules.parse_options(None)

    seconds, moves, finished = play(args.game, args.games)
    events = sum(len(log) for _, log, _ in finished)

    start = time.perf_counter()
    for players, log, state in finished:
        assert fold(rules, rules.initial_state(players, options), log) == state
    rebuild = time.perf_counter() - start

    start = time.perf_counter()
    for _, log, _ in finished:
        json.dumps([rules.events.encode(e) for e in log])
    baseline = time.perf_counter() - start

    timings, widest = legal_move_timings(args.game, min(args.games, 20))

    print(f"game: {args.game}, {args.games} games, {moves} moves, {events} events")
    print(
        f"play:     {moves / seconds:10.0f} moves/s   ({seconds * 1000 / args.games:.2f} ms/game)"
    )
    per_game = rebuild * 1000 / args.games
    print(f"rebuild:  {per_game:10.3f} ms per finished game ({events / rebuild:.0f} events/s)")
    print(f"baseline: {baseline * 1000 / args.games:10.3f} ms per game to encode its log to JSON")
    print(f"ratio rebuild / baseline: {rebuild / baseline:.2f}")
    print(f"ratio play / baseline:    {seconds / baseline:.2f}")
    print(f"ratio rebuild / play:     {rebuild / seconds:.3f}")
    per_event = baseline / events * 1e6
    p50, p99, top = (timings[int(q * (len(timings) - 1))] for q in (0.5, 0.99, 1.0))
    print(
        f"legal_moves: p50 {p50:.0f} µs, p99 {p99:.0f} µs, max {top:.0f} µs "
        f"(largest list: {widest} moves); p99 / baseline per event: {p99 / per_event:.1f}"
    )


if __name__ == "__main__":
    main()
