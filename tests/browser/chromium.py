"""Headless Chromium for the page tests: Debian's `chromium`, driven by Python Playwright.

Playwright never downloads a browser here: it launches the system binary (`executable_path`)
with a fresh profile directory, and the Makefile sets PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1.
`make test` installs Chromium when it is missing, as root with apt-get
(scripts/ensure-chromium.sh); elsewhere the page tests skip with that reason, except in CI
(`CI` set), where a missing browser fails them.

`PageLog` records what a page did: every request and WebSocket URL (to prove nothing left the
machine), console errors, uncaught exceptions, failed requests and error responses.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import tempfile
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Page,
    Request,
    Response,
    sync_playwright,
)
from playwright.sync_api import WebSocket as PageWebSocket

# --headless is added by Playwright (headless=True); --user-data-dir is the fresh profile below.
LAUNCH_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
TIMEOUT_MS = 10_000


def chromium_found() -> str:
    """Returns the path of the Chromium binary, or "" when it is not installed."""
    for name in ("chromium", "chromium-browser"):
        if found := shutil.which(name):
            return found
    return "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else ""


def chromium_or_skip() -> str:
    """Returns the Chromium binary; skips the test without one (fails it in CI)."""
    found = chromium_found()
    if not found:
        reason = (
            "Chromium is not installed and could not be (not root): `make test` as root, "
            "or `sudo apt-get install chromium`, runs the browser tests"
        )
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return found


@contextlib.contextmanager
def chromium_context() -> Iterator[BrowserContext]:
    """Headless Chromium with a fresh profile, closed (and the profile removed) on exit."""
    executable = chromium_or_skip()
    with (
        tempfile.TemporaryDirectory(prefix="bs-chromium-") as profile,
        sync_playwright() as playwright,
    ):
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=executable,
            headless=True,
            args=list(LAUNCH_FLAGS),
            viewport={"width": 1280, "height": 720},
            service_workers="block",
        )
        context.set_default_timeout(TIMEOUT_MS)
        try:
            yield context
        finally:
            context.close()


@dataclasses.dataclass
class PageLog:
    """What one page requested and which errors it showed."""

    urls: list[str] = dataclasses.field(default_factory=list)
    errors: list[str] = dataclasses.field(default_factory=list)
    ws_frames_sent: list[str] = dataclasses.field(default_factory=list)

    @classmethod
    def attach(cls, page: Page) -> PageLog:
        """Starts recording `page`'s requests, WebSockets and errors."""
        log = cls()
        page.on("request", log._request)
        page.on("websocket", log._websocket)
        page.on("console", log._console)
        page.on("pageerror", lambda error: log.errors.append(f"uncaught: {error}"))
        page.on("requestfailed", lambda r: log.errors.append(f"failed: {r.url} {r.failure}"))
        page.on("response", log._response)
        return log

    def _request(self, request: Request) -> None:
        self.urls.append(request.url)

    def _websocket(self, websocket: PageWebSocket) -> None:
        self.urls.append(websocket.url)
        websocket.on("framesent", lambda payload: self.ws_frames_sent.append(str(payload)))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def foreign_urls(self) -> list[str]:
        """Returns the URLs that went to anything but a loopback host (data: URLs aside)."""
        return [
            url
            for url in self.urls
            if urlsplit(url).scheme != "data" and urlsplit(url).hostname not in LOOPBACK_HOSTS
        ]
