"""Parsing environment values for `service.settings`: each helper reads one variable, fills
its default and raises `SettingsError` naming the variable when the value cannot be used."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from limits import parse_many

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MIN_ADMIN_TOKEN_LENGTH = 16


class SettingsError(ValueError):
    """An environment variable has a value that cannot be used."""


def flag(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise SettingsError(f"{name}={raw!r}: expected 1/0, true/false, yes/no or on/off")


def integer(
    env: Mapping[str, str], name: str, default: int, lo: int = 1, hi: int | None = None
) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(f"{name}={raw!r}: expected an integer") from None
    if value < lo:
        raise SettingsError(f"{name}={value}: must be at least {lo}")
    if hi is not None and value > hi:
        raise SettingsError(f"{name}={value}: must be at most {hi}")
    return value


def choice(env: Mapping[str, str], name: str, default: str, allowed: tuple[str, ...]) -> str:
    raw = env.get(name, "").strip() or default
    value = raw.upper() if allowed == LOG_LEVELS else raw.lower()
    if value not in allowed:
        raise SettingsError(f"{name}={raw!r}: expected one of {', '.join(allowed)}")
    return value


def key_prefix(env: Mapping[str, str]) -> str:
    raw = env.get("BOARDSTATE_KEY_PREFIX", "").strip() or "bs"
    if "{" in raw or "}" in raw or len(raw) > 64:
        raise SettingsError(f"BOARDSTATE_KEY_PREFIX={raw!r}: at most 64 characters, no braces")
    return raw


def admin_token_value(env: Mapping[str, str]) -> str | None:
    raw = env.get("BOARDSTATE_ADMIN_TOKEN", "").strip()
    if raw and len(raw) < MIN_ADMIN_TOKEN_LENGTH:
        raise SettingsError(f"BOARDSTATE_ADMIN_TOKEN: at least {MIN_ADMIN_TOKEN_LENGTH} characters")
    return raw or None


def limit_list(env: Mapping[str, str], name: str, default: str) -> str:
    raw = env.get(name, "").strip() or default
    try:
        parse_many(raw)
    except ValueError:
        raise SettingsError(f"{name}={raw!r}: expected limits like '30/minute;300/hour'") from None
    return raw


def networks(env: Mapping[str, str], name: str) -> tuple[str, ...]:
    items = tuple(i.strip() for i in env.get(name, "").split(",") if i.strip())
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise SettingsError(f"{name}: {item!r} is not an IP address or network") from None
    return items


def file_path(env: Mapping[str, str], name: str) -> str | None:
    """An existing file's path, or None when unset."""
    raw = env.get(name, "").strip()
    if raw and not Path(raw).is_file():
        raise SettingsError(f"{name}={raw!r}: no such file")
    return raw or None


def time_source_value(env: Mapping[str, str]) -> str:
    raw = env.get("BOARDSTATE_TIME_SOURCE", "").strip() or "system"
    if raw != "system" and not (raw.startswith("file:") and len(raw) > 5):
        raise SettingsError(f"BOARDSTATE_TIME_SOURCE={raw!r}: expected `system` or `file:<path>`")
    return raw


def redacted_url(url: str) -> str:
    """`url` with any password replaced by `***`, for logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    netloc = f"{user}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))
