"""Helpers of the webhook and feed tests: a receiver process, SSE reading, waiting, and the
check of every announcement against the schema the OpenAPI document publishes for it."""

from __future__ import annotations

import asyncio
import functools
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from jsonschema import Draft202012Validator
from standardwebhooks.webhooks import Webhook

from boardstate.service.local.embedded_redis import free_port
from tests.api.server import REPO

OPENAPI = REPO / "schema" / "openapi.json"


@functools.cache
def _announcement_validator(kind: str) -> Draft202012Validator:
    """The validator of one announcement type, found as a client would: the OpenAPI document's
    `webhooks` entry and the component its request body refers to."""
    doc = json.loads(OPENAPI.read_text())
    body = doc["webhooks"][kind]["post"]["requestBody"]["content"]["application/json"]
    name = body["schema"]["$ref"].rsplit("/", 1)[-1]
    return Draft202012Validator(doc["components"]["schemas"][name])


def published(payload: dict[str, Any], with_id: bool = False) -> dict[str, Any]:
    """`payload` (a webhook body, or with `with_id` a feed message's data), after checking it
    against the published schema of its type; fails the test if it does not match."""
    body = dict(payload)
    if with_id:
        assert isinstance(body.pop("id"), str)
    _announcement_validator(str(body.get("type"))).validate(body)
    return payload


class Receiver:
    """`tests.api.webhook_receiver` on a port of its own; `stop()` and `start()` again keep the
    port and the recorded requests."""

    def __init__(
        self,
        status: int = 200,
        delay_s: float = 0.0,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        trickle_s: float = 0.0,
        flood: bool = False,
        tls: tuple[Path, Path] | None = None,
    ) -> None:
        self.host = host
        self.port = port or free_port()
        self._chosen_port = port is None
        """The port was picked here: another may be picked if a process takes it first."""
        self.out = Path(tempfile.mkstemp(prefix="bs-hooks-", suffix=".ndjson")[1])
        self.status = status
        self.delay_s = delay_s
        self.trickle_s = trickle_s
        """More than 0: answers 200 and then a header byte every `trickle_s` seconds, forever."""
        self.flood = flood
        """Answers 200 and then a body that never ends."""
        self.tls = tls
        """(certificate chain, key): serves https."""
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://{self.host}:{self.port}/hooks"

    def start(self, status: int | None = None) -> Receiver:
        """Starts the receiver; a port this object picked and another process took in between
        (tests run side by side) is picked again, a few times."""
        self.status = self.status if status is None else status
        for _ in range(5):
            if self._launch():
                return self
            if not self._chosen_port:
                break
            self.port = free_port()
        raise RuntimeError("the receiver did not start")

    def _launch(self) -> bool:
        command = [sys.executable, "-m", "tests.api.webhook_receiver", str(self.port)]
        command += [str(self.out), str(self.status), str(self.delay_s), "--host", self.host]
        if self.trickle_s:
            command += ["--trickle", str(self.trickle_s)]
        if self.flood:
            command += ["--flood"]
        if self.tls:
            command += ["--cert", str(self.tls[0]), "--key", str(self.tls[1])]
        self._process = process = subprocess.Popen(command, cwd=REPO)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and process.poll() is None:
            try:
                scheme = "https" if self.tls else "http"
                url = f"{scheme}://{self.host}:{self.port}/"
                httpx.get(url, timeout=0.5, trust_env=False, verify=False)
                return True
            except httpx.HTTPError:
                time.sleep(0.05)
        self.stop()
        return False

    def stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None

    def connections(self) -> dict[str, Any]:
        """A trickling receiver's connections: `{open, most, most_per_path}`."""
        state: dict[str, Any] = json.loads(Path(f"{self.out}.open").read_text())
        return state

    def requests(self) -> list[dict[str, Any]]:
        text = self.out.read_text()
        return [json.loads(line) for line in text.splitlines() if line.strip()]

    def verified(self, secret: str, game_id: str) -> list[tuple[str, dict[str, Any]]]:
        """(webhook-id, payload) of each request about `game_id`, every signature checked with
        the Standard Webhooks library."""
        out = []
        for request in self.requests():
            payload = published(Webhook(secret).verify(request["body"], request["headers"]))
            if payload["data"]["gameId"] == game_id:
                out.append((request["headers"]["webhook-id"], payload))
        return out


async def until(test: Callable[[], Any], seconds: float = 30.0, what: str = "") -> Any:
    """Polls `test` (sync or async) until it returns something truthy."""
    deadline = time.monotonic() + seconds
    while True:
        value = test()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or test}")
        await asyncio.sleep(0.1)


async def read_sse(
    url: str, headers: dict[str, str], stop: Callable[[list[dict[str, str]]], bool]
) -> tuple[int, list[dict[str, str]]]:
    """Reads SSE messages (`id`, `event`, `data`) until `stop(messages)`; returns the status
    and the messages (comments left out). Fails after 20 s."""
    messages: list[dict[str, str]] = []
    try:
        async with asyncio.timeout(20):
            return await _read_sse(url, headers, stop, messages)
    except TimeoutError:
        raise AssertionError(f"SSE {url}: stopped waiting after {messages}") from None


async def _read_sse(
    url: str,
    headers: dict[str, str],
    stop: Callable[[list[dict[str, str]]], bool],
    messages: list[dict[str, str]],
) -> tuple[int, list[dict[str, str]]]:
    async with (
        httpx.AsyncClient(trust_env=False, timeout=30) as client,
        client.stream("GET", url, headers=headers) as response,
    ):
        if response.status_code != 200:
            await response.aread()
            return response.status_code, [{"problem": response.text}]
        current: dict[str, str] = {}
        async for line in response.aiter_lines():
            if line == "":
                if current:
                    messages.append(current)
                    current = {}
                    if stop(messages):
                        break
            elif not line.startswith(":"):
                name, _, value = line.partition(":")
                current[name] = value.strip()
    return 200, messages
