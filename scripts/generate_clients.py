"""Regenerates the generated halves of the client SDKs from `schema/openapi.json` (`make clients`).

* Python: `clients/python/boardstate_api/` by openapi-python-client (its settings in
  `clients/python/openapi-python-client.yaml`, its own ruff post-hooks run in a temporary folder
  outside this repository, so our ruff settings never change its output), from the document
  with optional security left out (`python_spec`).
* Python's per-game types: `clients/python/boardstate_client/games/`
  (`service/cli/sdk_types/python_types.py`, TypedDicts from the same game types as the
  TypeScript ones below, formatted by ruff).
* TypeScript: `clients/typescript/src/schema.ts` by openapi-typescript (the command is the
  `generate` script of `clients/typescript/package.json`, at the version in its lock file), and
  `clients/typescript/src/games/` (each game type's move, state view, event and options types)
  by json-schema-to-typescript (`service/cli/sdk_types/generate-games.mjs`) from the JSON
  Schemas `GET /v1/game-types` publishes. Those are read without a service: the very answer
  the service encodes (`rest_game_types.every_type`, from the engine's registry). Both writers
  are those of `boardstate sdk-types`, which writes the same types for the games a running
  service serves (docs/sdks.md).

`--check` generates everything into a temporary folder and fails, naming the files, if anything
differs from what is committed (tests/clients/test_generated_clients.py runs it).
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from boardstate.service.cli.sdk_types.python_types import write_games
from boardstate.service.http.rest.games.game_types import every_type

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "schema" / "openapi.json"
PYTHON = ROOT / "clients" / "python"
PYTHON_PACKAGE = PYTHON / "boardstate_api"
PYTHON_GAMES = PYTHON / "boardstate_client" / "games"
TYPESCRIPT = ROOT / "clients" / "typescript"
TYPESCRIPT_SCHEMA = TYPESCRIPT / "src" / "schema.ts"
TYPESCRIPT_GAMES = TYPESCRIPT / "src" / "games"
TS_FLAGS = ("--empty-objects-unknown", "--default-non-nullable=false")


def python_spec(into: Path) -> Path:
    """Writes the document the Python generator reads: the API's, with the optional security
    (`[{bearerAuth: []}, {}]`: a token may be sent) of each operation left out, since
    openapi-python-client types any operation with security as `AuthenticatedClient`-only;
    without it both `Client` (anonymous) and `AuthenticatedClient` (a token) are accepted."""
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    for item in spec["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict) and {} in operation.get("security", ()):
                del operation["security"]
    into.write_text(json.dumps(spec, indent=2), encoding="utf-8")
    return into


def generate_python(into: Path) -> Path:
    """Generates the Python package into the folder `into` (made fresh); returns it."""
    spec = python_spec(into.parent / "openapi-python.json")
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    env = dict(os.environ, PATH=path, RUFF_NO_CACHE="true")
    command = [
        str(Path(sys.executable).parent / "openapi-python-client"),
        "generate",
        "--path",
        str(spec),
        "--config",
        str(PYTHON / "openapi-python-client.yaml"),
        "--meta",
        "none",
        "--output-path",
        str(into),
        "--overwrite",
    ]
    subprocess.run(command, check=True, env=env, cwd=into.parent, capture_output=True)
    (into / "py.typed").write_text("", encoding="utf-8")  # PEP 561: the package is typed
    return into


def generate_typescript(into: Path) -> Path:
    """Generates the TypeScript types into the file `into`; returns it."""
    tool = TYPESCRIPT / "node_modules" / ".bin" / "openapi-typescript"
    command = [str(tool), str(SPEC), *TS_FLAGS, "--output", str(into)]
    subprocess.run(command, check=True, cwd=TYPESCRIPT, capture_output=True)
    return into


def game_types(into: Path) -> Path:
    """Writes the body of `GET /v1/game-types` (every game type with its JSON Schemas) to the
    file `into`, as the service encodes it, without running one; returns it."""
    into.write_bytes(every_type().body)
    return into


def generate_python_games(into: Path) -> Path:
    """Generates the per-game Python types into the folder `into` (made fresh); returns it."""
    write_games(json.loads(game_types(into.parent / "game-types-py.json").read_bytes()), into)
    ruff = str(Path(sys.executable).parent / "ruff")
    env = dict(os.environ, RUFF_NO_CACHE="true")
    for command in (["check", "--fix-only", "--select", "I,UP"], ["format"]):
        subprocess.run(
            [ruff, *command, "--line-length", "100", "--target-version", "py311", str(into)],
            check=True,
            env=env,
            cwd=into.parent,
            capture_output=True,
        )
    return into


def generate_typescript_games(into: Path) -> Path:
    """Generates the per-game TypeScript types into the folder `into` (made fresh); returns it."""
    source = game_types(into.parent / "game-types.json")
    script = ROOT / "service" / "cli" / "sdk_types" / "generate-games.mjs"
    command = ["node", str(script), str(source), str(into), str(TYPESCRIPT)]
    subprocess.run(command, check=True, cwd=TYPESCRIPT, capture_output=True)
    return into


def differences(fresh: Path, committed: Path) -> list[str]:
    """The paths (relative to `committed`) that differ between two folders."""
    found: list[str] = []

    def walk(compare: filecmp.dircmp[str], prefix: str) -> None:
        found.extend(prefix + name for name in compare.left_only + compare.right_only)
        found.extend(prefix + name for name in compare.diff_files + compare.funny_files)
        for name, sub in compare.subdirs.items():
            walk(sub, f"{prefix}{name}/")

    ignore = [*filecmp.DEFAULT_IGNORES, "__pycache__"]
    walk(filecmp.dircmp(fresh, committed, ignore=ignore), "")
    return sorted(found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    check = parser.parse_args().check
    with tempfile.TemporaryDirectory(prefix="boardstate-clients-") as tmp:
        python = generate_python(Path(tmp) / "boardstate_api")
        typescript = generate_typescript(Path(tmp) / "schema.ts")
        games = generate_typescript_games(Path(tmp) / "games")
        python_games = generate_python_games(Path(tmp) / "python-games")
        if check:
            stale = [f"boardstate_api/{p}" for p in differences(python, PYTHON_PACKAGE)]
            stale += [
                f"boardstate_client/games/{p}" for p in differences(python_games, PYTHON_GAMES)
            ]
            stale += [f"src/games/{p}" for p in differences(games, TYPESCRIPT_GAMES)]
            if typescript.read_bytes() != TYPESCRIPT_SCHEMA.read_bytes():
                stale.append("src/schema.ts")
            if stale:
                print(
                    f"generated clients out of date, run `make clients`: {stale}", file=sys.stderr
                )
                return 1
            return 0
        shutil.rmtree(PYTHON_PACKAGE, ignore_errors=True)
        shutil.copytree(python, PYTHON_PACKAGE)
        shutil.copyfile(typescript, TYPESCRIPT_SCHEMA)
        shutil.rmtree(TYPESCRIPT_GAMES, ignore_errors=True)
        shutil.copytree(games, TYPESCRIPT_GAMES)
        shutil.rmtree(PYTHON_GAMES, ignore_errors=True)
        shutil.copytree(python_games, PYTHON_GAMES)
    print(f"wrote {PYTHON_PACKAGE}, {PYTHON_GAMES}, {TYPESCRIPT_SCHEMA} and {TYPESCRIPT_GAMES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
