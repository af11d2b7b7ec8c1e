"""`boardstate sdk-types --url URL --lang python|typescript --out DIR [--game ID]...`: the SDKs'
per-game types for the games a running service serves (issue 40), installed packages included.

It reads `GET <URL>/v1/game-types` (each game type's move, state view, event and options JSON
Schemas; at most `MAX_BYTES`, within `TIMEOUT_S`) and writes, into the folder DIR:

* `python`: one module per game type, with `TypedDict`s, its `GAME` for the Python SDK's typed
  calls, and `__init__.py` (`GAME_TYPES`) — the writer of the SDK's own `boardstate_client.games`
  (`service.cli.sdk_types.python_types`); the modules import only the SDK;
* `typescript`: `<type>.ts` and `index.ts` (the `GameTypes` map) by json-schema-to-typescript
  (`generate-games.mjs`, run by `node`), loaded from the `node_modules` of `--js-tools` (default:
  the working directory), as the TypeScript SDK's own `src/games/` are.

Failures are one line (`service.cli.cli_errors`): a service that cannot be reached
`SERVICE_UNAVAILABLE` (3), an answer that is no list of game types `BAD_ANSWER` (1), a
`--game` it does not serve `UNKNOWN_GAME_TYPE` (2), no `node` or json-schema-to-typescript
`TOOL_MISSING` (2).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import httpx

from boardstate.engine.core.registration_checks import GAME_ID
from boardstate.service.cli.cli_errors import CommandFailed
from boardstate.service.cli.sdk_types.python_types import write_games

COMMAND = "sdk-types"
MAX_BYTES = 16 * 1024 * 1024
"""The largest `GET /v1/game-types` answer read (today's is about 170 KB)."""
TIMEOUT_S = 30.0
TOOL_TIMEOUT_S = 300
SCRIPT = Path(__file__).with_name("generate-games.mjs")
JS_TOOL = "json-schema-to-typescript"


def add_command(commands: Any) -> None:
    """Adds `sdk-types` to the console script's subparsers."""
    found = commands.add_parser(COMMAND, help="write the SDKs' types of a service's game types")
    found.add_argument("--url", required=True, help="the service, e.g. http://127.0.0.1:8000")
    found.add_argument("--lang", choices=("python", "typescript"), required=True)
    found.add_argument("--out", type=Path, required=True, help="the folder to write")
    found.add_argument("--game", action="append", default=[], help="only this game type")
    found.add_argument(
        "--js-tools",
        type=Path,
        default=None,
        help=f"a folder whose node_modules has {JS_TOOL} (default: here)",
    )


def read_game_types(url: str) -> list[dict[str, Any]]:
    """The game types `url` serves, as `GET /v1/game-types` answers them."""
    if not url.startswith(("http://", "https://")):
        raise CommandFailed("BAD_ARGUMENT", f"--url must be http(s)://...: {url!r}", 2)
    where = f"{url.rstrip('/')}/v1/game-types"
    body = bytearray()
    with (
        httpx.Client(timeout=TIMEOUT_S, follow_redirects=False) as client,
        client.stream("GET", where, headers={"accept": "application/json"}) as answer,
    ):
        if answer.status_code != 200:
            raise CommandFailed("BAD_ANSWER", f"{where}: HTTP {answer.status_code}", 1)
        for chunk in answer.iter_bytes():
            body += chunk
            if len(body) > MAX_BYTES:
                raise CommandFailed("BAD_ANSWER", f"{where}: more than {MAX_BYTES} bytes", 1)
    try:
        games = json.loads(body)
    except ValueError:
        raise CommandFailed("BAD_ANSWER", f"{where}: not JSON", 1) from None
    keys = ("id", "name", "moveSchema", "stateSchema", "eventSchema", "optionsSchema")
    if not isinstance(games, list) or not all(
        isinstance(g, dict) and all(k in g for k in keys) for g in games
    ):
        raise CommandFailed("BAD_ANSWER", f"{where}: not a list of game types", 1)
    odd = [str(g["id"])[:80] for g in games if not GAME_ID.fullmatch(str(g["id"]))]
    if odd:  # ids become file and type names: only the form the service itself accepts
        raise CommandFailed("BAD_ANSWER", f"{where}: game type ids of another form: {odd}", 1)
    return games


def chosen(games: list[dict[str, Any]], wanted: list[str]) -> list[dict[str, Any]]:
    """The game types named by `--game` (every one when none is)."""
    served = {str(game["id"]): game for game in games}
    missing = sorted(set(wanted) - set(served))
    if missing:
        message = f"{missing} not served (it serves {sorted(served)})"
        raise CommandFailed("UNKNOWN_GAME_TYPE", message, 2)
    return [served[game_id] for game_id in sorted(set(wanted))] if wanted else games


def write_typescript(games: list[dict[str, Any]], out: Path, tools: Path, origin: str) -> None:
    """Writes the TypeScript types with json-schema-to-typescript from `tools`' node_modules."""
    node = shutil.which("node")
    if node is None:
        raise CommandFailed("TOOL_MISSING", "node (Node.js 20 or later) is not on PATH", 2)
    with tempfile.TemporaryDirectory(prefix="boardstate-sdk-types-") as tmp:
        source = Path(tmp) / "game-types.json"
        source.write_text(json.dumps(games), encoding="utf-8")
        command = [node, str(SCRIPT), str(source), str(out), str(tools), origin]
        try:
            done = subprocess.run(  # noqa: S603 - node, our script, paths and text of ours
                command, capture_output=True, text=True, timeout=TOOL_TIMEOUT_S, check=False
            )
        except subprocess.TimeoutExpired:
            raise CommandFailed("TOOL_FAILED", f"{JS_TOOL}: over {TOOL_TIMEOUT_S} s", 1) from None
    if done.returncode != 0:
        if "Cannot find module" in done.stderr and JS_TOOL in done.stderr:
            message = f"no {JS_TOOL} under {tools}: npm install --save-dev {JS_TOOL}@^16"
            raise CommandFailed("TOOL_MISSING", message, 2)
        raise CommandFailed("TOOL_FAILED", done.stderr.strip()[-500:], 1)


def run(args: argparse.Namespace) -> int:
    """Runs `sdk-types`; returns the exit status."""
    games = chosen(read_game_types(args.url), args.game)
    url = args.url.replace('"', "").replace("*/", "").replace("\\", "/")  # into comments
    origin = f"`boardstate sdk-types --lang {args.lang}` from the game types of {url}."
    if args.out.exists() and not args.out.is_dir():
        raise CommandFailed("BAD_ARGUMENT", f"--out {args.out} is not a folder", 2)
    if args.lang == "python":
        write_games(games, args.out, origin + "\nDo not edit: run the command again.")
    else:
        args.out.mkdir(parents=True, exist_ok=True)
        tools = args.js_tools if args.js_tools is not None else Path.cwd()
        write_typescript(games, args.out, tools, origin + "\n * Do not edit: run it again.")
    print(f"wrote {args.out}: {', '.join(str(game['id']) for game in games)}")
    return 0
