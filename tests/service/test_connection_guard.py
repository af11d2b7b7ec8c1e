"""The connection guard's bookkeeping on real sockets (`service.http.edge.protocol.connection_guard`): which
connection makes room at the process cap, and a body deadline that does not run while the
server holds reading back. The protocol classes around it are tested with a real server in
`tests/adversarial/test_slow_bodies.py` and `test_connection_caps.py`."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from boardstate.service.http.edge.protocol.connection_caps import ConnectionLimits
from boardstate.service.http.edge.protocol.connection_guard import Guard
from boardstate.service.http.edge.protocol.connection_limits import Gate
from boardstate.service.http.edge.protocol.guard_answers import BODY_TIMED_OUT, REFUSED
from boardstate.service.metrics import Metrics

METRICS = Metrics()  # its registry shows the process's guard counters


class Conn:
    """A real connection: the server's transport and the client's socket, with a guard."""

    def __init__(self, transport: asyncio.Transport, client: socket.socket, guard: Guard) -> None:
        self.transport = transport
        self.client = client
        self.guard = guard
        self.ended = 0

    def end_request(self) -> bool:
        self.ended += 1
        return True  # no answer begun: the 408 may be written

    async def answer(self) -> bytes:
        """What the server wrote before it closed (waits for the close)."""
        loop = asyncio.get_running_loop()
        chunks = []
        while chunk := await loop.sock_recv(self.client, 4096):
            chunks.append(chunk)
        return b"".join(chunks)

    def complete_request(self, body_awaited: object | None) -> None:
        """The headers are in; `body_awaited`: the request whose body is still to come."""
        self.guard.disarm()
        self.guard.body(body_awaited)


Opener = Callable[..., Awaitable[Conn]]


@pytest.fixture
async def opened() -> AsyncIterator[Opener]:
    loop = asyncio.get_running_loop()
    conns: list[Conn] = []

    async def open_conn(
        gate: Gate, open_now: int = 0, held: Callable[[], float] = lambda: 0.0
    ) -> Conn:
        server, client = socket.socketpair()
        client.setblocking(False)
        transport, _ = await loop.connect_accepted_socket(asyncio.Protocol, server)
        conn = Conn(transport, client, None)  # type: ignore[arg-type]
        conn.guard = Guard(gate, loop, conn.end_request, held)
        conn.guard.admit(transport, open_now)
        conns.append(conn)
        return conn

    yield open_conn
    for conn in conns:
        conn.guard.release()
        conn.transport.close()
        conn.client.close()


def counted(name: str, reason: str) -> float:
    value = METRICS.registry.get_sample_value(f"boardstate_{name}_total", {"reason": reason})
    return value or 0.0


def new_gate(max_connections: int = 100, body_timeout_s: float = 30.0) -> Gate:
    limits = ConnectionLimits(
        header_timeout_s=30.0,
        max_connections=max_connections,
        max_per_address=0,
        body_timeout_s=body_timeout_s,
    )
    return Gate(limits)


async def test_the_connection_waiting_longest_for_its_client_makes_room(opened: Opener) -> None:
    before = {r: counted("connections_evicted", r) for r in ("headers", "body", "idle")}
    refused_before = counted("connections_refused", "process_cap")
    gate = new_gate(max_connections=3)
    uploading = await opened(gate, 0)
    fresh = await opened(gate, 1)
    answered = await opened(gate, 2)
    uploading.complete_request(body_awaited=object())  # keeps its place from its opening
    answered.complete_request(body_awaited=None)  # wholly in: being answered, not waiting
    newcomer = await opened(gate, 3)  # at the cap: the one waiting longest goes
    assert await uploading.answer() == BODY_TIMED_OUT
    assert uploading.ended == 1
    assert not fresh.transport.is_closing()  # younger, though it waits for headers

    later = await opened(gate, 3)  # now the fresh one goes
    assert await fresh.answer() == b""  # it sent nothing: closed silently
    newcomer.complete_request(body_awaited=None)
    later.complete_request(body_awaited=None)
    answered.guard.idle()  # its answer ended; idle until its next request
    last = await opened(gate, 3)  # the idle one goes
    assert await answered.answer() == b""
    last.complete_request(body_awaited=None)
    refused = await opened(gate, 3)  # all are being answered: nothing waits
    assert refused.guard.refused
    assert await refused.answer() == REFUSED
    assert not any(c.transport.is_closing() for c in (newcomer, later, last))
    assert {r: counted("connections_evicted", r) - before[r] for r in before} == {
        "headers": 1,
        "body": 1,
        "idle": 1,
    }
    assert counted("connections_refused", "process_cap") == refused_before + 1


async def test_the_body_deadline_does_not_run_while_the_server_holds_reading_back(
    opened: Opener,
) -> None:
    loop = asyncio.get_running_loop()
    holding = [True]
    since = loop.time()
    frozen = [0.0]

    def held() -> float:
        return loop.time() - since if holding[0] else frozen[0]

    before = counted("request_timeouts", "body")
    conn = await opened(new_gate(body_timeout_s=0.5), held=held)
    conn.complete_request(body_awaited=object())
    await asyncio.sleep(2.0)  # four deadlines, all of them the server's time
    assert not conn.transport.is_closing()
    assert conn.ended == 0
    frozen[0] = held()
    holding[0] = False  # from now on the client's time counts
    assert await asyncio.wait_for(conn.answer(), 30) == BODY_TIMED_OUT
    assert conn.ended == 1
    assert counted("request_timeouts", "body") == before + 1


async def test_a_body_that_completes_stops_its_deadline(opened: Opener) -> None:
    gate = new_gate(body_timeout_s=0.5)
    conn = await opened(gate)
    request = object()
    conn.complete_request(body_awaited=request)
    conn.guard.body(request)  # more of the same body: the deadline runs on
    conn.guard.body(None)  # the body is complete
    assert conn.guard not in gate.waiting  # being answered: nothing to evict
    await asyncio.sleep(1.5)  # three deadlines
    assert not conn.transport.is_closing()
    assert conn.ended == 0
