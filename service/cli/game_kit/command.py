"""`boardstate check-game ID_OR_MODULE [--seeds N]` and `boardstate new-game NAME [--dir D]`:
the conformance kit for game authors (issue 40).

`check-game` runs the shared conformance suite (`boardstate.engine.conformance.check_game`) on
an installed game type (by id) or on a module that declares `RULES` (`my_game`, or
`my_game.rules:RULES`); a module may add its suite hooks as `CONFORMANCE`. It prints one line
per player count and strategy, then `ok`; the first failure is one line naming the seed that
reproduces it, `boardstate check-game: CONFORMANCE_FAILED: …`, exit status 1. An id nothing
serves and a module that does not import are `UNKNOWN_GAME_TYPE` (exit status 2).

`new-game` writes a package skeleton (`service.cli.game_kit.template`): a small complete game
registered through the `boardstate.games` entry point, and its tests, which pass.
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Any

from boardstate.engine import registry
from boardstate.engine.conformance import ConformanceFailure, Hooks, check_game
from boardstate.engine.core.errors import UnknownGameType
from boardstate.engine.core.registration_checks import GAME_ID, check_declaration
from boardstate.engine.core.rules import GameRules
from boardstate.service.cli.cli_errors import CommandFailed
from boardstate.service.cli.game_kit.template import write_skeleton

CHECK, NEW = "check-game", "new-game"
COMMANDS = (CHECK, NEW)


def add_commands(commands: Any) -> None:
    """Adds `check-game` and `new-game` to the console script's subparsers."""
    check = commands.add_parser(CHECK, help="run the conformance suite on a game")
    check.add_argument("game", help="an installed game type id, or a module declaring RULES")
    check.add_argument("--seeds", type=int, default=20, help="random games per player count")
    new = commands.add_parser(NEW, help="write a game package skeleton whose tests pass")
    new.add_argument("name", help="the game type id, e.g. my-game")
    new.add_argument("--dir", type=Path, default=Path.cwd(), help="where (default: here)")


def _load(target: str) -> tuple[GameRules[Any, Any, Any], Hooks | None]:
    if target in registry.GAMES:
        return registry.GAMES[target], None
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnknownGameType(
            f"{target!r} is no installed game type ({sorted(registry.GAMES)}) and no module "
            f"that imports: {exc}"
        ) from None
    rules = getattr(module, attribute or "RULES", None)
    if not isinstance(rules, GameRules):
        named = attribute or "RULES"
        message = f"{module_name} has no GameRules named {named}"
        raise CommandFailed("BAD_GAME_DECLARATION", message, 2)
    problems = check_declaration(rules, rules.info.id)
    if problems:
        raise CommandFailed("BAD_GAME_DECLARATION", "; ".join(problems), 2)
    hooks = getattr(module, "CONFORMANCE", None)
    return rules, hooks if isinstance(hooks, Hooks) else None


def run(args: argparse.Namespace) -> int:
    """Runs `check-game` or `new-game`; returns the exit status."""
    if args.command == NEW:
        if not GAME_ID.fullmatch(args.name):
            raise CommandFailed("BAD_ARGUMENT", "a game id is lowercase words joined by '-'", 2)
        try:
            where = write_skeleton(args.name, args.dir)
        except FileExistsError as exc:
            raise CommandFailed("BAD_ARGUMENT", str(exc), 2) from None
        print(f"wrote {where}: pip install -e '{where}[test]' && pytest {where}")
        return 0
    if args.seeds < 1:
        raise CommandFailed("BAD_ARGUMENT", "--seeds must be at least 1", 2)
    rules, hooks = _load(args.game)
    try:
        report = check_game(rules, hooks, seeds=args.seeds)
    except ConformanceFailure as exc:
        raise CommandFailed("CONFORMANCE_FAILED", str(exc), 1) from None
    print(report.text())
    return 0
