"""The object store the settings name: `BOARDSTATE_ARCHIVE_STORE` is a directory (default
`<BOARDSTATE_DATA_DIR>/archive`) or `s3://<bucket>[/<prefix>]`, with
`BOARDSTATE_ARCHIVE_S3_ENDPOINT` for a store other than AWS (MinIO, Ceph, GCS's S3 interface);
credentials and region come from boto3's usual chain (`AWS_ACCESS_KEY_ID`, `AWS_REGION`, ...)."""

from __future__ import annotations

from pathlib import Path

from boardstate.service.settings import Settings
from boardstate.service.store.objects import LocalObjectStore, ObjectStore


def object_store(settings: Settings) -> ObjectStore:
    """Returns the archive's object store."""
    where = settings.archive_store
    if where.startswith("s3://"):
        from boardstate.service.store.objects_s3 import S3Location, S3ObjectStore

        bucket, _, prefix = where.removeprefix("s3://").partition("/")
        prefix = prefix if not prefix or prefix.endswith("/") else prefix + "/"
        return S3ObjectStore(S3Location(bucket, prefix, settings.archive_s3_endpoint))
    return LocalObjectStore(Path(where) if where else settings.data_dir / "archive")
