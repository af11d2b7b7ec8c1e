"""The TypeScript SDK as an integrator installs it (issue 29), into a project outside the
repository: from the SDK's folder in a fresh checkout and from its `npm pack` tarball. Either way
it imports and type-checks with no further step, and a program using the typed moves, the
event stream (with a seat token), the feed and `play` plays a whole Trambahn game against a real
service on real Redis. The TypeScript examples of docs/sdks.md and the READMEs run there."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.clients.ts_consumer import REPO, Consumer, ts_blocks
from tests.redis_support import RedisServer

# The first test of a session installs the SDK twice (npm, from its registry), which can take
# minutes on a loaded machine.
pytestmark = [
    pytest.mark.redis,
    pytest.mark.xdist_group("typescript-sdk"),
    pytest.mark.timeout(900),
]

CATCH_UP = 10
DOCS = [
    REPO / "docs" / "sdks.md",
    REPO / "clients" / "typescript" / "README.md",
    REPO / "docs" / "api.md",
]
DOCS_URL = "http://127.0.0.1:8000"


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_FEED_MAX_CATCH_UP": str(CATCH_UP), "BOARDSTATE_WEBHOOK_POLL_MS": "50"}
    with ServiceProcess(redis_server.url, unique_prefix(), env) as process:
        yield process


def imported(consumer: Consumer) -> list[str]:
    """The names the installed package exports, as Node imports it from the project."""
    code = (
        "const m = await import('@boardstate/client'); console.log(JSON.stringify(Object.keys(m)))"
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", code],
        cwd=consumer.root,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    names: list[str] = json.loads(done.stdout)
    return names


def test_installed_from_its_folder_the_package_is_built_with_its_dependencies(
    ts_from_path: Consumer, ts_checkout: Path
) -> None:
    assert ts_from_path.installed.is_symlink()
    assert ts_from_path.installed.resolve() == ts_checkout.resolve()
    assert (ts_checkout / "dist" / "index.js").is_file()
    assert (ts_checkout / "dist" / "index.d.ts").is_file()
    assert {"createBoardstateClient", "gameEvents", "feed", "play", "waitForTurn"} <= set(
        imported(ts_from_path)
    )


def test_the_tarball_holds_the_built_package_and_npm_installs_its_dependencies(
    ts_tarball: Path, ts_from_tarball: Consumer
) -> None:
    listed = subprocess.run(
        ["tar", "-tzf", str(ts_tarball)], capture_output=True, text=True, check=True
    ).stdout.split()
    for name in ("dist/index.js", "dist/index.d.ts", "dist/games/trambahn.d.ts", "package.json"):
        assert f"package/{name}" in listed
    assert not any(n.startswith(("package/node_modules/", "package/scripts/")) for n in listed)
    assert not ts_from_tarball.installed.is_symlink()
    for dependency in ("openapi-fetch", "ws"):  # `ws`, optional, carries the socket on Node.js 20
        assert (ts_from_tarball.root / "node_modules" / dependency / "package.json").is_file()
    assert "play" in imported(ts_from_tarball)


@pytest.mark.parametrize("installed", ["ts_from_path", "ts_from_tarball"])
def test_a_program_plays_a_whole_trambahn_game_with_typed_moves_streams_and_play(
    installed: str, server: ServiceProcess, request: pytest.FixtureRequest
) -> None:
    consumer: Consumer = request.getfixturevalue(installed)
    result = consumer.node("whole_game", server.url)
    assert result["status"] == "FINISHED"
    assert result["winners"]
    assert result["moves"] > 10
    assert {"board_passengers", "end_turn"} <= set(result["kinds"])
    version = result["version"]
    # seat 0's stream: every event once, in order, with the seat's own cards and not the other's
    assert result["versions"] == list(range(1, version + 1))
    assert result["ids"] == [str(v) for v in range(1, version + 1)]
    assert result["ownHand"] is True
    assert result["ownCards"] > 0
    assert result["hiddenCards"] > 0
    # the feed: read twice from its start to the game's end, past its catch-up limit
    first, again = result["feedFirst"], result["feedAgain"]
    assert first["ids"] == again["ids"]
    assert len(set(again["ids"])) == len(again["ids"]) > CATCH_UP
    assert again["resumes"] >= 1
    assert again["types"][0] == "game.created"
    assert again["types"][-1] == "game.ended"
    assert "turn.changed" in again["types"]


@pytest.mark.parametrize("installed", ["ts_from_path", "ts_from_tarball"])
def test_a_program_plays_a_whole_game_on_the_command_socket(
    installed: str, server: ServiceProcess, request: pytest.FixtureRequest
) -> None:
    consumer: Consumer = request.getfixturevalue(installed)
    result = consumer.node("socket_game", server.url)  # Node.js 20: no flag, no option
    assert result["statuses"] == {"0": "FINISHED", "1": "FINISHED"}
    assert result["moves"]["0"] > 5
    assert result["moves"]["1"] > 5
    assert result["spectatorMove"] == "UNAUTHORIZED"  # REST's code for the same move


def test_a_move_of_the_wrong_shape_does_not_compile(ts_from_tarball: Consumer) -> None:
    wrong = ts_from_tarball.root / "wrong"
    wrong.mkdir(exist_ok=True)
    (wrong / "wrong_move.ts").write_text(
        'import { type MoveOf } from "@boardstate/client";\n'
        'export const move: MoveOf<"trambahn"> = { type: "buy_tram", tram: "diesel", line: 1 };\n'
    )
    options = {"rootDir": ".", "noEmit": True}
    config = {"extends": "../tsconfig.json", "include": ["*.ts"], "compilerOptions": options}
    (wrong / "tsconfig.json").write_text(json.dumps(config))
    done = ts_from_tarball.compile("-p", "wrong/tsconfig.json")
    assert done.returncode != 0
    assert "wrong_move.ts" in done.stdout
    assert '"diesel"' in done.stdout


def test_the_typescript_examples_of_the_docs_run_against_the_installed_package(
    ts_from_tarball: Consumer, default_service: ServiceProcess
) -> None:
    """On the limits a user gets: the module's `server` reads the feed 10 announcements a
    stream, which would make the feed example (from the feed's start) wait a second per 10 of
    every game this module played (it once ran past its minute so)."""
    server = default_service
    names: list[str] = []
    for d, doc in enumerate(DOCS):
        blocks = ts_blocks(doc)
        assert blocks, f"no ```ts block in {doc}"
        for n, block in enumerate(blocks):
            assert DOCS_URL in block, f"{doc} block {n} does not use {DOCS_URL}"
            name = f"doc_{d}_{n}"
            ts_from_tarball.add(f"{name}.ts", block.replace(DOCS_URL, server.url))
            names.append(name)
    done = ts_from_tarball.compile()
    assert done.returncode == 0, done.stdout + done.stderr
    for name in names:
        run = subprocess.run(
            ["node", str(ts_from_tarball.script(name))],
            cwd=ts_from_tarball.root,
            capture_output=True,
            text=True,
            timeout=280,
            check=False,
        )
        assert run.returncode == 0, f"{name}: {run.stdout[-2000:]}{run.stderr[-2000:]}"


def test_the_minimal_project_of_the_docs_builds_with_its_commands_and_plays(
    ts_from_tarball: Consumer, default_service: ServiceProcess
) -> None:
    """docs/sdks.md's minimal project (issue 39): set up from the page's `package.json` and
    `tsconfig.json` outside the repository, the tarball installed with the page's `npm install`,
    its `src/main.ts` compiled with its `npx tsc` (strict) and run with its `node dist/main.js`,
    against a server on the limits a user gets."""
    server = default_service
    project = ts_from_tarball.project
    assert project is not None
    assert not ts_from_tarball.root.is_relative_to(REPO)
    package = json.loads((ts_from_tarball.root / "package.json").read_text(encoding="utf-8"))
    assert package["type"] == "module"
    assert package["dependencies"]["@boardstate/client"].startswith("file:")  # the tarball
    options = project.tsconfig["compilerOptions"]
    assert (options["module"], options["moduleResolution"], options["strict"]) == (
        "nodenext",
        "nodenext",
        True,
    )
    ts_from_tarball.add("main.ts", project.main.replace(DOCS_URL, server.url))
    # as the report did it: files named on the command line, so tsconfig.json unread
    bare = ["npx", "tsc", "--strict", "--noEmit", "src/main.ts"]
    done = subprocess.run(bare, cwd=ts_from_tarball.root, capture_output=True, text=True)
    assert done.returncode != 0
    assert "TS1378" in done.stdout  # top-level await under the default `module`
    *build, start = [c for c in project.commands if c[:2] != ["npm", "install"]]
    assert build == [["npx", "tsc"]]
    assert start == ["node", "dist/main.js"]
    for command in build:
        done = subprocess.run(command, cwd=ts_from_tarball.root, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
    done = subprocess.run(
        start, cwd=ts_from_tarball.root, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rest_version, socket_version, status = done.stdout.split()
    assert int(socket_version) == int(rest_version) + 1
    assert status == "ACTIVE"


def test_the_event_stream_parser_reads_the_standards_forms_however_the_bytes_are_cut(
    ts_from_tarball: Consumer,
) -> None:
    result = ts_from_tarball.node("sse_parser")
    assert result["everyCutAgrees"] is True
    cases = result["results"]

    def messages(case: str) -> list[tuple[str, str, str]]:
        return [(m["event"], m["data"], m["lastEventId"]) for m in cases[case]["messages"]]

    assert messages("plain") == [("MovePlayed", '{"a":1}', "1")]
    assert messages("crlf") == [("x", "one\ntwo", "2")]
    assert messages("cr") == [("message", "a\nb", "")]
    assert messages("bom") == [("message", "first", "")]
    assert messages("comments") == [("message", "after", "")]
    assert messages("noSpace") == [("e", "tight", "")]
    assert messages("retry") == [("resume", "{}", "7")]
    assert cases["retry"]["retryMs"] == 1000  # `retry: soon` is not a number: ignored
    assert messages("nulId") == [("message", "kept", "3")]  # an id with a NUL is ignored
    assert messages("noData") == []  # no data: nothing dispatched
    assert messages("unfinished") == [("message", "done", "")]  # the unended one is dropped
    assert messages("utf8") == [("message", "Zürich – 東京 🚋", "")]
