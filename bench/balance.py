"""Balance figures from simulated games, written into each game's rules document (issue 20).

    .venv/bin/python -m bench.balance [--games 200] [--game trambahn] [--no-write]

For every game type and player count it plays `--games` seeded games in-process with the best
policy available and reports:

* the start player's share of the decided games (those with a single winner) with its 95 %
  Wilson interval, beside the fair share 1/players: the start player is the seat the set-up names
  to begin (`StartPlayerChosen`, or Tinners' Trail's first place in the random Order of Play);
  the same for seat 0; and the share of games that ended in a shared win (left out above);
* the length of the games in moves and in events (min / median / p90 / max);
* for TF22 Mine, the share of games that end without a point (every score 0: the round limit
  ended them), and of those that also end undecided (0–0 and a shared win: no tie-break on
  Ranium carried applied), the figure the independent audit gave as 87–90 %.

The policy: bots do not exist yet, so the best available is the engine's driver strategy
(`engine.core.driver.uniform`: a uniformly random legal move by the seat the driver picks among
those to act). These are figures of random play, not of skilled play: they show whether the
rules let a seat win by position alone, and how long games run; a designer reads them as such.

The figures go into `docs/rules/<game type>.md` between `<!-- balance:begin -->` and
`<!-- balance:end -->` (a file without the markers gets a `## Balance (simulated)` section at its
end). Game options are the defaults. Seeds are `balance-<game>-<players>-<i>`, so a run is
reproducible; the run time grows with `--games`: the default 200 takes about four minutes on one
core, almost all of it TF22 Mine's long random games (0.1–0.2 s each).
"""

from __future__ import annotations

import argparse
import math
import re
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boardstate.engine import registry
from boardstate.engine.core.driver import Opening, finish, playthrough

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
BEGIN, END = "<!-- balance:begin -->", "<!-- balance:end -->"
HEADING = "## Balance (simulated)"
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return max(0.0, centre - half), min(1.0, centre + half)


def start_seat(events: Sequence[Any]) -> int:
    """The seat the set-up names to begin (seat 0 when the game names none)."""
    for event in events:
        if event.TYPE == "StartPlayerChosen":
            return int(event.seat)
        if event.TYPE == "GameSetUp" and getattr(event, "order", None):
            return int(event.order[0])
    return 0


def spread(values: Sequence[int]) -> str:
    """min / median / p90 / max."""
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)]
    return f"{ordered[0]} / {statistics.median(ordered):g} / {p90} / {ordered[-1]}"


def simulate(game: str, players: int, games: int) -> dict[str, Any]:
    """Plays `games` random games; returns the figures of one (game, player count)."""
    rules = registry.GAMES[game]
    wins = seat0 = decided = shared = scoreless = scoreless_shared = unfinished = 0
    moves: list[int] = []
    events: list[int] = []
    for i in range(games):
        items = playthrough(rules, players, f"balance-{game}-{players}-{i}")
        start = next(items)
        assert isinstance(start, Opening)
        played = finish(items, start.state)
        outcome = rules.outcome(played.state)
        if outcome is None:
            unfinished += 1
            continue
        moves.append(played.moves)
        events.append(len(start.events) + len(played.events))
        shared += len(outcome.winners) > 1
        if len(outcome.winners) == 1:
            decided += 1
            wins += outcome.winners == (start_seat(start.events),)
            seat0 += outcome.winners == (0,)
        scoreless += not any(outcome.scores)
        scoreless_shared += not any(outcome.scores) and len(outcome.winners) > 1
    done = len(moves)
    return {
        "players": players,
        "games": done,
        "decided": decided,
        "unfinished": unfinished,
        "start_wins": wins / decided if decided else 0.0,
        "ci": wilson(wins, decided),
        "seat0_wins": seat0 / decided if decided else 0.0,
        "ci0": wilson(seat0, decided),
        "fair": 1 / players,
        "shared": shared / done if done else 0.0,
        "scoreless": scoreless / done if done else 0.0,
        "scoreless_shared": scoreless_shared / done if done else 0.0,
        "moves": spread(moves) if moves else "–",
        "events": spread(events) if events else "–",
    }


def table(game: str, rows: Sequence[dict[str, Any]], seconds: float) -> str:
    """The Markdown block written between the markers."""
    mine = game == "tf22-mine"
    head = "| players | games | decided | start player wins (95 % CI) | seat 0 wins (95 % CI) |"
    head += " fair share | shared wins |"
    head += " 0–0 games | 0–0 and shared |" if mine else ""
    head += " moves min / median / p90 / max | events min / median / p90 / max |"
    rule = "|" + "---|" * (head.count("|") - 1)
    lines = [head, rule]
    for r in rows:
        low, high = r["ci"]
        low0, high0 = r["ci0"]
        cells = [
            str(r["players"]),
            str(r["games"]) + (f" ({r['unfinished']} unfinished)" if r["unfinished"] else ""),
            str(r["decided"]),
            f"{r['start_wins']:.3f} ({low:.3f}–{high:.3f})",
            f"{r['seat0_wins']:.3f} ({low0:.3f}–{high0:.3f})",
            f"{r['fair']:.3f}",
            f"{r['shared']:.1%}",
            *([f"{r['scoreless']:.1%}", f"{r['scoreless_shared']:.1%}"] if mine else []),
            r["moves"],
            r["events"],
        ]
        lines.append("| " + " | ".join(cells) + " |")
    rules = registry.GAMES[game]
    note = (
        f"Simulated by `python -m bench.balance` ({rows[0]['games'] if rows else 0} games per "
        f"player count, default options, rules {rules.info.rules_version}). Policy: uniformly "
        "random legal moves (`engine.core.driver.uniform`); no bots exist yet, so these are "
        "figures of random play, not of skilled play. The start player is the seat the set-up "
        "names to begin; win shares are of the decided games (one winner), with 95 % Wilson "
        "intervals. "
        f"Run time {seconds:.0f} s on a shared 2-core machine."
    )
    if mine:
        note += (
            " A 0–0 game ended at the round limit (`max_rounds`, default 50) without a point;"
            " most are shared wins, the rest decided on Ranium carried. Random play almost"
            " never delivers Ranium: these games say nothing about the Mine's balance in play."
        )
    return "\n".join([note, "", *lines])


def write(game: str, block: str) -> Path:
    """Puts `block` between the markers of `docs/rules/<game>.md` (created if missing)."""
    path = DOCS / f"{game}.md"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if BEGIN not in text or END not in text:
        text = text.rstrip("\n") + ("\n\n" if text else "") + f"{HEADING}\n\n{BEGIN}\n{END}\n"
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.DOTALL)
    text = pattern.sub(lambda _: f"{BEGIN}\n{block}\n{END}", text, count=1)
    DOCS.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.balance", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--game", action="append", choices=sorted(registry.GAMES))
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args(argv)
    for game in args.game or sorted(registry.GAMES):
        info = registry.GAMES[game].info
        began = time.perf_counter()
        rows = [
            simulate(game, players, args.games)
            for players in range(info.min_players, info.max_players + 1)
        ]
        block = table(game, rows, time.perf_counter() - began)
        print(f"## {game}\n{block}\n", flush=True)
        if not args.no_write:
            print(f"wrote {write(game, block)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
