"""The connection guard's settings, how the process cap fits the descriptor limit, and raising
the soft descriptor limit at start (in a real child process with lowered limits)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from boardstate.service.http.edge.protocol.connection_caps import (
    FD_RESERVE,
    MIN_CONNECTIONS,
    ConnectionLimits,
    address_of,
)
from boardstate.service.settings import Settings, SettingsError


def test_the_defaults_and_their_settings() -> None:
    settings = Settings.from_env({})
    assert settings.header_timeout_seconds == 10
    assert settings.max_connections == 4096
    assert settings.max_connections_per_address == 256
    assert settings.body_timeout_seconds == 30
    assert ConnectionLimits.from_settings(settings, 65536).body_timeout_s == 30.0
    custom = Settings.from_env(
        {
            "BOARDSTATE_HEADER_TIMEOUT_SECONDS": "1",
            "BOARDSTATE_BODY_TIMEOUT_SECONDS": "2",
            "BOARDSTATE_MAX_CONNECTIONS": "50",
            "BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS": "0",
        }
    )
    assert (custom.header_timeout_seconds, custom.max_connections) == (1, 50)
    assert custom.max_connections_per_address == 0
    assert custom.body_timeout_seconds == 2


def test_the_head_limits_and_their_settings() -> None:
    limits = ConnectionLimits.from_settings(Settings.from_env({}), 65536)
    assert (limits.max_header_line, limits.max_header_bytes) == (8192, 32768)
    assert limits.max_pending_per_address == 1024 * 1024
    custom = Settings.from_env(
        {
            "BOARDSTATE_MAX_HEADER_LINE_BYTES": "16384",
            "BOARDSTATE_MAX_HEADER_BYTES": "65536",
            "BOARDSTATE_MAX_PENDING_BYTES_PER_ADDRESS": "0",
        }
    ).headers
    assert (custom.max_line_bytes, custom.max_bytes, custom.max_pending_per_address) == (
        16384,
        65536,
        0,
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("BOARDSTATE_HEADER_TIMEOUT_SECONDS", "0"),
        ("BOARDSTATE_HEADER_TIMEOUT_SECONDS", "301"),
        ("BOARDSTATE_BODY_TIMEOUT_SECONDS", "0"),
        ("BOARDSTATE_BODY_TIMEOUT_SECONDS", "3601"),
        ("BOARDSTATE_MAX_CONNECTIONS", "0"),
        ("BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS", "-1"),
        ("BOARDSTATE_MAX_CONNECTIONS", "many"),
        ("BOARDSTATE_MAX_HEADER_LINE_BYTES", "1023"),
        ("BOARDSTATE_MAX_HEADER_BYTES", "100"),
        ("BOARDSTATE_MAX_PENDING_BYTES_PER_ADDRESS", "-1"),
    ],
)
def test_unusable_values_are_refused(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: value})


def test_the_process_cap_leaves_descriptors_for_redis_and_files() -> None:
    settings = Settings.from_env({"BOARDSTATE_REDIS_POOL_SIZE": "100"})
    assert ConnectionLimits.from_settings(settings, 1_048_576).max_connections == 4096
    assert ConnectionLimits.from_settings(settings, 1024).max_connections == (
        1024 - FD_RESERVE - 100
    )
    assert ConnectionLimits.from_settings(settings, 300).max_connections == MIN_CONNECTIONS
    small = Settings.from_env({"BOARDSTATE_MAX_CONNECTIONS": "5"})
    assert ConnectionLimits.from_settings(small, 1024).max_connections == 5


def test_trusted_proxies_and_mapped_addresses() -> None:
    settings = Settings.from_env({"BOARDSTATE_TRUSTED_PROXIES": "10.0.0.0/8,::1"})
    limits = ConnectionLimits.from_settings(settings, 65536)
    assert limits.is_trusted("10.1.2.3")
    assert limits.is_trusted("::1")
    assert not limits.is_trusted("127.0.0.1")
    assert not limits.is_trusted("not an address")
    assert address_of("::ffff:10.1.2.3") == "10.1.2.3"
    assert address_of("2001:db8::1") == "2001:db8::1"


@pytest.mark.skipif(shutil.which("prlimit") is None, reason="needs util-linux's prlimit")
def test_the_soft_descriptor_limit_is_raised_to_the_hard_limit() -> None:
    script = (
        "import resource\n"
        "from boardstate.service.http.edge.protocol.connection_caps import raise_fd_limit\n"
        "print(raise_fd_limit(), resource.getrlimit(resource.RLIMIT_NOFILE)[0])\n"
    )
    result = subprocess.run(
        ["prlimit", "--nofile=256:2048", "--", sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.split() == ["2048", "2048"]
