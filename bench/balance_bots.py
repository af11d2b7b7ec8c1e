"""Balance with bots (issue 42): seat effects when every seat plays the `heuristic` policy.

    .venv/bin/python -m bench.balance_bots --game trekking --players 3 --games 40 [--no-write]
    .venv/bin/python -m bench.balance_bots --game tinners-trail --options '{"arsenic": true}'

`bench.balance` measures random play, which says whether the rules let a seat win by position
alone; this measures competent play: every seat is the `heuristic` bot with the service's
budget (`Budget`'s defaults on a monotonic clock, as the bot workers build it) and the game's
default options, as a game created without options, or the `--options` given (a variant: its rows
are named by them, `3 · arsenic: true`). Per player count it reports the win share
by position from the start player (position 0 is the seat the set-up names to begin, 1 the next
seat, …; `balance.start_seat`), each with its 95 % Wilson interval beside the fair share 1/n;
the shared wins (left out of the shares); the winner's margin over the runner-up in points
(min / median / p90 / max); and the length in moves. A bot sees only its seat's view
and the log redacted for it (`engine.bots.seen.observe`), as in `bench.bots`.

The figures go into `docs/rules/<game>.md` between `<!-- balance-bots:begin -->` and
`<!-- balance-bots:end -->` (added after the random-play block when missing). Seeds are
`balance-bots-<game>-<players>-<i>`, so a run is reproducible given the machine's speed (the
budget's clock is a real one: on a loaded machine a bot thinks less).
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.balance import DOCS, END, spread, start_seat, wilson
from boardstate.engine import registry
from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.policies import policy
from boardstate.engine.bots.seen import observe
from boardstate.engine.core.driver import opening
from boardstate.engine.core.replay import apply
from boardstate.engine.core.rng import Rng

BEGIN_BOTS, END_BOTS = "<!-- balance-bots:begin -->", "<!-- balance-bots:end -->"
HEADING = "**With heuristic bots** (issue 42)"


def label(players: int, options: dict[str, Any]) -> str:
    """A row's name: the player count, and the options when not the defaults."""
    named = ", ".join(f"{k}: {json.dumps(v)}" for k, v in sorted(options.items()))
    return f"{players} · {named}" if named else str(players)


def simulate(
    game: str,
    players: int,
    games: int,
    policy_id: str,
    options: dict[str, Any] | None = None,
    trace: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Plays `games` games of `policy_id` in every seat; the figures of one player count.
    With `trace`, appends one record per finished game (seed, start seat, the set-up's order of
    play when it names one, scores, winners) for tracing a seat effect."""
    rules = registry.GAMES[game]
    chosen = dict(options or {})
    chooser = policy(policy_id)
    by_position = [0] * players
    decided = shared = 0
    margins: list[int] = []
    moves: list[int] = []

    for i in range(games):
        seed = f"balance-bots-{game}-{players}-{i}"
        start = opening(rules, players, seed, rules.parse_options(chosen or None))
        state, events, count = start.state, list(start.events), 0
        for step in range(rules.info.max_game_length * 2):
            waiting = sorted(rules.to_act(state))
            if rules.is_finished(state) or not waiting:
                break
            seat = waiting[0]
            seen = observe(rules, state, seat, players, events)
            move = chooser(
                seen, Rng.for_decision(f"bot:{seed}", step), Budget(clock=time.monotonic)
            )
            state, facts = apply(rules, state, seat, move, Rng.for_decision(seed, len(events)))
            events += facts
            count += 1
        outcome = rules.outcome(state)
        if outcome is None:
            continue
        if trace is not None:
            order = next((e.order for e in start.events if getattr(e, "order", None)), None)
            trace.append(
                {
                    "seed": seed,
                    "start": start_seat(start.events),
                    "order": list(order) if order else None,
                    "scores": list(outcome.scores),
                    "winners": list(outcome.winners),
                }
            )
        moves.append(count)
        ranked = sorted(outcome.scores, reverse=True)
        margins.append(int(ranked[0] - ranked[1]) if len(ranked) > 1 else 0)
        if len(outcome.winners) > 1:
            shared += 1
            continue
        decided += 1
        by_position[(outcome.winners[0] - start_seat(start.events)) % players] += 1
    return {
        "label": label(players, chosen),
        "players": players,
        "games": len(moves),
        "decided": decided,
        "shared": shared,
        "positions": [(w / decided if decided else 0.0, wilson(w, decided)) for w in by_position],
        "margins": spread(margins) if margins else "–",
        "moves": spread(moves) if moves else "–",
    }


def table(game: str, rows: Sequence[dict[str, Any]], seconds: float) -> str:
    """The Markdown block written between the markers."""
    head = "| players | games | decided | shared | win share by position from the start player "
    head += "(0 = start; 95 % CI) | fair share | winner's margin min / median / p90 / max | "
    head += "moves min / median / p90 / max |"
    lines = [head, "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        shares = "; ".join(
            f"{k}: {share:.2f} ({lo:.2f}–{hi:.2f})"
            for k, (share, (lo, hi)) in enumerate(r["positions"])
        )
        cells = [
            r["label"],
            str(r["games"]),
            str(r["decided"]),
            str(r["shared"]),
            shares,
            f"{1 / r['players']:.2f}",
            r["margins"],
            r["moves"],
        ]
        lines.append("| " + " | ".join(cells) + " |")
    note = (
        f"Played by `python -m bench.balance_bots` (every seat the `heuristic` bot at the "
        f"service's budget, default options unless the row names others, rules "
        f"{registry.GAMES[game].info.rules_version}; games per row as given; the last run, of "
        f"{', '.join(r['label'] for r in rows)}, took {seconds:.0f} s on a shared 2-core "
        "machine). Win "
        "shares are of the decided games; with this many games an interval holds a wide range "
        "of shares, so only an effect whose interval leaves out the fair share is one."
    )
    return "\n".join([note, "", *lines])


def merged(old: str, block: str) -> str:
    """`block` with the table rows of `old` (a block written before) that it does not replace:
    a row is replaced by the new row of the same name (its first cell)."""

    def key(line: str) -> str:
        return line.split("|")[1].strip()

    def is_row(line: str) -> bool:
        return line.startswith("| ") and not line.startswith("| players")

    lines = block.split("\n")
    fresh = [line for line in lines if is_row(line)]
    names = {key(line) for line in fresh}
    kept = [line for line in old.split("\n") if is_row(line) and key(line) not in names]
    rows = sorted(kept + fresh, key=lambda line: (" · " in key(line), key(line)))
    return "\n".join([line for line in lines if not is_row(line)] + rows)


def write(game: str, block: str) -> Path:
    """Puts `block` between the bot markers of `docs/rules/<game>.md`, keeping the rows of
    earlier runs that it does not replace (`merged`)."""
    path = DOCS / f"{game}.md"
    text = path.read_text(encoding="utf-8")
    if BEGIN_BOTS not in text:
        text = text.replace(END, f"{END}\n\n{HEADING}\n\n{BEGIN_BOTS}\n{END_BOTS}", 1)
    pattern = re.compile(re.escape(BEGIN_BOTS) + "(.*?)" + re.escape(END_BOTS), re.DOTALL)
    text = pattern.sub(
        lambda m: f"{BEGIN_BOTS}\n{merged(m.group(1), block)}\n{END_BOTS}", text, count=1
    )
    path.write_text(text, encoding="utf-8")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bench.balance_bots", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--game", required=True, choices=sorted(registry.GAMES))
    parser.add_argument("--players", type=int, action="append", help="player counts (all)")
    parser.add_argument("--policy", default="heuristic")
    parser.add_argument("--options", default="{}", help="the game's options (JSON object)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--trace", type=Path, help="write one JSON line per game here")
    args = parser.parse_args(argv)
    info = registry.GAMES[args.game].info
    counts = args.players or list(range(info.min_players, info.max_players + 1))
    began = time.perf_counter()
    options = json.loads(args.options)
    if not isinstance(options, dict):
        parser.error("--options must be a JSON object")
    trace: list[dict[str, Any]] = []
    rows = [simulate(args.game, n, args.games, args.policy, options, trace) for n in counts]
    if args.trace:
        args.trace.write_text("".join(json.dumps(t) + "\n" for t in trace), encoding="utf-8")
    block = table(args.game, rows, time.perf_counter() - began)
    print(f"## {args.game}\n{block}\n", flush=True)
    if not args.no_write:
        print(f"wrote {write(args.game, block)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
