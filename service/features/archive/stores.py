"""Where the archive's objects live, as a `Location` every process compares the same way
(docs/archive.md, "One archive for every process").

`BOARDSTATE_ARCHIVE_STORE` is a directory (default `<BOARDSTATE_DATA_DIR>/archive`) or
`s3://<bucket>[/<prefix>]`, with `BOARDSTATE_ARCHIVE_S3_ENDPOINT` for a store other than AWS
(MinIO, Ceph, GCS's S3 interface); credentials and region come from boto3's usual chain
(`AWS_ACCESS_KEY_ID`, `AWS_REGION`, ...). Either reads within the limits
`Settings.archive_limits` names (`service.store.archive.object_reads`).

Two locations are the same when their canonical forms are equal:

* a directory: its absolute path, with `~`, `..` and symbolic links resolved (a relative setting
  is taken from the working directory of the process that reads it);
* S3: the bucket, the prefix (ending with one `/`, or empty) and the endpoint (scheme and host
  lower-cased, no trailing `/`; none is AWS's). The region and the credentials are not part of
  it: a bucket's name is unique in its endpoint.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from boardstate.service.env_values import S3_BUCKET
from boardstate.service.settings import Settings
from boardstate.service.store.archive.object_reads import ReadLimits
from boardstate.service.store.archive.objects import LocalObjectStore, ObjectStore

DIRECTORY = "directory"
S3 = "s3"
MAX_RECORD_BYTES = 4096
"""The longest canonical form a location may have (a path, a bucket, a prefix, an endpoint)."""


class BadLocation(ValueError):
    """A setting or a record does not name a usable archive store."""


@dataclasses.dataclass(frozen=True, slots=True)
class Location:
    """An archive store: a directory (`path`) or an S3 bucket, prefix and endpoint."""

    kind: str
    path: str = ""
    bucket: str = ""
    prefix: str = ""
    endpoint: str | None = None

    @classmethod
    def directory(cls, path: Path | str) -> Location:
        """The directory `path` (relative: from the working directory), canonical."""
        text = os.fspath(path)
        if not text or "\0" in text:
            raise BadLocation(f"unusable archive directory {text!r}")
        return cls(DIRECTORY, path=os.path.realpath(os.path.expanduser(text)))

    @classmethod
    def s3(cls, bucket: str, prefix: str = "", endpoint: str | None = None) -> Location:
        """The S3 bucket `bucket`, its `prefix`, at `endpoint` (None: AWS), canonical."""
        if not S3_BUCKET.fullmatch(bucket):
            raise BadLocation(f"unusable S3 bucket name {bucket[:80]!r}")
        prefix = prefix.strip("/")
        prefix = f"{prefix}/" if prefix else ""
        return cls(S3, bucket=bucket, prefix=prefix, endpoint=_url(endpoint))

    @classmethod
    def of(cls, settings: Settings) -> Location:
        """The location the settings name (`BOARDSTATE_ARCHIVE_STORE`, `BOARDSTATE_DATA_DIR`)."""
        where = settings.archive_store
        if where.startswith("s3://"):
            bucket, _, prefix = where.removeprefix("s3://").partition("/")
            return cls.s3(bucket, prefix, settings.archive_s3_endpoint)
        return cls.directory(where or settings.data_dir / "archive")

    def describe(self) -> str:
        """The location for people: a path, or `s3://bucket/prefix` and its endpoint."""
        if self.kind == DIRECTORY:
            return self.path
        at = f" at {self.endpoint}" if self.endpoint else ""
        return f"s3://{self.bucket}/{self.prefix}{at}"

    def encode(self) -> bytes:
        """The canonical form (JSON), as recorded in Redis."""
        fields: dict[str, Any] = {"kind": self.kind}
        if self.kind == DIRECTORY:
            fields["path"] = self.path
        else:
            fields |= {"bucket": self.bucket, "prefix": self.prefix, "endpoint": self.endpoint}
        return json.dumps(fields, sort_keys=True, separators=(",", ":")).encode()

    @classmethod
    def decode(cls, raw: bytes) -> Location:
        """The location `encode` wrote; raises `BadLocation` for anything else."""
        try:
            if len(raw) > MAX_RECORD_BYTES:
                raise BadLocation(f"{len(raw)} bytes, more than {MAX_RECORD_BYTES}")
            fields = json.loads(raw)
            if not isinstance(fields, dict):
                raise BadLocation("not an object")
            if fields.get("kind") == DIRECTORY and isinstance(path := fields.get("path"), str):
                if not os.path.isabs(path):
                    raise BadLocation(f"the directory {path[:80]!r} is not absolute")
                location = cls.directory(path)
            elif fields.get("kind") == S3:
                bucket, prefix, endpoint = (fields.get(k) for k in ("bucket", "prefix", "endpoint"))
                if not isinstance(bucket, str) or not isinstance(prefix, str):
                    raise BadLocation("an S3 location needs a bucket and a prefix")
                if endpoint is not None and not isinstance(endpoint, str):
                    raise BadLocation("an S3 endpoint is a URL")
                location = cls.s3(bucket, prefix, endpoint)
            else:
                raise BadLocation(f"no location of kind {str(fields.get('kind'))[:40]!r}")
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadLocation(f"unreadable archive location record: {exc}") from None
        if location.encode() != raw:
            raise BadLocation("the archive location record is not in its canonical form")
        return location

    def open(self, limits: ReadLimits | None = None) -> ObjectStore:
        """The object store at this location, reading within `limits` (default: the defaults)."""
        if self.kind == DIRECTORY:
            return LocalObjectStore(Path(self.path), limits)
        from boardstate.service.store.archive.objects_s3 import S3Location, S3ObjectStore

        location = S3Location(self.bucket, self.prefix, self.endpoint)
        return S3ObjectStore(location, limits=limits)


def _url(endpoint: str | None) -> str | None:
    if endpoint is None or not endpoint.strip():
        return None
    parts = urlsplit(endpoint.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise BadLocation(f"unusable S3 endpoint {endpoint[:80]!r} (an http(s) URL)")
    scheme, netloc = parts.scheme.lower(), parts.netloc.lower()
    return urlunsplit((scheme, netloc, parts.path.rstrip("/"), parts.query, ""))


def object_store(settings: Settings) -> ObjectStore:
    """Returns the object store the settings name, as it is (no check against the deployment's
    record: `features.archive.place` does that)."""
    return Location.of(settings).open(read_limits(settings))


def read_limits(settings: Settings) -> ReadLimits:
    """The object reads' limits the settings name (`BOARDSTATE_ARCHIVE_MAX_OBJECT_BYTES`,
    `BOARDSTATE_ARCHIVE_READ_TIMEOUT_SECONDS`)."""
    limits = settings.archive_limits
    return ReadLimits(limits.max_object_bytes, float(limits.read_timeout_seconds))
