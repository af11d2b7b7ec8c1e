"""`boardstate sdk-types` as a user runs it (issue 40, item 3): against a served process with
Connect Four installed as a package (examples/connect-four, a real distribution on the
service's `PYTHONPATH`), from a folder outside the repository. The Python types pass
`mypy --strict` with a program that plays Connect Four through the SDK's typed calls, which
then plays a game; the TypeScript types (json-schema-to-typescript, from the SDK's
`node_modules`: `make ts-client`) pass `tsc --strict` with a program that plays one with them.
The types of a built-in game are the very ones the SDK ships."""

from __future__ import annotations

import filecmp
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.api.test_uninstalled_game import connect_four
from tests.cli_runs import boardstate, environment
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis
REPO = Path(__file__).resolve().parents[2]
PROGRAMS = Path(__file__).resolve().parent / "sdk_types_programs"
TS_SDK = REPO / "clients" / "typescript"
TSC = TS_SDK / "node_modules" / ".bin" / "tsc"
TSCONFIG = {
    "compilerOptions": {"target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",
                        "lib": ["ES2022", "DOM"], "strict": True, "noUncheckedIndexedAccess": True,
                        "exactOptionalPropertyTypes": True, "outDir": "out", "types": ["node"],
                        "typeRoots": [str(TS_SDK / "node_modules" / "@types")]},
    "include": ["*.ts", "games/*.ts"],
}  # fmt: skip


@pytest.fixture(scope="module")
def served(
    redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServiceProcess]:
    env = connect_four(tmp_path_factory.mktemp("site"))
    with ServiceProcess(redis_server.url, unique_prefix(), env=env) as process:
        yield process


def run(
    cwd: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done


def test_python_types_of_a_served_package_pass_mypy_strict_and_play(
    served: ServiceProcess, tmp_path: Path
) -> None:
    env = environment(None, "unused")
    ran = boardstate(tmp_path, env, "sdk-types", "--url", served.url, "--lang", "python",
                     "--out", "c4types")  # fmt: skip
    assert ran.status == 0, ran.stderr
    assert "connect-four" in ran.stdout
    written = {p.name for p in (tmp_path / "c4types").iterdir()}
    assert {"__init__.py", "connect_four.py", "trambahn.py"} <= written
    program = str(shutil.copy(PROGRAMS / "play_connect_four.py", tmp_path / "play.py"))
    # The SDK is installed here in editable mode, which mypy does not follow: its source, whose
    # own errors (the generated client's, which the repository's settings waive) are not ours.
    sdk_source = {**os.environ, "MYPYPATH": str(REPO / "clients" / "python")}
    mypy = (sys.executable, "-m", "mypy", "--strict", "--no-incremental",
            "--follow-imports=silent", "c4types", program)  # fmt: skip
    run(tmp_path, *mypy, env=sdk_source)
    played = run(tmp_path, sys.executable, program, served.url)
    assert "board" in played.stdout or played.stdout.strip(), played.stdout
    # One game only, and the SDK's own modules for a built-in game: the same types.
    only = boardstate(tmp_path, env, "sdk-types", "--url", served.url, "--lang", "python",
                      "--out", "one", "--game", "trambahn")  # fmt: skip
    assert only.status == 0, only.stderr
    assert sorted(p.name for p in (tmp_path / "one").iterdir()) == ["__init__.py", "trambahn.py"]
    sdk = REPO / "clients" / "python" / "boardstate_client" / "games" / "trambahn.py"
    classes = [line for line in sdk.read_text().splitlines() if line.startswith("class ")]
    mine = (tmp_path / "one" / "trambahn.py").read_text().splitlines()
    assert classes == [line for line in mine if line.startswith("class ")]


def test_refusals_are_one_line_each(served: ServiceProcess, tmp_path: Path) -> None:
    env = environment(None, "unused")
    args = ("sdk-types", "--lang", "python", "--out", "x")
    boardstate(tmp_path, env, *args, "--url", served.url, "--game", "nope").failed_with(
        "UNKNOWN_GAME_TYPE", 2
    )
    boardstate(tmp_path, env, *args, "--url", "ftp://x").failed_with("BAD_ARGUMENT", 2)
    boardstate(tmp_path, env, *args, "--url", f"{served.url}/nothing").failed_with("BAD_ANSWER", 1)
    boardstate(tmp_path, env, "sdk-types", "--lang", "typescript", "--out", "x", "--url",
               served.url).failed_with("TOOL_MISSING", 2)  # fmt: skip


@pytest.mark.skipif(not TSC.exists(), reason="the TypeScript SDK's tools: run `make ts-client`")
def test_typescript_types_of_a_served_package_pass_tsc_strict_and_play(
    served: ServiceProcess, tmp_path: Path
) -> None:
    env = environment(None, "unused")
    ran = boardstate(tmp_path, env, "sdk-types", "--url", served.url, "--lang", "typescript",
                     "--out", "games", "--js-tools", str(TS_SDK))  # fmt: skip
    assert ran.status == 0, ran.stderr
    assert (tmp_path / "games" / "connect-four.ts").exists()
    committed = TS_SDK / "src" / "games" / "trambahn.ts"
    assert filecmp.cmp(tmp_path / "games" / "trambahn.ts", committed, shallow=False) is False
    assert (
        committed.read_text().split("*/", 1)[1]
        == ((tmp_path / "games" / "trambahn.ts").read_text().split("*/", 1)[1])
    )  # the SDK's own types, under another banner
    shutil.copy(PROGRAMS / "connect_four.ts", tmp_path / "main.ts")
    (tmp_path / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    (tmp_path / "package.json").write_text(json.dumps({"type": "module", "private": True}))
    run(tmp_path, str(TSC), "-p", "tsconfig.json")
    played = run(tmp_path, "node", "out/main.js", served.url)
    result = json.loads(played.stdout)
    assert (result["status"], result["winners"]) == ("FINISHED", [0])
