"""Faults of an archive object store for the adversarial tests (issue 37): zstd bombs, a TCP
proxy in front of a real S3 server that can stop answering, the peak memory of a server
process, and the answers of every door to one archived game."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import zstandard

from boardstate.service.features.archive.entry import IndexEntry
from boardstate.service.features.archive.reader import ArchiveReader
from boardstate.service.store import RedisEventStore
from boardstate.service.store.archive.objects import ObjectStore
from tests.api.client import Api
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.socket_support import RawSocket
from tests.archive.archive_support import stored_game
from tests.archive.archived_service import archive_now

GIB = 1 << 30
MIB = 1 << 20


@functools.cache
def bomb(declared: bool) -> bytes:
    """About 32 KB of zstd that inflate to 1 GiB of zeros; `declared`: the frame says so."""
    compressor = zstandard.ZstdCompressor(level=3, write_content_size=declared)
    stream = compressor.compressobj(size=GIB if declared else -1)
    zeros = bytes(MIB)
    return b"".join([*(stream.compress(zeros) for _ in range(GIB // MIB)), stream.flush()])


def peak_rss(service: ServiceProcess) -> int:
    """The server process's peak resident set size (`VmHWM`), in bytes."""
    status = Path(f"/proc/{service.pid}/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
    return int(line.split()[1]) * 1024


def reset_peak_rss(service: ServiceProcess) -> int:
    """Resets the server's peak RSS to its current RSS (`clear_refs` 5); returns it."""
    Path(f"/proc/{service.pid}/clear_refs").write_text("5")
    return peak_rss(service)


async def archived_game(store: RedisEventStore, objects: ObjectStore) -> tuple[str, IndexEntry]:
    """A finished game (the golden Trambahn log) archived with its keys removed."""
    game_id = await stored_game(store)
    await archive_now(store, objects, game_id)
    entry = await ArchiveReader(store, objects).entry(game_id)
    assert entry is not None
    return game_id, entry


GAME = "query($g: ID!) { game(id: $g) { id version status state past: state(version: 12) } }"


async def door_answers(service: ServiceProcess, game_id: str) -> list[tuple[str, Any]]:
    """What each door answers for the game at once (REST routes, GraphQL, the command socket):
    `(door, code)` for a refusal, `(door, "ok")` for an answer. Many routes at once, as a page
    of the game would ask."""
    rest, api = Rest(service.url), Api(service.url)
    game = f"/games/{game_id}"
    paths = [game, f"{game}/state?version=12", f"{game}/events?limit=5", f"{game}/log"]
    paths += [f"{game}/state?seat=0", f"{game}/board.svg", f"{game}/legal-moves?seat=0"]

    async def rest_answer(path: str) -> tuple[str, Any]:
        answer = await rest.request("GET", path)
        return (f"REST {path}", "ok" if answer.status_code < 300 else answer.json()["code"])

    async def graphql_answer() -> tuple[str, Any]:
        body = await api.raw(GAME, g=game_id)
        errors = body.get("errors")
        return ("GraphQL game", errors[0]["extensions"]["code"] if errors else "ok")

    try:
        answers = await asyncio.gather(
            *(rest_answer(path) for path in paths * 2),
            *(graphql_answer() for _ in range(3)),
            socket_answer(service, game_id),
        )
    finally:
        await rest.close()
        await api.close()
    return list(answers)


async def socket_answer(service: ServiceProcess, game_id: str) -> tuple[str, Any]:
    """What the command socket answers to `subscribe` (`ok`: subscribed, then events)."""
    socket_client = await RawSocket(service.port).open()
    try:
        answer = await socket_client.call({"type": "subscribe", "gameId": game_id, "after": 0})
        if answer["type"] == "error":
            return ("socket subscribe", answer["code"])
        assert answer["type"] == "subscribed", answer
        pushed = await socket_client.next_push()
        assert (pushed["type"], pushed["event"]["version"]) == ("event", 1), pushed
        return ("socket subscribe", "ok")
    finally:
        await socket_client.close()


async def read_outcomes(service: ServiceProcess) -> dict[str, float]:
    """`boardstate_archive_object_reads_total` by outcome, from the server's `/metrics`."""
    async with httpx.AsyncClient(timeout=30, trust_env=False) as http:
        text = (await http.get(f"{service.url}/metrics")).text
    prefix = 'boardstate_archive_object_reads_total{outcome="'
    return {
        line[len(prefix) :].split('"', 1)[0]: float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith(prefix)
    }


class StallingProxy:
    """A TCP proxy on 127.0.0.1 in front of `upstream`: passing (bytes both ways) or stalling
    (it accepts connections, reads what comes and never answers), switched at any time (every
    connection open is dropped then, so the next request meets the new mode). Runs in threads
    of its own, so the test's event loop is free."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.stalling = False
        self.accepted = threading.Event()
        """Set at each connection accepted (cleared by the tests)."""
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._held: list[socket.socket] = []
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._listener.getsockname()[1]}"

    def start(self) -> StallingProxy:
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def stall(self) -> None:
        self._switch(True)

    def pass_through(self) -> None:
        self._switch(False)

    def _switch(self, stalling: bool) -> None:
        with self._lock:
            self.stalling = stalling
            held, self._held = self._held, []
        for connection in held:  # shut down first: that wakes a thread blocked reading it
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                self._held.append(client)
                target = self._stall if self.stalling else self._pass
            self.accepted.set()
            threading.Thread(target=target, args=(client,), daemon=True).start()

    def _stall(self, client: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while client.recv(65536):
                pass

    def _pass(self, client: socket.socket) -> None:
        with contextlib.suppress(OSError):
            server = socket.create_connection(self.upstream)
            with self._lock:
                self._held.append(server)
            threading.Thread(target=_pump, args=(server, client), daemon=True).start()
            _pump(client, server)

    def stop(self) -> None:
        self._switch(False)
        with contextlib.suppress(OSError):
            self._listener.close()


def _pump(source: socket.socket, target: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            target.sendall(data)
    with contextlib.suppress(OSError):
        target.shutdown(socket.SHUT_WR)


@contextlib.contextmanager
def stalling_proxy(upstream: tuple[str, int]) -> Iterator[StallingProxy]:
    proxy = StallingProxy(upstream).start()
    try:
        yield proxy
    finally:
        proxy.stop()
