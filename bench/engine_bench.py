"""Engine benchmark: seeded random games in-process, and rebuilding finished games from events.

Reports moves applied per second (decide + evolve, including listing legal moves to choose
from), the move path alone (a recorded move in wire form decided with its RNG, evolved, and its
events encoded to their wire form: what the service does per accepted move), the cost of
rebuilding a finished game by folding its log, how long `legal_moves` takes at every position
of games at the largest player count (p50/p99/max and the largest list), and ratios against a
baseline measured in the same run: encoding every event of the same games to their wire form
and JSON (plain Python work of similar size, so the ratios are comparable across noisy
machines).

Usage: .venv/bin/python -m bench.engine_bench [--games N] [--game trambahn]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from boardstate.engine.core.driver import Opening, Step, finish, playthrough
from boardstate.engine.core.replay import fold
from boardstate.engine.core.rng import Rng
from boardstate.engine.registry import GAMES

Recorded = tuple[Any, str, list[tuple[int, int, Any]]]
"""A game to replay: the state after setup, its seed, and `(version, seat, wire move)`."""


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


def record(game: str, games: int) -> list[Recorded]:
    """Plays `games` seeded games; returns each one's set-up state, seed and moves (wire form)."""
    rules = GAMES[game]
    recorded: list[Recorded] = []
    for seed in range(games):
        start: Any = None
        moves: list[tuple[int, int, Any]] = []
        for item in playthrough(rules, rules.info.min_players, f"bench-{seed}"):
            if isinstance(item, Opening):
                start = item.state
            else:
                moves.append((item.version, item.seat, rules.moves.encode(item.move)))
        recorded.append((start, f"bench-{seed}", moves))
    return recorded


def move_path(game: str, recorded: list[Recorded]) -> tuple[float, int]:
    """Replays recorded moves as the service decides them: parse, the rules' checks, the facts
    with the game's RNG folded into the state (`GameRules.decide_folded`), every fact encoded
    to its wire form. Returns seconds and moves."""
    rules = GAMES[game]
    encode = rules.events.encode
    moves = 0
    start = time.perf_counter()
    for state, seed, played in recorded:
        for version, seat, wire in played:
            _, events, states = rules.decide_folded(
                state, seat, wire, Rng.for_decision(seed, version)
            )
            for event in events:
                encode(event)
            state = states[-1]
            moves += 1
    return time.perf_counter() - start, moves


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
    recorded = record(args.game, args.games)
    path_seconds, path_moves = sorted(move_path(args.game, recorded) for _ in range(5))[2]

    print(f"game: {args.game}, {args.games} games, {moves} moves, {events} events")
    print(
        f"play:     {moves / seconds:10.0f} moves/s   ({seconds * 1000 / args.games:.2f} ms/game)"
    )
    print(
        f"move path: {path_moves / path_seconds:8.0f} moves/s   (decide + evolve + encode of "
        f"recorded moves, median of 5; {path_seconds * 1e6 / path_moves:.1f} µs/move)"
    )
    per_game = rebuild * 1000 / args.games
    print(f"rebuild:  {per_game:10.3f} ms per finished game ({events / rebuild:.0f} events/s)")
    print(f"baseline: {baseline * 1000 / args.games:10.3f} ms per game to encode its log to JSON")
    print(f"ratio rebuild / baseline: {rebuild / baseline:.2f}")
    print(f"ratio play / baseline:    {seconds / baseline:.2f}")
    print(f"ratio rebuild / play:     {rebuild / seconds:.3f}")
    path_per_game = path_seconds / len(recorded)
    print(f"ratio move path / baseline: {path_per_game / (baseline / args.games):.2f}")
    per_event = baseline / events * 1e6
    p50, p99, top = (timings[int(q * (len(timings) - 1))] for q in (0.5, 0.99, 1.0))
    print(
        f"legal_moves: p50 {p50:.0f} µs, p99 {p99:.0f} µs, max {top:.0f} µs "
        f"(largest list: {widest} moves); p99 / baseline per event: {p99 / per_event:.1f}"
    )


if __name__ == "__main__":
    main()
