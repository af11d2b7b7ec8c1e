"""The SDKs installed into integrators' projects outside the repository, once per session: the
Python SDK into fresh venvs from its folder and its wheel (tests/clients/py_consumer.py); the
TypeScript SDK (tests/clients/ts_consumer.py): from the SDK's folder in a fresh checkout, and from the
tarball `npm pack` makes of that folder into the minimal project of docs/sdks.md. npm fetches the dependencies from its registry."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clients.py_consumer import Consumer as PyConsumer
from tests.clients.py_consumer import build_sdist, build_wheel
from tests.clients.py_consumer import fresh_checkout as py_fresh_checkout
from tests.clients.ts_consumer import Consumer, MinimalProject, fresh_checkout, pack

NO_NODE = shutil.which("node") is None or shutil.which("npm") is None


@pytest.fixture(scope="session")
def ts_checkout() -> Iterator[Path]:
    """clients/typescript as a fresh checkout has it, in a folder outside the repository."""
    if NO_NODE and not os.environ.get("CI"):  # in CI a missing Node.js fails the tests
        pytest.skip("Node.js and npm are not installed")
    root = Path(tempfile.mkdtemp(prefix="bs-ts-checkout-"))
    try:
        yield fresh_checkout(root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def ts_from_path(ts_checkout: Path) -> Iterator[Consumer]:
    """`npm install /path/to/clients/typescript` (a link; the package's `prepare` builds it)."""
    consumer = Consumer(str(ts_checkout)).install()
    try:
        consumer.build()
        yield consumer
    finally:
        consumer.remove()


@pytest.fixture(scope="session")
def ts_tarball(ts_checkout: Path, ts_from_path: Consumer) -> Iterator[Path]:
    """`npm pack` of the checkout's folder (after the path install, which shares it)."""
    into = Path(tempfile.mkdtemp(prefix="bs-ts-pack-"))
    try:
        yield pack(ts_checkout, into)
    finally:
        shutil.rmtree(into, ignore_errors=True)


@pytest.fixture(scope="session")
def ts_from_tarball(ts_tarball: Path) -> Iterator[Consumer]:
    """docs/sdks.md's minimal project: its files, `npm install ./boardstate-client-0.1.0.tgz`."""
    consumer = Consumer(str(ts_tarball), MinimalProject()).install()
    try:
        consumer.build()
        yield consumer
    finally:
        consumer.remove()


@pytest.fixture(scope="session")
def py_checkout() -> Iterator[Path]:
    """clients/python (and engine/) as a fresh checkout has them, outside the repository."""
    root = Path(tempfile.mkdtemp(prefix="bs-py-checkout-"))
    try:
        yield py_fresh_checkout(root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def py_from_path(py_checkout: Path) -> Iterator[PyConsumer]:
    """`pip install /path/to/clients/python` into a fresh venv."""
    root = Path(tempfile.mkdtemp(prefix="bs-py-path-"))
    try:
        yield PyConsumer(root).install(str(py_checkout))
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def py_from_wheel(py_checkout: Path) -> Iterator[PyConsumer]:
    """`pip install ./boardstate_client-0.1.0-py3-none-any.whl[offline]` into a fresh venv."""
    root = Path(tempfile.mkdtemp(prefix="bs-py-wheel-"))
    try:
        wheel = build_wheel(py_checkout, root)
        yield PyConsumer(root).install(f"{wheel}[offline]")
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def py_from_sdist(py_checkout: Path) -> Iterator[PyConsumer]:
    """`pip install ./boardstate-client-0.1.0.tar.gz` (built by `python -m build --sdist`)."""
    root = Path(tempfile.mkdtemp(prefix="bs-py-sdist-"))
    try:
        sdist = build_sdist(py_checkout, root)
        yield PyConsumer(root / "consumer").install(str(sdist))
    finally:
        shutil.rmtree(root, ignore_errors=True)
