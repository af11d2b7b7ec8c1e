"""`S3ObjectStore`: the object store on any S3-compatible service (AWS S3, GCS's S3 interface,
MinIO, Ceph), through boto3.

Why boto3: it is AWS's own SDK, released several times a week and the reference every
S3-compatible server tests against; aiobotocore pins botocore narrowly (resolver conflicts
recur) and obstore is still 0.x. boto3 is synchronous, so every call runs in a thread
(`asyncio.to_thread`), never on the event loop; its client is thread-safe. Since boto3 1.36 the
default checksums break some S3 clones, so they are sent and checked only when required.
An S3 `PutObject` is atomic: readers see the old object or the whole new one.

Reads are bounded as S3 clients are told to bound them (`service.store.archive.object_reads`): a
connect timeout and a read timeout on every socket operation, few retries, a total deadline, and the
body streamed in chunks after its `Content-Length` is checked against `limits.max_bytes`, so an
endpoint that accepts and never answers, trickles, or serves a huge object costs a bounded time,
thread and memory.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

from boardstate.service.store.archive.object_reads import (
    BlockingReads,
    ObjectTooLarge,
    ReadLimits,
    read_bounded,
)
from boardstate.service.store.archive.objects import check_name

_MISSING = ("404", "NoSuchKey", "NotFound")
CONNECT_TIMEOUT_S = 5.0
"""Seconds to open a connection to the store (at most the read deadline)."""
MAX_ATTEMPTS = 3
"""Attempts of one call, retries included (botocore's `standard` mode)."""


@dataclasses.dataclass(frozen=True, slots=True)
class S3Location:
    """Where the objects live: a bucket, a prefix inside it and the service's address (None:
    AWS's); credentials come from boto3's usual chain (environment, files, instance roles)."""

    bucket: str
    prefix: str = ""
    endpoint_url: str | None = None
    region: str | None = None


class S3ObjectStore:
    """Objects as keys `<prefix><name>` of one bucket."""

    def __init__(
        self, location: S3Location, client: Any = None, limits: ReadLimits | None = None
    ) -> None:
        self.location = location
        self.limits = limits = limits or ReadLimits()
        self._reads = BlockingReads(limits)
        self.client = client or boto3.client(
            "s3",
            endpoint_url=location.endpoint_url,
            region_name=location.region,
            config=Config(
                request_checksum_calculation="when_required",
                response_checksum_validation="when_required",
                retries={"max_attempts": MAX_ATTEMPTS, "mode": "standard"},
                connect_timeout=min(CONNECT_TIMEOUT_S, limits.deadline_s),
                read_timeout=limits.deadline_s,
            ),
        )

    def _key(self, name: str) -> str:
        return self.location.prefix + check_name(name)

    async def put(self, name: str, data: bytes) -> None:
        key = self._key(name)
        await asyncio.to_thread(
            self.client.put_object, Bucket=self.location.bucket, Key=key, Body=data
        )

    async def get(self, name: str) -> bytes | None:
        key = self._key(name)
        return await self._reads.run(name, lambda until: self._get(name, key, until))

    def _get(self, name: str, key: str, until: float) -> bytes | None:
        try:
            answer = self.client.get_object(Bucket=self.location.bucket, Key=key)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in _MISSING:
                return None
            raise
        body, limit = answer["Body"], self.limits.max_bytes
        try:
            size = int(answer.get("ContentLength") or 0)
            if size > limit:
                raise ObjectTooLarge(name, size, limit)
            return read_bounded(name, body.read, limit, until)
        finally:
            body.close()

    async def exists(self, name: str) -> bool:
        return await asyncio.to_thread(self._exists, self._key(name))

    def _exists(self, key: str) -> bool:
        try:
            self.client.head_object(Bucket=self.location.bucket, Key=key)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in _MISSING:
                return False
            raise
        return True

    async def delete(self, name: str) -> None:
        key = self._key(name)
        await asyncio.to_thread(self.client.delete_object, Bucket=self.location.bucket, Key=key)

    async def list(self, prefix: str = "") -> list[str]:
        return await asyncio.to_thread(_names, self.client, self.location, prefix)


def _names(client: Any, location: S3Location, prefix: str) -> list[str]:
    pages = client.get_paginator("list_objects_v2").paginate(
        Bucket=location.bucket, Prefix=location.prefix + prefix
    )
    strip = len(location.prefix)
    return sorted(item["Key"][strip:] for page in pages for item in page.get("Contents", []))
