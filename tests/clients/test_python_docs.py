"""Every Python block of docs/sdks.md and of the READMEs that uses the SDK runs (issue 29), as an
integrator would run it: in a fresh venv with the SDK installed from its wheel, against a real
service (the blocks' `http://127.0.0.1:8000` replaced by its address)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.clients.py_consumer import Consumer, run
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("python-sdk"), pytest.mark.timeout(900)]

REPO = Path(__file__).resolve().parents[2]
DOCS = [
    REPO / "docs" / "api.md",
    REPO / "docs" / "sdks.md",
    REPO / "clients" / "python" / "README.md",
]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks() -> list[tuple[str, str]]:
    found = []
    for doc in DOCS:
        for number, code in enumerate(BLOCK.findall(doc.read_text(encoding="utf-8"))):
            if "boardstate_client" in code or "boardstate_api" in code:
                found.append((f"{doc.relative_to(REPO)}#{number}", code))
    return found


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, unique_prefix()) as process:
        yield process


def test_the_docs_have_python_blocks_of_the_sdk() -> None:
    names = [name for name, _ in blocks()]
    assert any(name.startswith("docs/api.md") for name in names)
    assert any(name.startswith("docs/sdks.md") for name in names)


@pytest.mark.parametrize(("name", "code"), blocks(), ids=[name for name, _ in blocks()])
def test_each_python_block_runs(
    name: str, code: str, py_from_wheel: Consumer, server: ServiceProcess
) -> None:
    program = py_from_wheel.root / "block.py"
    program.write_text(code.replace("http://127.0.0.1:8000", server.url), encoding="utf-8")
    run([str(py_from_wheel.python), str(program)], py_from_wheel.root, timeout=600)
