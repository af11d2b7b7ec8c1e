"""Issue 13 items 4 and 7: request bodies are bounded while they stream, and malformed bodies
are a 4xx with a JSON body saying what is wrong, on every route (a real server process)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import websockets

from tests.adversarial.conftest import ADMIN_TOKEN
from tests.api.server import ServiceProcess

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("adversarial-shape")]

LIMIT = 1024 * 1024
JSON = {"content-type": "application/json"}
MALFORMED: dict[str, bytes] = {
    "string": b'"hello"',
    "number": b"42",
    "null": b"null",
    "invalid-utf8": b'{"query": "\xff\xfe"}',
    "deep-brackets": b"[" * 100_000,
    "deep-objects": b'{"a":' * 50_000,
    "huge-integer": b'{"query": "{ gameTypes { id } }", "variables": {"n": ' + b"7" * 5000 + b"}}",
    "nan": b'{"query": "{ gameTypes { id } }", "variables": {"n": NaN}}',
    "lone-surrogate": b'{"query": "{ gameTypes { id } }", "variables": {"s": "\\ud800"}}',
    "truncated": b'{"query": "{ gameTypes',
}


@pytest.fixture
async def client(service: ServiceProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=service.url, timeout=30, trust_env=False) as c:
        yield c


def rss_kib(service: ServiceProcess) -> int:
    """The server process's resident set size (Linux)."""
    assert service._process is not None
    status = Path(f"/proc/{service._process.pid}/status").read_text(encoding="ascii")
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


async def raw_exchange(service: ServiceProcess, head: bytes, body: bytes = b"") -> bytes:
    """Sends bytes on a fresh connection and returns everything the server answers."""
    reader, writer = await asyncio.open_connection("127.0.0.1", service.port)
    writer.write(head + body)
    await writer.drain()
    # The answer may arrive in several segments: read the head, then the body it declares.
    answer = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout=10)
    length = next(
        (int(line.split(b":", 1)[1]) for line in answer.lower().split(b"\r\n")
         if line.startswith(b"content-length:")),
        None,
    )  # fmt: skip
    if length is None:
        answer += await asyncio.wait_for(reader.read(65536), timeout=10)
    else:
        answer += await asyncio.wait_for(reader.readexactly(length), timeout=10)
    writer.close()
    return answer


@pytest.mark.parametrize("name", MALFORMED)
async def test_a_malformed_graphql_body_is_a_400_saying_what_is_wrong(
    client: httpx.AsyncClient, name: str
) -> None:
    response = await client.post("/graphql", content=MALFORMED[name], headers=JSON)
    assert response.status_code == 400, response.text[:300]
    (error,) = response.json()["errors"]
    assert error["extensions"]["code"] == "BAD_JSON"
    assert len(error["message"]) < 300


@pytest.mark.parametrize(
    "variables", ['"hello"', "42", "[" * 2_000, "{" * 2_000, '{"n": ' + "9" * 5000 + "}"]
)
async def test_malformed_get_variables_are_a_400(client: httpx.AsyncClient, variables: str) -> None:
    params = {"query": "{ gameTypes { id } }", "variables": variables}
    response = await client.get("/graphql", params=params)
    assert response.status_code == 400, response.text[:300]
    assert response.json()["errors"][0]["extensions"]["code"] in ("BAD_JSON", "BAD_REQUEST")


async def test_get_variables_past_the_request_line_limit_are_a_typed_431(
    client: httpx.AsyncClient,
) -> None:
    # 10,000 brackets are 30 KB of URL: the request line is over 8 KiB, refused below the app.
    params = {"query": "{ gameTypes { id } }", "variables": "[" * 10_000}
    response = await client.get("/graphql", params=params)
    assert response.status_code == 431, response.text[:300]
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == "HEADERS_TOO_LARGE"


async def test_other_bad_graphql_requests_are_json_too(client: httpx.AsyncClient) -> None:
    no_type = await client.post("/graphql", content=b'{"query": "{ gameTypes { id } }"}')
    assert no_type.status_code == 400
    assert no_type.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"
    batch = await client.post("/graphql", json=[{"query": "{ gameTypes { id } }"}])
    assert batch.status_code == 400
    assert batch.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"


@pytest.mark.parametrize(
    "body",
    [
        MALFORMED["deep-brackets"],
        b"[" * 100_000 + b"\n",
        b'{"version": ' + b"1" * 5000 + b"}\n",
        b'{"version": 1, "data": ' + b'{"a":' * 5000 + b"}\n",
        b"\xff\xfe\x00",
        b'"hello"\n',
        b"42\n",
        b"null\n",
        b"\xc1" + b"\x91" * 200_000,
    ],
    ids=lambda b: repr(b[:12]),
)
async def test_a_malformed_import_is_a_400_bad_log(client: httpx.AsyncClient, body: bytes) -> None:
    headers = {"authorization": f"Bearer {ADMIN_TOKEN}"}
    response = await client.post("/games/import", content=body, headers=headers)
    assert response.status_code == 400, response.text[:300]
    assert response.json()["error"]["code"] == "BAD_LOG"
    assert len(response.json()["error"]["message"]) < 400


async def test_an_import_line_over_the_line_limit_is_refused(client: httpx.AsyncClient) -> None:
    line = b'{"version": 1, "data": {"x": "' + b"a" * (300 * 1024) + b'"}}\n'
    headers = {"authorization": f"Bearer {ADMIN_TOKEN}"}
    response = await client.post("/games/import", content=line, headers=headers)
    assert response.status_code == 400
    assert "longer than 262144 bytes" in response.json()["error"]["message"]


async def test_a_declared_length_over_the_limit_is_refused_before_the_body(
    service: ServiceProcess,
) -> None:
    head = (
        b"POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 314572800\r\n\r\n"
    )
    answer = await raw_exchange(service, head)
    status, _, rest = answer.partition(b"\r\n")
    assert b" 413 " in status
    body = json.loads(rest.partition(b"\r\n\r\n")[2])
    assert body["errors"][0]["extensions"] == {"code": "REQUEST_TOO_LARGE", "limit": LIMIT}


async def test_elsewhere_the_413_is_problem_json(service: ServiceProcess) -> None:
    head = b"POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n"
    answer = await raw_exchange(service, head)
    assert b" 413 " in answer.partition(b"\r\n")[0]
    assert b"content-type: application/problem+json" in answer.lower()
    problem = json.loads(answer.partition(b"\r\n\r\n")[2])
    assert problem["status"] == 413
    assert problem["code"] == "REQUEST_TOO_LARGE"


async def test_the_import_route_answers_log_too_large_from_the_declared_length(
    service: ServiceProcess,
) -> None:
    head = (
        b"POST /games/import HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
        + ADMIN_TOKEN.encode()
        + b"\r\nContent-Length: 314572800\r\n\r\n"
    )
    answer = await raw_exchange(service, head)
    assert b" 413 " in answer.partition(b"\r\n")[0]
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]["code"] == "LOG_TOO_LARGE"


async def test_a_chunked_body_is_cut_off_at_the_limit_without_being_buffered(
    service: ServiceProcess, client: httpx.AsyncClient
) -> None:
    """A 64 MiB chunked body: 413 once 1 MiB has arrived; the server's memory barely moves."""
    before = rss_kib(service)
    sent = 0

    async def chunks() -> AsyncIterator[bytes]:
        nonlocal sent
        piece = b'{"query": "' + b"x" * (64 * 1024 - 11)
        yield piece
        sent += len(piece)
        for _ in range(1023):
            yield b"x" * 64 * 1024
            sent += 64 * 1024

    try:
        response = await client.post("/graphql", content=chunks(), headers=JSON)
    except httpx.HTTPError:  # the server may close before the client has sent everything
        response = None
    if response is not None:
        assert response.status_code == 413
        assert response.json()["errors"][0]["extensions"]["code"] == "REQUEST_TOO_LARGE"
    grown = rss_kib(service) - before
    print(f"chunked: sent {sent} bytes, server RSS grew by {grown} KiB")
    assert grown < 16 * 1024
    assert (await client.get("/healthz")).status_code == 200


async def test_a_body_just_under_the_limit_is_served(client: httpx.AsyncClient) -> None:
    padding = " " * (LIMIT - 200)
    body = json.dumps({"query": "{ gameTypes { id } }" + padding}).encode()
    assert len(body) <= LIMIT
    response = await client.post("/graphql", content=body, headers=JSON)
    assert response.status_code == 200
    assert response.json()["data"]["gameTypes"]


async def test_a_websocket_message_over_the_limit_closes_with_1009(
    service: ServiceProcess,
) -> None:
    async with websockets.connect(service.ws_url, subprotocols=["graphql-transport-ws"]) as ws:  # type: ignore[list-item]
        await ws.send(json.dumps({"type": "connection_init", "payload": {"x": "y" * 100_000}}))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 1009


async def test_a_deep_websocket_message_is_refused_not_crashed(service: ServiceProcess) -> None:
    async with websockets.connect(service.ws_url, subprotocols=["graphql-transport-ws"]) as ws:  # type: ignore[list-item]
        await ws.send("[" * 60_000)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4400
