"""A real S3-compatible server for tests: moto's standalone server (`moto_server`, from the dev
extras), run as its own process on a free port and stopped at the end; never a stubbed client."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import Self

import boto3

REGION = "us-east-1"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class S3Server:
    """`moto_server` on 127.0.0.1; `url` is its endpoint; `bucket()` makes a fresh bucket."""

    def __init__(self) -> None:
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.buckets = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Self:
        binary = shutil.which("moto_server", path=str(Path(sys.executable).parent))
        assert binary is not None, "moto_server is missing: install the dev extras"
        self.process = subprocess.Popen(
            [binary, "-H", "127.0.0.1", "-p", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{self.url}/moto-api/", timeout=1).close()
                return self
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise RuntimeError("moto_server did not start") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def client(self) -> object:
        return boto3.client(
            "s3",
            endpoint_url=self.url,
            region_name=REGION,
            aws_access_key_id="test",
            aws_secret_access_key="test",
        )

    def bucket(self) -> str:
        """Creates and returns a bucket no other test uses."""
        self.buckets += 1
        name = f"archive-{os.getpid()}-{self.buckets}"
        self.client().create_bucket(Bucket=name)  # type: ignore[attr-defined]
        return name

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
