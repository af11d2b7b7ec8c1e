"""What "the same archive store" means (docs/archive.md, "One archive for every process"): a
directory is its absolute path with symbolic links resolved, whatever the working directory; an
S3 store its bucket, prefix and endpoint, written any way. The record of a location in Redis is
read back only in its canonical form."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from boardstate.service.features.archive.stores import BadLocation, Location
from boardstate.service.settings import Settings, SettingsError


def test_a_relative_directory_is_the_same_store_from_its_own_folder_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    monkeypatch.chdir(tmp_path / "a")
    from_a = Location.of(Settings.from_env({}))
    from_a_set = Location.of(Settings.from_env({"BOARDSTATE_DATA_DIR": ".data"}))
    monkeypatch.chdir(tmp_path / "b")
    from_b = Location.of(Settings.from_env({}))
    assert from_a == from_a_set == Location.directory(tmp_path / "a" / ".data" / "archive")
    assert from_b != from_a
    assert os.path.isabs(from_a.path)


def test_a_directory_reached_through_a_link_or_dots_is_the_same_store(tmp_path: Path) -> None:
    (tmp_path / "real" / "archive").mkdir(parents=True)
    (tmp_path / "link").symlink_to(tmp_path / "real")
    same = [
        Location.directory(tmp_path / "real" / "archive"),
        Location.directory(tmp_path / "link" / "archive"),
        Location.directory(f"{tmp_path}/real/x/../archive/"),
    ]
    assert len(set(same)) == 1
    assert same[0].describe() == str(tmp_path / "real" / "archive")


@pytest.mark.parametrize(
    ("store", "endpoint"),
    [
        ("s3://games/archive", "http://127.0.0.1:9000"),
        ("s3://games/archive/", "HTTP://127.0.0.1:9000/"),
        ("s3://games//archive//", "http://127.0.0.1:9000"),
    ],
)
def test_an_s3_store_is_its_bucket_prefix_and_endpoint(store: str, endpoint: str) -> None:
    env = {"BOARDSTATE_ARCHIVE_STORE": store, "BOARDSTATE_ARCHIVE_S3_ENDPOINT": endpoint}
    location = Location.of(Settings.from_env(env))
    assert location == Location.s3("games", "archive/", "http://127.0.0.1:9000")
    assert location.describe() == "s3://games/archive/ at http://127.0.0.1:9000"


@pytest.mark.parametrize(
    "other",
    [
        Location.s3("games", "other/", "http://127.0.0.1:9000"),
        Location.s3("games", "", "http://127.0.0.1:9000"),
        Location.s3("games2", "archive/", "http://127.0.0.1:9000"),
        Location.s3("games", "archive/", "http://127.0.0.1:9001"),
        Location.s3("games", "archive/", None),
        Location.directory("/games/archive"),
    ],
)
def test_another_bucket_prefix_endpoint_or_kind_is_another_store(other: Location) -> None:
    assert other != Location.s3("games", "archive/", "http://127.0.0.1:9000")


def test_a_record_reads_back_only_in_its_canonical_form(tmp_path: Path) -> None:
    for location in (Location.directory(tmp_path), Location.s3("b", "p/", "https://s3.example")):
        assert Location.decode(location.encode()) == location
    bad = [
        b"not json",
        b"[]",
        json.dumps({"kind": "directory", "path": "relative/archive"}).encode(),
        json.dumps({"kind": "ftp", "path": "/x"}).encode(),
        json.dumps({"kind": "s3", "bucket": "", "prefix": "", "endpoint": None}).encode(),
        json.dumps({"kind": "s3", "bucket": "b", "prefix": "", "endpoint": "file:///x"}).encode(),
        json.dumps({"path": str(tmp_path), "kind": "directory"}).encode(),  # not canonical
        json.dumps({"kind": "directory", "path": "/" + "x" * 5000}).encode(),
    ]
    for raw in bad:
        with pytest.raises(BadLocation):
            Location.decode(raw)


@pytest.mark.parametrize(
    "env",
    [
        {"BOARDSTATE_ARCHIVE_STORE": "s3://"},
        {"BOARDSTATE_ARCHIVE_STORE": "gs://bucket/x"},
        {"BOARDSTATE_ARCHIVE_STORE": "s3://b/x", "BOARDSTATE_ARCHIVE_S3_ENDPOINT": "ftp://x"},
        {"REDIS_URL": "mysql://localhost"},
        {"REDIS_URL": "redis://"},
        {"REDIS_URL": "redis://localhost:99999"},
    ],
)
def test_settings_that_name_no_usable_store_are_refused_when_read(env: dict[str, str]) -> None:
    with pytest.raises(SettingsError):
        Settings.from_env(env)


def test_only_a_setting_makes_the_store_the_processes_own(tmp_path: Path) -> None:
    assert Settings.from_env({}).archive_store == ""
    assert Settings.from_env({"BOARDSTATE_DATA_DIR": str(tmp_path)}).archive_store == str(
        tmp_path.resolve() / "archive"
    )
    assert Settings.from_env({"BOARDSTATE_ARCHIVE_STORE": str(tmp_path)}).archive_store
    assert Settings.from_env({"BOARDSTATE_DATA_DIR": "rel"}).data_dir.is_absolute()
