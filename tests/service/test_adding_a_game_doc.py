"""docs/adding-a-game.md's "Start here" runs: its entry point is the example's, its one-line
conformance test passes on the example, and its commands run from a folder outside the
repository with the example installed as a distribution (tests/packaging installs it with pip)."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest

from tests.cli_runs import boardstate, environment
from tests.doc_blocks import DOCS, blocks
from tests.engine.test_registration import install

EXAMPLE = DOCS.parent / "examples" / "connect-four"
DOC = "adding-a-game.md"


def test_the_entry_point_of_the_doc_is_the_examples() -> None:
    ((_, toml),) = blocks(DOC, "toml")
    assert toml in (EXAMPLE / "pyproject.toml").read_text(encoding="utf-8")


def test_the_one_line_conformance_test_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLE / "src"))
    ((_, code),) = [b for b in blocks(DOC) if b[0] == "The conformance suite in one line"]
    namespace: dict[str, object] = {}
    exec(compile(code, DOC, "exec"), namespace)
    test = namespace["test_connect_four_passes_the_conformance_suite"]
    assert callable(test)
    test()
    sys.modules.pop("connect_four", None)


def test_the_commands_of_the_doc_run(tmp_path: Path) -> None:
    ((_, shell),) = blocks(DOC, "sh")
    site = install(
        tmp_path / "site", "boardstate-connect-four", {"connect-four": "connect_four:RULES"}
    )
    env = environment(None, "bs-doc") | {"PYTHONPATH": f"{site}:{EXAMPLE / 'src'}"}
    commands = [shlex.split(line) for line in shell.splitlines() if line.startswith("boardstate ")]
    assert [c[1] for c in commands] == ["check-game", "new-game"]
    checked, made = (boardstate(tmp_path, env, *command[1:]) for command in commands)
    assert (checked.status, made.status) == (0, 0), checked.stderr + made.stderr
    assert re.match(r"connect-four: \d+ games, \d+ moves, ok", checked.stdout.splitlines()[-1])
    assert (tmp_path / "my-game" / "pyproject.toml").exists()
