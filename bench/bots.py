"""Bot strength and speed (issues 17, 42): win rates with 95 % Wilson intervals, think times.

For every game type and player count: `heuristic` against `random`, `search` against
`heuristic`, and `search` at two budgets. One seat plays the policy under test, the others the
opponent policy; the seat rotates over the games so no seat order favours either side. A shared
win counts half. Targets (issue 17): heuristic ≥ 0.8 in 2-player games, and ≥ min(0.8, 1.6/n) with
n players (twice a fair share, at most 0.8); search ≥ 0.55 against heuristic in 2-player games
and ≥ 1.1/n with n players (the same 10 % over a fair share).

The setting is the service's (issue 42): every game with its default options (as a game created
without options), every policy with the service's budget (`Budget`'s playouts, within the bot
seat's default `budgetMs`, `service.log.movers.DEFAULT_BUDGET_MS`) on a monotonic clock, as the
bot workers build it, so the time limit is enforced here too. `--playouts` and `--budget-ms`
change it for an experiment; the table prints the setting it measured. `at limit` is the share of
the hero's decisions that took the whole time budget (the search stopped by its clock, not by its
playouts): on a loaded machine more decisions stop early, and the figures are of that machine.

    .venv/bin/python -m bench.bots --games 40                     # the figures in docs/bots.md
    .venv/bin/python -m bench.bots --games 2 --playouts 2 --only trambahn   # smoke
    .venv/bin/python -m bench.bots --games 40 --only tinners-trail --players 3 --match search
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Iterator
from typing import Any

from boardstate.engine import registry
from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.policies import policy
from boardstate.engine.bots.seen import observe
from boardstate.engine.core.driver import opening
from boardstate.engine.core.replay import apply
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules
from boardstate.service.log.movers import DEFAULT_BUDGET_MS

HEADER = (
    "| game | players | match | win rate [95 % CI] | target | games "
    "| ms/move median (hero/other) | at limit |"
)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(
    rules: GameRules[Any, Any, Any],
    players: int,
    seed: str,
    seats: list[str],
    budgets: list[Budget],
) -> tuple[tuple[int, ...], dict[str, list[float]]]:
    """Plays one game with `seats[i]` the policy of seat i thinking within `budgets[i]`;
    returns winners and think times."""
    options = rules.parse_options(None)
    start = opening(rules, players, seed, options)
    state, events = start.state, list(start.events)
    times: dict[str, list[float]] = {}
    for step in range(rules.info.max_game_length * 2):
        waiting = sorted(rules.to_act(state))
        if rules.is_finished(state) or not waiting:
            break
        seat = waiting[0]
        seen = observe(rules, state, seat, players, events)
        began = time.perf_counter()
        move = policy(seats[seat])(seen, Rng.for_decision(f"bot:{seed}", step), budgets[seat])
        times.setdefault(seats[seat], []).append(time.perf_counter() - began)
        state, facts = apply(rules, state, seat, move, Rng.for_decision(seed, len(events)))
        events += facts
    outcome = rules.outcome(state)
    return (() if outcome is None else outcome.winners), times


def median_ms(spent: list[float]) -> str:
    return f"{statistics.median(spent) * 1000:.1f}" if spent else "—"


def match(
    game_type: str,
    players: int,
    hero: str,
    villain: str,
    games: int,
    budget: Budget,
    first: int = 0,
) -> Iterator[str]:
    """`games` games (seeds `first`…), the hero's seat rotating; one table row."""
    rules = registry.get(game_type)
    score = 0.0
    thinking: dict[str, list[float]] = {hero: [], villain: []}
    for g in range(first, first + games):
        seat = g % players
        seats = [hero if s == seat else villain for s in range(players)]
        seed = f"bench-{game_type}-{players}-{g}"
        winners, times = play(rules, players, seed, seats, [budget] * players)
        if seat in winners:
            score += 1 / len(winners)
        for name, spent in times.items():
            thinking[name] += spent
    lo, hi = wilson(score, games)
    target = 0.8 if players == 2 else min(0.8, 1.6 / players)
    if hero == "search" and villain == "heuristic":
        target = 1.1 / players
    limit = budget.millis / 1000
    mine = thinking[hero]
    at_limit = sum(1 for t in mine if t >= limit) / len(mine) if mine else 0.0
    yield (
        f"| {game_type} | {players} | {hero} vs {villain} | {score / max(games, 1):.2f} "
        f"[{lo:.2f}, {hi:.2f}] | {target:.2f} | {games} | "
        f"{median_ms(mine)} / {median_ms(thinking[villain])} | {at_limit:.0%} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="first seed index")
    parser.add_argument("--playouts", type=int, default=Budget().playouts)
    parser.add_argument("--budget-ms", type=int, default=DEFAULT_BUDGET_MS)
    parser.add_argument("--only", default=None, help="one game type")
    parser.add_argument("--players", type=int, default=None, help="one player count")
    parser.add_argument("--match", choices=("all", "heuristic", "search", "budgets"), default="all")
    args = parser.parse_args()
    budget = Budget(playouts=args.playouts, millis=args.budget_ms, clock=time.monotonic)
    strong = Budget(playouts=args.playouts * 4, millis=args.budget_ms * 4, clock=time.monotonic)
    print(f"setting: {args.playouts} playouts within {args.budget_ms} ms, default options")
    print(HEADER)
    print("|---|---|---|---|---|---|---|---|")
    which = {"heuristic", "search", "budgets"} if args.match == "all" else {args.match}
    for game_type, rules in sorted(registry.GAMES.items()):
        if args.only and game_type != args.only:
            continue
        for players in range(rules.info.min_players, rules.info.max_players + 1):
            if args.players and players != args.players:
                continue
            rows: list[Iterator[str]] = []
            if "heuristic" in which:
                rows.append(
                    match(game_type, players, "heuristic", "random", args.games, budget, args.first)
                )
            if "search" in which:
                rows.append(
                    match(
                        game_type,
                        players,
                        "search",
                        "heuristic",
                        args.games // 2,
                        budget,
                        args.first,
                    )
                )
            for row in rows:
                for line in row:
                    print(line, flush=True)
        players = rules.info.min_players
        if "budgets" not in which or (args.players and players != args.players):
            continue
        for line in match_budgets(game_type, players, args.games // 2, budget, strong):
            print(line, flush=True)


def match_budgets(
    game_type: str, players: int, games: int, weak: Budget, strong: Budget
) -> Iterator[str]:
    """`search` with four times the playouts against `search`."""
    rules = registry.get(game_type)
    score = 0.0
    for g in range(games):
        seat = g % players
        seats = ["search"] * players
        budgets = [strong if s == seat else weak for s in range(players)]
        winners, _ = play(rules, players, f"budgets-{g}", seats, budgets)
        if seat in winners:
            score += 1 / len(winners)
    lo, hi = wilson(score, games)
    yield (
        f"| {game_type} | {players} | search ×4 vs search | {score / max(games, 1):.2f} "
        f"[{lo:.2f}, {hi:.2f}] | — | {games} | — | — |"
    )


if __name__ == "__main__":
    main()
