"""The webhook address rules (`service.features.webhooks.webhook_targets.refusal`), form by form: what is
refused, what is refused even when private targets are allowed, and what public addresses in
the same forms stay allowed (the rules must not refuse a legitimate receiver). The service-level
regression tests, with real receivers, are in `tests/adversarial/test_webhook_targets.py`."""

from __future__ import annotations

import ipaddress

import pytest

from boardstate.service.features.webhooks.webhook_targets import (
    TargetRefused,
    check_addresses,
    refusal,
)

NEVER = (
    "0.0.0.0",
    "0.1.2.3",
    "169.254.169.254",
    "100.100.100.200",
    "192.0.0.192",
    "168.63.129.16",
    "224.0.0.251",
    "255.255.255.255",
    "::",
    "fe80::1",
    "ff0e::1",
    "fd00:ec2::254",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
    "64:ff9b:1::808:808",  # local-use NAT64
    "64:ff9b::a9fe:a9fe",  # NAT64 of metadata
    "::ffff:0:a9fe:a9fe",  # IPv4-translated
    "::ffff:a9fe:a9fe",  # IPv4-mapped
    "::a9fe:a9fe",  # IPv4-compatible
    "2002:a9fe:a9fe::1",  # 6to4
    "64:ff9b::0:1",  # NAT64 of 0.0.0.1
)
PRIVATE = (
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "100.64.0.1",
    "192.0.2.1",
    "198.18.0.1",
    "240.0.0.1",
    "192.0.0.8",
    "192.88.99.1",
    "::1",
    "fc00::1",
    "fec0::1",
    "2001:db8::1",
    "3fff::1",
    "5f00::1",
    "2001:2::1",
    "64:ff9b::7f00:1",
    "::ffff:0:a00:1",
    "::ffff:c0a8:101",
    "::7f00:1",
    "2002:c0a8:101::1",
)
PUBLIC = (
    "8.8.8.8",
    "93.184.215.14",
    "2606:4700:4700::1111",
    "64:ff9b::808:808",  # NAT64 of a public address
    "::ffff:808:808",
    "::ffff:0:808:808",
    "2002:808:808::1",  # 6to4 of a public address
)


@pytest.mark.parametrize("address", NEVER)
def test_never_allowed(address: str) -> None:
    ip = ipaddress.ip_address(address)
    assert refusal(ip, allow_private=False) is not None
    assert refusal(ip, allow_private=True) is not None


@pytest.mark.parametrize("address", PRIVATE)
def test_private_unless_allowed(address: str) -> None:
    ip = ipaddress.ip_address(address)
    assert refusal(ip, allow_private=False) is not None
    assert refusal(ip, allow_private=True) is None


@pytest.mark.parametrize("address", PUBLIC)
def test_public_in_any_form(address: str) -> None:
    assert refusal(ipaddress.ip_address(address), allow_private=False) is None


def test_one_refused_answer_refuses_the_name() -> None:
    assert check_addresses("a.test", ["8.8.8.8", "8.8.4.4", "8.8.8.8"], False) == (
        "8.8.8.8",
        "8.8.4.4",
    )
    with pytest.raises(TargetRefused, match=r"resolves to 127\.0\.0\.1"):
        check_addresses("a.test", ["8.8.8.8", "127.0.0.1"], False)
    with pytest.raises(TargetRefused, match="no address"):
        check_addresses("a.test", [], True)
