"""The mypyc trial (issue 41, item 3): does compiling the move's own work pay?

Copies the engine (sources only) into two temporary folders, compiles sets of its modules with
mypyc in one of them (the Python source stays the only source: the copy is thrown away), and
runs the same measurements in fresh processes, alternating pure and compiled `--rounds` times:

* the move path of recorded Trambahn games (decide with the recorded RNG, evolve, encode the
  events: what the service does per accepted move, as `bench.engine_bench` measures it);
* rebuilding finished games by folding their logs;
* the stateHash work: the canonical encoding and SHA-256 of every state of those games.

Each figure is divided by a baseline measured in the same process that none of the compiled
modules runs (`json.dumps` of the games' wire-form logs, prepared beforehand), so rounds on a
noisy machine compare; the report gives compiled / pure of those ratios (median over rounds)
and whether both produced the same state hashes, byte for byte.

Usage: .venv/bin/python -m bench.compiled_trial [--rounds 3] [--games 20] [--sets encoding,core]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORE = ["canonical", "wire", "rng", "records", "emitter", "replay", "describe", "cards"]
TRAMBAHN = ["decide", "evolve", "state", "turns", "scoring", "components", "view"]
SETS: dict[str, list[str]] = {
    "encoding": [f"engine/core/{m}.py" for m in ("canonical", "wire")],
    "core": [f"engine/core/{m}.py" for m in CORE],
    "core+trambahn": [f"engine/core/{m}.py" for m in CORE]
    + [f"engine/trambahn/{m}.py" for m in TRAMBAHN],
}
"""What each trial compiles. Left out, as mypyc cannot compile them as they are: `core/rules.py`
(a generic frozen dataclass: "attribute '__dict__' of 'type' objects is not writable" at
import) and the games' `events.py` and `moves.py` (a `ClassVar` before the fields of a slotted
frozen dataclass: "non-default argument 'order' follows default argument")."""

WORKER = """
import hashlib, json, sys, time
from boardstate.engine.core import canonical
from boardstate.engine.core.replay import fold
from bench.engine_bench import move_path, play, record
from boardstate.engine.registry import GAMES
games = int(sys.argv[1])
rules = GAMES["trambahn"]
_, _, finished = play("trambahn", games)
recorded = record("trambahn", games)
wire = [[rules.events.encode(e) for e in log] for _, log, _ in finished]
def timed(work):
    start = time.perf_counter(); work(); return time.perf_counter() - start
def baseline():
    json.dumps(wire, sort_keys=True)
def rebuild():
    for players, log, state in finished:
        fold(rules, rules.initial_state(players, rules.parse_options(None)), log)
states = []
for players, log, state in finished:
    s = rules.initial_state(players, rules.parse_options(None))
    for event in log:
        s = rules.evolve(s, event)
        states.append(s)
digest = hashlib.sha256()
def hashes():
    canonical._MEMO.clear()
    for s in states:
        hashlib.sha256(canonical.canonical_bytes(s)).digest()
for s in states:
    digest.update(hashlib.sha256(canonical.canonical_bytes(s)).digest())
try:
    import orjson
except ImportError:
    orjson = None
def orjson_hashes():
    for s in states:
        hashlib.sha256(orjson.dumps(encode_value(s), option=orjson.OPT_SORT_KEYS)).digest()
from boardstate.engine.core.wire import encode_value
base = sorted(timed(baseline) for _ in range(5))[2]
extra = {}
if orjson is not None:
    same = all(
        orjson.dumps(encode_value(s), option=orjson.OPT_SORT_KEYS) == canonical.canonical_bytes(s)
        for s in states
    )
    extra = {"orjsonSameBytes": same,
             "stateHashOrjson": sorted(timed(orjson_hashes) for _ in range(3))[1] / base}
path = sorted(move_path("trambahn", recorded)[0] for _ in range(5))[2]
print(json.dumps({
    "compiled": canonical.__file__.endswith(".so"),
    "origin": canonical.__file__,
    "movePath": path / base,
    "rebuild": sorted(timed(rebuild) for _ in range(3))[1] / base,
    "stateHash": sorted(timed(hashes) for _ in range(3))[1] / base,
    "digest": digest.hexdigest(),
    **extra,
}))
"""


def copy_engine(into: Path) -> None:
    """The engine's sources as the package `boardstate.engine` under `into`."""
    package = into / "boardstate"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    shutil.copytree(
        REPO / "engine",
        package / "engine",
        ignore=shutil.ignore_patterns("__pycache__", "*.so"),
    )


def compile_set(root: Path, modules: list[str]) -> str | None:
    """Compiles `modules` in place under `root`; the error text when mypyc fails."""
    paths = [str(Path("boardstate") / m) for m in modules]
    done = subprocess.run(
        [str(Path(sys.executable).with_name("mypyc")), *paths],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        return (done.stdout + done.stderr)[-2000:]
    return None


def measure(root: Path, games: int) -> dict[str, Any]:
    """One fresh process's figures with the engine of `root` first on the path."""
    env = {**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{REPO}"}
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(games)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        return {"error": done.stderr[-2000:]}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def trial(name: str, games: int, rounds: int) -> dict[str, Any]:
    """Compiles one set and measures it against the pure copy, alternating."""
    with tempfile.TemporaryDirectory(prefix="boardstate-mypyc-") as folder:
        pure, built = Path(folder) / "pure", Path(folder) / "compiled"
        copy_engine(pure)
        copy_engine(built)
        failed = compile_set(built, SETS[name])
        if failed is not None:
            return {"set": name, "compileError": failed}
        runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
        for _ in range(rounds):
            runs["pure"].append(measure(pure, games))
            runs["compiled"].append(measure(built, games))
        errors = [r["error"] for rs in runs.values() for r in rs if "error" in r]
        if errors:
            return {"set": name, "runError": errors[0]}
        report: dict[str, Any] = {"set": name, "modules": len(SETS[name])}
        for figure in ("movePath", "rebuild", "stateHash"):
            ratios = [
                c[figure] / p[figure] for p, c in zip(runs["pure"], runs["compiled"], strict=True)
            ]
            report[figure] = round(statistics.median(ratios), 3)
        if all("stateHashOrjson" in r for r in runs["pure"]):
            report["orjsonStateHash"] = round(
                statistics.median(r["stateHashOrjson"] / r["stateHash"] for r in runs["pure"]), 3
            )
            report["orjsonSameBytes"] = all(r["orjsonSameBytes"] for r in runs["pure"])
        digests = {r["digest"] for rs in runs.values() for r in rs}
        report["sameStateHashes"] = len(digests) == 1
        report["loadedCompiled"] = all(r["compiled"] for r in runs["compiled"])
        return report


def main() -> None:
    """Runs the trials and prints one JSON line per set."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--sets", default=",".join(SETS))
    args = parser.parse_args()
    for name in args.sets.split(","):
        print(json.dumps(trial(name, args.games, args.rounds)), flush=True)


if __name__ == "__main__":
    main()
