"""The whole suite over one game: every player count × seeds × strategies (`check_game`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.policies import policy
from boardstate.engine.bots.seen import observe
from boardstate.engine.conformance.checks import ConformanceFailure, check_playthrough
from boardstate.engine.conformance.hooks import Hooks
from boardstate.engine.core.driver import Strategy, playthrough, uniform
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules

Rules = GameRules[Any, Any, Any]
BOT_BUDGET = Budget(playouts=8, millis=0)


def bot_strategy(rules: Rules, players: int, policy_id: str) -> Strategy:
    """A strategy that plays the bot `policy_id` from each seat's own knowledge."""
    choose = policy(policy_id)

    def strategy(state: Any, seat: int, legal: tuple[Any, ...], rng: Rng) -> Any:
        return choose(observe(rules, state, seat, players, ()), rng, BOT_BUDGET)

    return strategy


@dataclasses.dataclass(frozen=True, slots=True)
class Report:
    """What `check_game` played: one line per player count and strategy."""

    game: str
    lines: tuple[str, ...]
    games: int
    moves: int

    def text(self) -> str:
        return "\n".join([*self.lines, f"{self.game}: {self.games} games, {self.moves} moves, ok"])


def _events(rules: Rules, players: int, seed: str, options: Any) -> list[Any]:
    return [getattr(item, "events", ()) for item in playthrough(rules, players, seed, options)]


def check_game(
    rules: Rules, hooks: Hooks | None = None, seeds: int = 20, bot_seeds: int = 2
) -> Report:
    """Plays `seeds` random and `bot_seeds` bot playthroughs (each bot policy) at every player
    count, checking each (`check_playthrough`) and that a seed replays identically; raises
    `ConformanceFailure` naming the first failing seed."""
    hooks = hooks or Hooks()
    lines, games, moves = [], 0, 0
    info = rules.info
    for players in range(info.min_players, info.max_players + 1):
        plans: list[tuple[str, Strategy, int]] = [("random", uniform, seeds)]
        plans += [(p, bot_strategy(rules, players, p), bot_seeds) for p in ("heuristic", "search")]
        for name, strategy, count in plans:
            played = 0
            for n in range(count):
                raw = hooks.option_sets[n % len(hooks.option_sets)]
                seed = f"conformance-{name}-{n}"
                where = f"{info.id}, {players} players, {name} seed {seed!r}, options {raw}"
                try:
                    options = rules.parse_options(raw)
                    played += check_playthrough(
                        rules, players, seed, options, f"check:{n}", strategy, hooks
                    )
                    if n == 0 and name == "random":
                        first = _events(rules, players, seed, options)
                        again = _events(rules, players, seed, options)
                        if first != again:
                            raise ConformanceFailure("the same seed played two different games")
                except ConformanceFailure as exc:
                    raise ConformanceFailure(f"{where}: {exc}") from exc
                except Exception as exc:
                    raise ConformanceFailure(f"{where}: {type(exc).__name__}: {exc}") from exc
            games += count
            moves += played
            lines.append(f"{info.id}: {players} players, {count} {name} games, {played} moves ok")
    return Report(info.id, tuple(lines), games, moves)
