"""Which URLs a webhook may target (server-side request forgery, DESIGN §5d).

A target is an absolute `http` or `https` URL without credentials, at most `MAX_URL` characters.
Its host must resolve only to public addresses: loopback, private (RFC 1918, unique local),
link-local (cloud metadata at 169.254.169.254), multicast, reserved and unspecified addresses
are refused, unless the operator allows private targets (`BOARDSTATE_WEBHOOKS_ALLOW_PRIVATE=1`,
for a receiver on the same network). The check runs when an endpoint is registered or changed and
again before every attempt (the name may resolve elsewhere by then); redirects are never
followed (`service.games.webhook_sender`), so a public target cannot bounce a delivery inward.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from urllib.parse import urlsplit

MAX_URL = 2000
RESOLVE_TIMEOUT_S = 5.0


class TargetRefused(ValueError):
    """A URL webhooks may not target; the message says why."""


def parse_target(url: str) -> tuple[str, int]:
    """(host, port) of an acceptable URL; raises `TargetRefused`."""
    if not isinstance(url, str) or not url or len(url) > MAX_URL:
        raise TargetRefused(f"url must be 1..{MAX_URL} characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise TargetRefused(f"url is not a valid URL: {exc}") from None
    if parts.scheme not in ("http", "https"):
        raise TargetRefused("url must be http:// or https://")
    if parts.username or parts.password:
        raise TargetRefused("url must not carry credentials")
    if not parts.hostname:
        raise TargetRefused("url has no host")
    return parts.hostname, port or (443 if parts.scheme == "https" else 80)


def _private(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return not ip.is_global or ip.is_multicast


async def check_target(url: str, allow_private: bool) -> None:
    """Raises `TargetRefused` unless `url` may be targeted now."""
    host, port = parse_target(url)
    if allow_private:
        return
    loop = asyncio.get_running_loop()
    try:
        infos = await asyncio.wait_for(
            loop.getaddrinfo(host, port, type=socket.SOCK_STREAM), RESOLVE_TIMEOUT_S
        )
    except (OSError, TimeoutError) as exc:
        raise TargetRefused(f"host {host!r} does not resolve: {exc}") from None
    addresses = {str(info[4][0]) for info in infos}
    if not addresses or any(_private(a) for a in addresses):
        raise TargetRefused(
            f"host {host!r} resolves to a loopback, private or reserved address; "
            "set BOARDSTATE_WEBHOOKS_ALLOW_PRIVATE=1 to allow it"
        )
