"""The archive's fixtures: every object store the archive claims, each real (a directory, and
moto's S3 server that the tests start as its own process)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from boardstate.service.store.archive.objects import LocalObjectStore, ObjectStore
from boardstate.service.store.archive.objects_s3 import S3Location, S3ObjectStore
from tests.s3_support import REGION, S3Server


@pytest.fixture(scope="session")
def s3_server() -> Iterator[S3Server]:
    with S3Server() as server:
        yield server


@pytest.fixture(params=["local", "s3"])
def object_store(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> ObjectStore:
    """Each object store in turn: a directory of this test's, or a fresh bucket on moto."""
    if request.param == "local":
        return LocalObjectStore(tmp_path / "archive")
    server: S3Server = request.getfixturevalue("s3_server")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "test")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "test")
    location = S3Location(server.bucket(), "games/", server.url, REGION)
    return S3ObjectStore(location)
