"""Vendors the rules engine into the SDK when it is built, so the offline fold needs nothing else.

`boardstate_client.offline` folds exported logs with the service's own rules engine, the
repository's `engine/` (stdlib only). It is not published on any index, so instead of depending
on a `boardstate` distribution the SDK carries a copy: `boardstate_client/_engine/`, with every
`boardstate.engine` (imports and the data sets' package names) spelled
`boardstate_client._engine`. The copy is made from `../../engine` when building in a checkout
(`pip install ./clients/python`, `python -m build`), and travels inside the sdist, so a wheel
built from the sdist (no checkout around it) has it too. An editable install has no copy: it
folds with an installed `boardstate` (the development venv has one).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
CHECKOUT_ENGINE = HERE.parent.parent / "engine"
VENDORED = Path("boardstate_client") / "_engine"
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc")


def engine_source() -> Path:
    """The engine to vendor: the sdist's copy, else the checkout's `engine/`."""
    if (HERE / VENDORED).is_dir():
        return HERE / VENDORED
    if CHECKOUT_ENGINE.is_dir():
        return CHECKOUT_ENGINE
    raise RuntimeError(f"no engine to vendor: neither {HERE / VENDORED} nor {CHECKOUT_ENGINE}")


def vendor(into: Path) -> None:
    """Copies the engine to `into` with its package renamed (`boardstate.engine` → ours)."""
    source = engine_source()
    if source.resolve() == into.resolve():
        return
    shutil.rmtree(into, ignore_errors=True)
    shutil.copytree(source, into, ignore=SKIP)
    for module in into.rglob("*.py"):
        text = module.read_text(encoding="utf-8")
        module.write_text(
            text.replace("boardstate.engine", "boardstate_client._engine"), encoding="utf-8"
        )


class BuildWithEngine(build_py):
    def run(self) -> None:
        super().run()
        if not getattr(self, "editable_mode", False):
            vendor(Path(self.build_lib) / VENDORED)


class SdistWithEngine(sdist):
    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        super().make_release_tree(base_dir, files)
        vendor(Path(base_dir) / VENDORED)


setup(cmdclass={"build_py": BuildWithEngine, "sdist": SdistWithEngine})
