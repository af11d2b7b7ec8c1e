"""Search against heuristic seats, one game and player count at a time (issue 42).

One seat plays `search`, the others `heuristic`; the search's seat rotates over the games and
every game has its own seed (`bench-<game>-<players>-<i>`, as `bench/bots.py` names them), so
no seat order favours either side. A shared win counts half. Each game's result is printed as
it ends (a long run can be read while it goes); the last line is the table row: the search's
win share with its 95 % Wilson interval, the target 1.1/n, and the heuristic's fair share 1/n,
with whether the interval lies above it.

`--tuning default` plays the search with the default `SearchTuning` instead of the game's own
(`BotHooks.search`), so one run measures what a game's tuning buys on the same seeds. `--set
FIELD=N` changes one integer field of the tuning played (`rank_width`, `root_width`,
`rollout_depth`, `rollout_sample`; repeatable), and `--set evaluate=heuristic` makes the search
use the heuristic's evaluation: what one part of a tuning buys.
The setting is the service's (200 playouts within 1 000 ms on a monotonic clock) unless
`--playouts` / `--budget-ms` say otherwise; with a budget no decision reaches the run is
deterministic, whatever the machine's load.

    .venv/bin/python -m bench.search_bench tinners-trail 2 --games 40
    .venv/bin/python -m bench.search_bench tinners-trail 3 --games 40 --playouts 60 \\
        --budget-ms 100000 --tuning default
    .venv/bin/python -m bench.search_bench tf22-mine 2 --games 20 --playouts 60 \\
        --budget-ms 100000 --set evaluate=heuristic
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from typing import Any

from bench.bots import median_ms, play, wilson
from boardstate.engine import registry
from boardstate.engine.bots.budget import Budget
from boardstate.engine.core.bot_hooks import SearchTuning
from boardstate.engine.core.rules import GameRules
from boardstate.service.log.movers import DEFAULT_BUDGET_MS


def with_search(rules: GameRules[Any, Any, Any], search: SearchTuning) -> GameRules[Any, Any, Any]:
    """`rules` whose search plays with `search`."""
    assert rules.bots is not None
    return dataclasses.replace(rules, bots=dataclasses.replace(rules.bots, search=search))


def with_default_search(rules: GameRules[Any, Any, Any]) -> GameRules[Any, Any, Any]:
    """`rules` whose search plays with the default `SearchTuning`."""
    return with_search(rules, SearchTuning())


def with_changes(rules: GameRules[Any, Any, Any], changes: list[str]) -> GameRules[Any, Any, Any]:
    """`rules` whose search tuning has the `FIELD=VALUE` changes."""
    assert rules.bots is not None
    fields: dict[str, Any] = {}
    for change in changes:
        name, value = change.split("=", 1)
        if name == "evaluate":
            assert value == "heuristic", "evaluate=heuristic is the one evaluation to set"
            fields[name] = None
        else:
            fields[name] = int(value)
    return with_search(rules, dataclasses.replace(rules.bots.search, **fields))


def row(game_type: str, players: int, score: float, games: int, setting: str, ms: str) -> str:
    """The table row of a finished match."""
    lo, hi = wilson(score, games)
    fair = 1 / players
    shown = "yes" if lo > fair else "no"
    return (
        f"| {game_type} | {players} | {setting} | {score / max(games, 1):.2f} [{lo:.2f}, {hi:.2f}]"
        f" | {1.1 / players:.2f} | {fair:.2f} | {shown} | {games} | {ms} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game_type")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="first seed index")
    parser.add_argument("--playouts", type=int, default=Budget().playouts)
    parser.add_argument("--budget-ms", type=int, default=DEFAULT_BUDGET_MS)
    parser.add_argument("--tuning", choices=("game", "default"), default="game")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    args = parser.parse_args()
    rules = registry.get(args.game_type)
    if args.tuning == "default":
        rules = with_default_search(rules)
    rules = with_changes(rules, args.set)
    budget = Budget(playouts=args.playouts, millis=args.budget_ms, clock=time.monotonic)
    changed = "".join(f", {change}" for change in args.set)
    setting = f"{args.playouts} playouts / {args.budget_ms} ms, {args.tuning} tuning{changed}"
    score = 0.0
    spent: list[float] = []
    for g in range(args.first, args.first + args.games):
        seat = g % args.players
        seats = ["search" if s == seat else "heuristic" for s in range(args.players)]
        seed = f"bench-{args.game_type}-{args.players}-{g}"
        winners, times = play(rules, args.players, seed, seats, [budget] * args.players)
        won = 1 / len(winners) if seat in winners else 0.0
        score += won
        spent += times.get("search", [])
        done = g - args.first + 1
        print(f"# game {g} seat {seat}: {won:.2f} (running {score:.1f}/{done})", flush=True)
    print(
        "| game | players | setting | search share [95 % CI] | target | fair | above fair "
        "| games | ms/move median |"
    )
    print(row(args.game_type, args.players, score, args.games, setting, median_ms(spent)))


if __name__ == "__main__":
    main()
