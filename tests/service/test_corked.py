"""`Corked` (service.http.edge.protocol.corked) on a real loopback connection: what is written in one loop turn
arrives whole and in order as one write; closing writes what is kept first; aborting drops it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from boardstate.service.http.edge.protocol.corked import Corked


class Receiver(asyncio.Protocol):
    """The server's side: every `data_received` chunk, and the end of the connection."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []
        self.ended = asyncio.Event()
        self.arrived = asyncio.Event()

    def data_received(self, data: bytes) -> None:
        self.chunks.append(data)
        self.arrived.set()

    async def until_ends_with(self, tail: bytes) -> None:
        async with asyncio.timeout(20):
            while not b"".join(self.chunks).endswith(tail):
                self.arrived.clear()
                await self.arrived.wait()

    def eof_received(self) -> bool:
        self.ended.set()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended.set()


@pytest.fixture
async def pair() -> AsyncIterator[tuple[Corked, Receiver, Any]]:
    loop = asyncio.get_running_loop()
    received: list[Receiver] = []
    accepted = asyncio.Event()

    def accept() -> Receiver:
        received.append(Receiver())
        accepted.set()
        return received[-1]

    server = await loop.create_server(accept, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    transport, _ = await loop.create_connection(asyncio.Protocol, "127.0.0.1", port)
    await asyncio.wait_for(accepted.wait(), 20)
    corked = Corked(transport, loop)
    yield corked, received[0], transport
    transport.abort()
    server.close()
    await server.wait_closed()


async def test_the_writes_of_one_turn_leave_as_one_write_in_order(
    pair: tuple[Corked, Receiver, Any],
) -> None:
    corked, receiver, _ = pair
    corked.write(b"HTTP/1.1 200 OK\r\n\r\n")
    corked.writelines([b"first ", b"second "])
    corked.write(b"")
    corked.write(memoryview(b"third"))
    assert corked.get_write_buffer_size() == len(b"HTTP/1.1 200 OK\r\n\r\nfirst second third")
    assert receiver.chunks == []  # nothing left within the turn
    await receiver.until_ends_with(b"third")
    assert b"".join(receiver.chunks) == b"HTTP/1.1 200 OK\r\n\r\nfirst second third"
    assert corked.get_write_buffer_size() == 0
    corked.write(b"next turn")
    await receiver.until_ends_with(b"next turn")


async def test_closing_writes_what_is_kept_first(pair: tuple[Corked, Receiver, Any]) -> None:
    corked, receiver, real = pair
    corked.write(b"the last answer")
    corked.close()
    assert real.is_closing()
    assert corked.is_closing()
    await asyncio.wait_for(receiver.ended.wait(), 20)
    assert b"".join(receiver.chunks) == b"the last answer"


async def test_a_protocol_taking_over_gets_the_kept_bytes_out_first(
    pair: tuple[Corked, Receiver, Any],
) -> None:
    corked, receiver, real = pair
    corked.write(b"101 switching")
    corked.set_protocol(asyncio.Protocol())
    assert corked.get_protocol() is real.get_protocol()
    corked.write(b" then frames")
    await receiver.until_ends_with(b"frames")
    assert b"".join(receiver.chunks) == b"101 switching then frames"


async def test_aborting_drops_what_is_kept(pair: tuple[Corked, Receiver, Any]) -> None:
    corked, receiver, _ = pair
    corked.write(b"never sent")
    corked.abort()
    assert corked.get_write_buffer_size() == 0
    await asyncio.wait_for(receiver.ended.wait(), 20)
    await asyncio.sleep(0.05)
    assert receiver.chunks == []
