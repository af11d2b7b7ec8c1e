"""The client address the limits count against: the peer, or behind a trusted proxy the
right-most `X-Forwarded-For` hop that is not a trusted proxy; and the limit settings."""

from __future__ import annotations

import ipaddress

import pytest

from boardstate.service.http.edge.rate_limits import client_address, refusal
from boardstate.service.runtime.callers import CALLER, Caller, caller_address
from boardstate.service.settings import Settings, SettingsError

PROXIES = [ipaddress.ip_network("10.0.0.0/8"), ipaddress.ip_network("127.0.0.1/32")]


def scope(peer: str, forwarded: str | None = None) -> dict[str, object]:
    headers = [] if forwarded is None else [(b"x-forwarded-for", forwarded.encode())]
    return {"type": "http", "client": (peer, 5000), "headers": headers, "path": "/graphql"}


def test_the_peer_counts_unless_it_is_a_trusted_proxy() -> None:
    assert client_address(scope("203.0.113.7", "1.2.3.4"), PROXIES) == "203.0.113.7"
    assert client_address(scope("203.0.113.7", "1.2.3.4"), []) == "203.0.113.7"
    assert client_address(scope("10.1.2.3", "1.2.3.4"), PROXIES) == "1.2.3.4"


def test_a_client_cannot_choose_its_address_through_the_header() -> None:
    # The client sent "X-Forwarded-For: 9.9.9.9"; the trusted proxies appended what they saw.
    assert client_address(scope("127.0.0.1", "9.9.9.9, 198.51.100.5, 10.0.0.2"), PROXIES) == (
        "198.51.100.5"
    )
    assert client_address(scope("10.0.0.1", "junk"), PROXIES) == "10.0.0.1"
    assert client_address(scope("10.0.0.1"), PROXIES) == "10.0.0.1"


def test_an_ipv4_mapped_peer_counts_as_its_ipv4_address() -> None:
    """A dual-stack listener reports IPv4 clients as `::ffff:a.b.c.d`: one client is one
    address whichever socket it came through, and a trusted IPv4 proxy is recognised."""
    assert client_address(scope("::ffff:203.0.113.7", "1.2.3.4"), PROXIES) == "203.0.113.7"
    assert client_address(scope("::ffff:10.1.2.3", "1.2.3.4"), PROXIES) == "1.2.3.4"
    assert client_address(scope("::ffff:10.1.2.3", "::ffff:1.2.3.4"), PROXIES) == "1.2.3.4"
    chain = "9.9.9.9, ::ffff:198.51.100.5, ::ffff:10.0.0.2"  # mapped hops are proxies too
    assert client_address(scope("10.0.0.1", chain), PROXIES) == "198.51.100.5"
    assert client_address(scope("::ffff:10.0.0.1", "junk"), PROXIES) == "10.0.0.1"
    assert client_address(scope("2001:db8::7", "1.2.3.4"), PROXIES) == "2001:db8::7"
    v6_proxy = [ipaddress.ip_network("2001:db8::/32")]
    assert client_address(scope("2001:db8::1", "::ffff:1.2.3.4"), v6_proxy) == "1.2.3.4"


def test_a_refusal_is_a_429_with_retry_after_and_a_graphql_error_on_graphql() -> None:
    status, headers, body = refusal(scope("1.2.3.4"), 7)
    assert status == 429
    assert (b"retry-after", b"7") in headers
    assert b'"code": "RATE_LIMITED"' in body
    assert b'"retryAfter": 7' in body


def test_limit_settings() -> None:
    settings = Settings.from_env({})
    assert settings.rate_limits is True
    assert (settings.max_open_games, settings.open_game_ttl_seconds) == (100, 86_400)
    off = Settings.from_env(
        {"BOARDSTATE_RATE_LIMITS": "0", "BOARDSTATE_TRUSTED_PROXIES": "10.0.0.0/8"}
    )
    assert (off.rate_limits, off.trusted_proxies) == (False, ("10.0.0.0/8",))
    with pytest.raises(SettingsError):
        Settings.from_env({"BOARDSTATE_RATE_LIMIT_CREATE": "many"})
    with pytest.raises(SettingsError):
        Settings.from_env({"BOARDSTATE_TRUSTED_PROXIES": "proxy.local"})


def test_stream_caps_count_the_address_the_rate_limits_resolved() -> None:
    """Behind a proxy that only Boardstate trusts (uvicorn's own forwarded-address rule not
    configured), the per-address stream caps use the forwarded client, as the limits do."""
    assert caller_address("10.0.0.5") == "10.0.0.5"  # no request: the peer
    token = CALLER.set(Caller("198.51.100.7"))
    try:
        assert caller_address("10.0.0.5") == "198.51.100.7"
    finally:
        CALLER.reset(token)
