"""Parsing environment values for `service.settings`: each helper reads one variable, fills
its default and raises `SettingsError` naming the variable when the value cannot be used."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from limits import parse_many

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MIN_ADMIN_TOKEN_LENGTH = 16
REDIS_SCHEMES = ("redis", "rediss", "unix")
S3_BUCKET = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,254}")
"""An S3 bucket name (AWS's rules, and the looser ones of older buckets and S3 clones)."""


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


def redis_url_value(env: Mapping[str, str]) -> str | None:
    """`REDIS_URL`: a `redis://`, `rediss://` or `unix://` URL naming a server, or None."""
    raw = env.get("REDIS_URL", "").strip()
    if not raw:
        return None
    try:
        parts = urlsplit(raw)
        usable = parts.scheme in REDIS_SCHEMES and bool(
            parts.path if parts.scheme == "unix" else parts.hostname
        )
        parts.port  # noqa: B018 (raises ValueError for a port that is not one)
    except ValueError:
        usable = False
    if not usable:
        shown = redacted_url(raw) if "@" not in raw else "<hidden: it holds credentials>"
        raise SettingsError(
            f"REDIS_URL={shown[:200]!r}: expected redis://HOST[:PORT][/DB], rediss://... or "
            "unix:///PATH"
        )
    return raw


def data_dir_value(env: Mapping[str, str]) -> Path:
    """`BOARDSTATE_DATA_DIR` (default `.data`), made absolute from the working directory once."""
    return Path(env.get("BOARDSTATE_DATA_DIR", "").strip() or ".data").expanduser().resolve()


def archive_store_value(env: Mapping[str, str]) -> str:
    """`BOARDSTATE_ARCHIVE_STORE`: a directory, or `s3://<bucket>[/<prefix>]`, checked with
    `BOARDSTATE_ARCHIVE_S3_ENDPOINT` (an http(s) URL, or unset: AWS); unset, `BOARDSTATE_DATA_DIR`'s
    `archive` folder when that is set, else empty: the default (`features.archive.place`)."""
    raw = env.get("BOARDSTATE_ARCHIVE_STORE", "").strip()
    if not raw and env.get("BOARDSTATE_DATA_DIR", "").strip():
        return str(data_dir_value(env) / "archive")
    if raw.startswith("s3://"):
        if not S3_BUCKET.fullmatch(raw.removeprefix("s3://").partition("/")[0]):
            raise SettingsError(
                f"BOARDSTATE_ARCHIVE_STORE={raw[:200]!r}: expected s3://<bucket>[/<prefix>]"
            )
    elif "://" in raw:
        raise SettingsError(
            f"BOARDSTATE_ARCHIVE_STORE={raw[:200]!r}: a directory or s3://<bucket>[/<prefix>]"
        )
    endpoint = env.get("BOARDSTATE_ARCHIVE_S3_ENDPOINT", "").strip()
    try:
        parts = urlsplit(endpoint)
        usable = parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
    except ValueError:
        usable = False
    if endpoint and not usable:
        raise SettingsError(f"BOARDSTATE_ARCHIVE_S3_ENDPOINT={endpoint[:200]!r}: an http(s) URL")
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
