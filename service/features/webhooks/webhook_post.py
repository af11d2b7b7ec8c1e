"""One webhook delivery attempt, whole or not at all within one deadline.

`Poster.post` resolves and checks the target (`service.features.webhooks.webhook_resolver`),
connects to a checked address (the next one when a connection is refused), sends the request, reads
the status and the answer body (at most `max_answer_bytes`, never decompressed), all within
`deadline_ms` from the start: a receiver that answers a byte every few seconds gets a failed
attempt when the deadline passes, however often it sends. The connection goes to the address
that was checked, never to a fresh resolution of the name: the request carries the name in its
`Host` header, and for `https` the TLS server name is the name and the certificate is verified
against it (the default certificate authorities, or `BOARDSTATE_WEBHOOK_CA_FILE`'s).
Connections are not kept alive (each attempt opens its own), redirects are never followed, and
proxies from the environment are ignored. `signed` makes the body and the Standard Webhooks
headers.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import hashlib
import hmac
import ipaddress
import json
import ssl
import time
from typing import Any

import httpx

from boardstate.service.features.webhooks.webhook_resolver import Resolver, Target
from boardstate.service.features.webhooks.webhook_targets import TargetRefused


@dataclasses.dataclass(frozen=True, slots=True)
class Answer:
    """What one attempt got: the HTTP status (None when there was none) and the error (None:
    delivered)."""

    status: int | None
    error: str | None


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """The `webhook-signature` header value (Standard Webhooks, `v1`)."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(key, signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def signed(
    secret: str, message_id: str, announcement: dict[str, Any]
) -> tuple[bytes, dict[str, str]]:
    """The body and headers of one attempt: the announcement without its id (`{type,
    timestamp, data}`); `webhook-id` (the announcement's id: the same on every attempt, resend
    and duplicate), `webhook-timestamp` (seconds, at this attempt), `webhook-signature`."""
    payload = {k: v for k, v in announcement.items() if k != "id"}
    body = json.dumps(payload, separators=(",", ":")).encode()
    stamp = int(time.time())
    return body, {
        "content-type": "application/json",
        "user-agent": "Boardstate-Webhooks/1",
        "webhook-id": message_id,
        "webhook-timestamp": str(stamp),
        "webhook-signature": sign(secret, message_id, stamp, body),
    }


def is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


class Poster:
    """Sends one request per attempt to a checked address, under one deadline."""

    def __init__(
        self,
        resolver: Resolver,
        *,
        deadline_ms: int,
        max_answer_bytes: int,
        allow_private: bool,
        connections: int,
        ca_file: str | None = None,
    ) -> None:
        self.resolver = resolver
        self.deadline_ms = deadline_ms
        self.max_answer_bytes = max_answer_bytes
        self.allow_private = allow_private
        verify = ssl.create_default_context(cafile=ca_file) if ca_file else True
        self.http = httpx.AsyncClient(
            verify=verify,
            follow_redirects=False,
            timeout=httpx.Timeout(deadline_ms / 1000),
            limits=httpx.Limits(max_connections=connections, max_keepalive_connections=0),
            trust_env=False,
        )

    async def post(self, url: str, body: bytes, headers: dict[str, str]) -> Answer:
        """One attempt; every failure is an `Answer` with its error, never an exception."""
        statuses: list[int] = []
        try:
            async with asyncio.timeout(self.deadline_ms / 1000):
                target = await self.resolver.target(url, self.allow_private)
                return await self._send(target, body, headers, statuses)
        except TimeoutError:
            error = f"no complete answer within the delivery deadline ({self.deadline_ms} ms)"
            return Answer(statuses[-1] if statuses else None, error)
        except TargetRefused as exc:
            return Answer(None, str(exc)[:300])
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            return Answer(statuses[-1] if statuses else None, f"{type(exc).__name__}: {exc}"[:300])

    async def _send(
        self, target: Target, body: bytes, headers: dict[str, str], statuses: list[int]
    ) -> Answer:
        headers = {**headers, "host": target.host_header}
        named = target.scheme == "https" and not is_address(target.host)
        extensions = {"sni_hostname": target.host} if named else {}
        raw_path = httpx.URL(target.url).raw_path  # path and query; never the host or userinfo
        refused: httpx.ConnectError | None = None
        for address in target.addresses:
            pinned = httpx.URL(
                scheme=target.scheme, host=address, port=target.port, raw_path=raw_path
            )
            try:
                return await self._exchange(pinned, body, headers, extensions, statuses)
            except httpx.ConnectError as exc:
                refused = exc  # this address takes no connection: the next one may
        assert refused is not None
        raise refused

    async def _exchange(
        self,
        url: httpx.URL,
        body: bytes,
        headers: dict[str, str],
        extensions: dict[str, str],
        statuses: list[int],
    ) -> Answer:
        request = self.http.build_request(
            "POST", url, content=body, headers=headers, extensions=extensions
        )
        response = await self.http.send(request, stream=True)
        try:
            statuses.append(response.status_code)
            read = 0
            async for chunk in response.aiter_raw():
                read += len(chunk)
                if read >= self.max_answer_bytes:
                    break  # enough: the rest is not read, the connection is closed
        finally:
            await response.aclose()
        status = response.status_code
        if 200 <= status < 300:
            return Answer(status, None)
        if 300 <= status < 400:
            return Answer(status, f"HTTP {status}: redirects are not followed")
        return Answer(status, f"HTTP {status}")

    async def close(self) -> None:
        await self.http.aclose()
