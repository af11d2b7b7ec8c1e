"""`boardstate play GAME`: play in the terminal against bots (issue 17).

Offline (the default) the game runs on the in-memory engine in this process; with `--url` (or
`--online`: the local service `make run` started, found as `service.cli.locate` finds it) it is
created on a running service (`POST /v1/games` with `bots`) and played over REST, the bots moving
on the service's workers. Each turn shows your seat's view as text, the last moves, and your legal
moves numbered; type a number (or `q` to stop). There is no undo.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from collections.abc import Callable
from typing import Any, TextIO

from boardstate.engine import registry
from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.policies import POLICIES, policy
from boardstate.engine.bots.seen import observe
from boardstate.engine.core.driver import opening
from boardstate.engine.core.replay import apply
from boardstate.engine.core.rng import Rng
from boardstate.service.cli.cli_errors import CommandFailed

COMMAND = "play"


def add_command(commands: Any) -> None:
    play = commands.add_parser(COMMAND, help="play a game in the terminal against bots")
    play.add_argument("game", choices=sorted(registry.GAMES))
    play.add_argument("--players", type=int, default=None, help="default: the fewest allowed")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--bots", default="heuristic", help=f"policies, comma-separated: {POLICIES}")
    play.add_argument("--seed", default=None)
    where = play.add_mutually_exclusive_group()
    where.add_argument("--url", default=None, help="play on a running service (REST)")
    where.add_argument(
        "--online",
        action="store_true",
        help="play on the service `make run` started (its data folder's service.json)",
    )


def text(value: Any, indent: str = "") -> list[str]:
    """A compact, readable rendering of a view: keys and values, nothing null."""
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if item is None or item == [] or item == {}:
                continue
            if isinstance(item, dict | list) and not _flat(item):
                lines.append(f"{indent}{key}:")
                lines += text(item, indent + "  ")
            else:
                lines.append(f"{indent}{key}: {_inline(item)}")
    elif isinstance(value, list):
        for item in value:
            rendered = text(item, indent + "  ")
            lines.append(f"{indent}- " + (rendered[0].strip() if rendered else ""))
            lines += rendered[1:]
    else:
        lines.append(f"{indent}{_inline(value)}")
    return lines


def _flat(item: Any) -> bool:
    if isinstance(item, list):
        return all(not isinstance(x, dict | list) for x in item)
    return isinstance(item, dict) and all(not isinstance(x, dict | list) for x in item.values())


def _inline(item: Any) -> str:
    if isinstance(item, list):
        return ", ".join(_inline(x) for x in item)
    if isinstance(item, dict):
        return ", ".join(f"{k}={_inline(v)}" for k, v in item.items() if v is not None)
    return str(item)


def _ask(
    moves: list[dict[str, Any]],
    read: Callable[[], str],
    out: TextIO,
    words: list[str] | None = None,
) -> int | None:
    for number, move in enumerate(moves, start=1):
        label = words[number - 1] if words else _inline(move)
        print(f"  {number:3d}. {label}", file=out)
    while True:
        print("your move (number, q to stop): ", end="", file=out, flush=True)
        answer = read().strip()
        if answer in ("q", ""):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return int(answer) - 1
        print(f"  type 1..{len(moves)}", file=out)


def play_offline(
    args: argparse.Namespace, read: Callable[[], str], out: TextIO = sys.stdout
) -> int:
    """Plays a whole game against bots on the in-memory engine; returns the exit status."""
    rules = registry.get(args.game)
    players = args.players or rules.info.min_players
    rules.check_players(players)
    names = [p.strip() for p in args.bots.split(",")]
    seed = args.seed or uuid.uuid4().hex
    start = opening(rules, players, seed, rules.parse_options(None))
    state, events = start.state, list(start.events)
    bots = {
        s: names[i % len(names)] for i, s in enumerate(s for s in range(players) if s != args.seat)
    }
    budget = Budget(playouts=100, millis=2000, clock=time.monotonic)
    for step in range(rules.info.max_game_length * 4):
        waiting = sorted(rules.to_act(state))
        if rules.is_finished(state) or not waiting:
            break
        seat = args.seat if args.seat in waiting else waiting[0]
        if seat == args.seat:
            print("\n" + "\n".join(text(rules.view(state, seat))), file=out)
            legal = list(rules.legal_moves(state, seat))
            words = [rules.describe_move(m) for m in legal]
            choice = _ask([rules.moves.encode(m) for m in legal], read, out, words)
            if choice is None:
                print("stopped", file=out)
                return 0
            move = legal[choice]
        else:
            seen = observe(rules, state, seat, players, events)
            move = policy(bots[seat])(seen, Rng.for_decision(f"bot:{seed}", step), budget)
            print(f"seat {seat} ({bots[seat]}): {rules.describe_move(move)}", file=out)
        state, facts = apply(rules, state, seat, move, Rng.for_decision(seed, len(events)))
        events += facts
    outcome = rules.outcome(state)
    print("\n" + "\n".join(text(rules.view(state, args.seat))), file=out)
    if outcome is not None:
        print(f"scores {list(outcome.scores)}, winners {list(outcome.winners)}", file=out)
    return 0


def play_online(args: argparse.Namespace, read: Callable[[], str], out: TextIO = sys.stdout) -> int:
    """Plays on a running service over REST (the bots move on its workers; see
    `terminal_online`: the game's stream is followed, refusals waited out)."""
    import httpx

    from boardstate.service.cli import terminal_online

    rules = registry.get(args.game)
    players = args.players or rules.info.min_players
    names = [p.strip() for p in args.bots.split(",")]
    others = [s for s in range(players) if s != args.seat]
    bots = [{"seat": s, "policy": names[i % len(names)]} for i, s in enumerate(others)]
    with httpx.Client(base_url=args.url.rstrip("/") + "/v1", timeout=30) as http:
        body = {"gameType": args.game, "players": players, "seats": ["you"], "bots": bots}
        created = http.post("/games", json=body)
        created.raise_for_status()
        game_id = created.json()["game"]["id"]
        auth = {"authorization": f"Bearer {created.json()['tokens'][0]['token']}"}
        print(f"game {game_id}", file=out)

        def choose(view: Any, moves: list[Any]) -> int | None:
            print("\n" + "\n".join(text(view)), file=out)
            words = [rules.describe_move(rules.parse_move(m)) for m in moves]
            return _ask(moves, read, out, words)

        game = terminal_online.play(http, game_id, args.seat, auth, choose)
        if game is not None:
            print(f"{game['status'].lower()}: {json.dumps(game.get('result'), indent=1)}", file=out)
        return 0


def run(args: argparse.Namespace, local_url: Callable[[], str]) -> int:
    """Runs `boardstate play`; `--online` plays on the service at `local_url()`."""
    for name in args.bots.split(","):
        if name.strip() not in POLICIES:
            raise CommandFailed("BAD_ARGUMENT", f"unknown bot {name!r}; known: {list(POLICIES)}", 2)
    players = args.players or registry.get(args.game).info.min_players
    registry.get(args.game).check_players(players)
    if not 0 <= args.seat < players:
        raise CommandFailed("BAD_SEAT", f"--seat must be 0..{players - 1}, not {args.seat}", 2)
    read = sys.stdin.readline
    if args.online:
        args.url = local_url()
    return play_online(args, read) if args.url else play_offline(args, read)
