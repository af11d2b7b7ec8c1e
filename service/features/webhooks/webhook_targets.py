"""Which URLs and addresses a webhook may target (server-side request forgery, architecture §5d).

A target is an absolute `http` or `https` URL without credentials, at most `MAX_URL` characters.
Every address its host resolves to must be acceptable (`refusal`), and the delivery connects to
one of those very addresses (`service.features.webhooks.webhook_resolver`,
`service.features.webhooks.webhook_post`): a name cannot be checked at one address and then
connected at another (DNS rebinding).

* **Never** a target, whatever the operator allows (`NEVER`): unspecified (`0.0.0.0/8`, `::`;
  connecting to them reaches the host itself), link-local (`169.254/16`, `fe80::/10`: cloud
  metadata), the other clouds' metadata addresses, multicast and broadcast, Teredo tunnels
  (`2001::/32`) and local-use NAT64 (`64:ff9b:1::/48`, where the operator alone knows where the
  IPv4 address sits).
* **Private** unless `BOARDSTATE_WEBHOOKS_ALLOW_PRIVATE=1` (a receiver on the operator's own
  network): what Python's `ipaddress` does not call global (loopback, RFC 1918, unique local,
  CGNAT, documentation, benchmarking, reserved...) plus what the Python 3.11 tables miss
  (`PRIVATE`).
* An IPv6 address that **embeds an IPv4 address** is judged by that IPv4 address: IPv4-mapped
  `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64
  `64:ff9b::/96` and 6to4 `2002:AABB:CCDD::/48`.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

import httpx

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

MAX_URL = 2000
NAME = re.compile(r"[a-z0-9_.-]{1,253}")

NEVER = tuple(
    ipaddress.ip_network(n)
    for n in (
        "0.0.0.0/8",  # "this network": a connection to it reaches the host itself
        "169.254.0.0/16",  # link-local: cloud metadata (169.254.169.254)
        "224.0.0.0/4",  # multicast
        "255.255.255.255/32",  # broadcast
        "100.100.100.200/32",  # Alibaba Cloud metadata
        "168.63.129.16/32",  # Azure wire server
        "192.0.0.192/32",  # Oracle Cloud metadata
        "::/128",  # unspecified
        "fe80::/10",  # link-local
        "ff00::/8",  # multicast
        "fd00:ec2::254/128",  # AWS metadata over IPv6
        "2001::/32",  # Teredo
        "64:ff9b:1::/48",  # local-use NAT64 (RFC 8215)
    )
)
"""Refused even when the operator allows private targets."""

PRIVATE = tuple(
    ipaddress.ip_network(n)
    for n in (
        "192.0.0.0/24",  # IETF protocol assignments (3.11 knows only 192.0.0.0/29)
        "192.88.99.0/24",  # 6to4 relay anycast (deprecated)
        "2001::/23",  # IETF protocol assignments (newer Pythons call parts of it global)
        "fec0::/10",  # site-local (deprecated)
        "3fff::/20",  # documentation (RFC 9637)
        "5f00::/16",  # segment routing SIDs (RFC 9602)
    )
)
"""Refused unless the operator allows private targets, besides what is not `is_global`."""

NAT64 = ipaddress.ip_network("64:ff9b::/96")
COMPATIBLE = ipaddress.ip_network("::/96")
TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")


class TargetRefused(ValueError):
    """A URL or address webhooks may not target; the message says why."""


def parse_target(url: object) -> tuple[str, str, int]:
    """(scheme, host, port) of an acceptable URL; raises `TargetRefused`."""
    if not isinstance(url, str) or not url or len(url) > MAX_URL:
        raise TargetRefused(f"url must be 1..{MAX_URL} characters")
    try:
        parts = urlsplit(url)
        port = parts.port
        httpx.URL(url)  # the client that sends must read it too
    except (ValueError, httpx.InvalidURL) as exc:
        raise TargetRefused(f"url is not a valid URL: {exc}") from None
    if parts.scheme not in ("http", "https"):
        raise TargetRefused("url must be http:// or https://")
    if parts.username or parts.password:
        raise TargetRefused("url must not carry credentials")
    if not parts.hostname:
        raise TargetRefused("url has no host")
    default = 443 if parts.scheme == "https" else 80
    return parts.scheme, ascii_host(parts.hostname), port or default


def ascii_host(host: str) -> str:
    """An IP address, or the name in ASCII (IDNA, as `httpx` sends it): the one form that is
    resolved, checked, and sent as `Host` and TLS server name."""
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    try:
        name = httpx.URL(scheme="http", host=host, path="/").raw_host.decode("ascii")
    except (httpx.InvalidURL, UnicodeError):
        name = ""
    if not NAME.fullmatch(name):
        raise TargetRefused(f"url host {host[:100]!r} is not a valid name")
    return name


def embedded_ipv4(address: IPAddress) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries (mapped, translated, compatible, NAT64, 6to4)."""
    if isinstance(address, ipaddress.IPv4Address):
        return None
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    compatible = address in COMPATIBLE and int(address) > 1  # `::` and `::1` are themselves
    if address in NAT64 or address in TRANSLATED or compatible:
        return ipaddress.IPv4Address(int(address) & 0xFFFF_FFFF)
    return None


def refusal(address: IPAddress, allow_private: bool) -> str | None:
    """Why webhooks may not connect to `address`, or None when they may."""
    inner = embedded_ipv4(address)
    if inner is not None:
        why = refusal(inner, allow_private)
        return None if why is None else f"{address} carries {inner}, {why}"
    if any(address in network for network in NEVER):
        return "a link-local, metadata, multicast, unspecified or tunnel address (never allowed)"
    if allow_private:
        return None
    if not address.is_global or any(address in network for network in PRIVATE):
        return (
            "a loopback, private or reserved address "
            "(BOARDSTATE_WEBHOOKS_ALLOW_PRIVATE=1 allows it)"
        )
    return None


def check_addresses(host: str, addresses: list[str], allow_private: bool) -> tuple[str, ...]:
    """The addresses `host` resolved to, each checked; raises `TargetRefused` if any is refused
    (one bad answer refuses the name: the connection must not be able to land on it)."""
    if not addresses:
        raise TargetRefused(f"host {host!r} resolves to no address")
    for text in addresses:
        address = ipaddress.ip_address(text.split("%", 1)[0])
        why = refusal(address, allow_private)
        if why is not None:
            raise TargetRefused(f"host {host!r} resolves to {address}: {why}")
    return tuple(dict.fromkeys(a.split("%", 1)[0] for a in addresses))
