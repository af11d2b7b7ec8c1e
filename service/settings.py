"""Settings, read once from the environment into a frozen dataclass (twelve-factor).

| variable | default | meaning |
|---|---|---|
| `REDIS_URL` | unset | Redis (or cluster node) URL; unset: `boardstate serve` starts one |
| `BOARDSTATE_REDIS_CLUSTER` | `0` | `1`: `REDIS_URL` names a Redis Cluster |
| `BOARDSTATE_KEY_PREFIX` | `bs` | prefix of every Redis key (several deployments, one Redis) |
| `BOARDSTATE_DATA_DIR` | `./.data` | where the private Redis keeps its append-only file |
| `BOARDSTATE_ALLOW_CLIENT_SEEDS` | `1` | `0`: `createGame(seed:)` is rejected with `BAD_SEED` |
| `BOARDSTATE_CORS_ORIGINS` | empty | comma-separated origins allowed by CORS (`*` for any) |
| `BOARDSTATE_LOG_LEVEL` | `INFO` | `DEBUG`, `INFO`, `WARNING`, `ERROR` |
| `BOARDSTATE_LOG_FORMAT` | `auto` | `json`, `console`, or `auto` (console on a TTY, else JSON) |
| `BOARDSTATE_PAGE_CAP` | `100` | largest `first` of a connection (larger values are clamped) |
| `BOARDSTATE_MAX_QUERY_DEPTH` | `12` | GraphQL query depth limit |
| `BOARDSTATE_MAX_ALIASES` | `30` | GraphQL alias limit per document |
| `BOARDSTATE_MAX_TOKENS` | `2000` | GraphQL token limit per document |
| `BOARDSTATE_MAX_FRAGMENTS` | `100` | GraphQL fragment definitions per document |
| `BOARDSTATE_MAX_FIELDS` | `500` | GraphQL fields of one operation or fragment, spreads expanded |
| `BOARDSTATE_MAX_REPEATED_FIELDS` | `30` | times one response name occurs in one selection set |
| `BOARDSTATE_MAX_COST` | `50000` | GraphQL cost: fields to resolve, connections count `first` |
| `BOARDSTATE_CACHE_SIZE` | `1024` | games kept folded in the process's record cache |
| `BOARDSTATE_SNAPSHOT_EVERY` | `64` | events between state snapshots of a game (0: none) |
| `BOARDSTATE_ADMIN_TOKEN` | unset | operator token (16+ chars) for `POST /games/import` |
| `BOARDSTATE_APPEND_WAIT_REPLICAS` | `0` | replicas that must confirm an append (`WAIT`); 0: off |
| `BOARDSTATE_APPEND_WAIT_TIMEOUT_MS` | `1000` | then `APPEND_UNCERTAIN` (retryable) |
| `BOARDSTATE_SHUTDOWN_GRACE_SECONDS` | `20` | after SIGTERM: time to finish requests and exit |
| `BOARDSTATE_REDIS_POOL_SIZE` | `100` | Redis connections for requests, per process |
| `BOARDSTATE_REDIS_POOL_WAIT_MS` | `2000` | wait for a free one, then `STORE_UNAVAILABLE` |
| `BOARDSTATE_REQUEST_CONCURRENCY` | `8` | store reads one GraphQL request runs at once |
| `BOARDSTATE_MAX_STREAMS` | `1000` | live subscriptions per process, then `TOO_MANY_STREAMS` |
| `BOARDSTATE_MAX_STREAMS_PER_TOKEN` | `8` | live subscriptions per seat token, per process |
| `BOARDSTATE_MAX_STREAMS_PER_ADDRESS` | `32` | spectator subscriptions per client address |
| `BOARDSTATE_SSE_KEEPALIVE_SECONDS` | `15` | keep-alive comment interval of an idle SSE stream |
| `BOARDSTATE_RATE_LIMITS` | `1` | `0`: no rate limits and no open-games quota (load benchmarks) |
| `BOARDSTATE_RATE_LIMIT_ADDRESS` | `100/second;3000/minute` | requests per client address |
| `BOARDSTATE_RATE_LIMIT_TOKEN` | `30/second;1200/minute` | requests per bearer token |
| `BOARDSTATE_RATE_LIMIT_CREATE` | `30/minute;300/hour` | createGame/forkGame per creator |
| `BOARDSTATE_MAX_OPEN_GAMES` | `100` | unfinished games per creator (0: no quota) |
| `BOARDSTATE_OPEN_GAME_TTL_SECONDS` | `86400` | unstarted games are deleted after it (0: never) |
| `BOARDSTATE_TRUSTED_PROXIES` | empty | proxy IPs/networks whose X-Forwarded-For counts |
| `BOARDSTATE_MAX_BODY_BYTES` | `1048576` | largest request body (1 MiB); larger: HTTP 413 |
| `BOARDSTATE_MAX_WS_MESSAGE_BYTES` | `65536` | largest websocket message; larger: close 1009 |
| `BOARDSTATE_MAX_IMPORT_BYTES` | `33554432` | largest `POST /games/import` body (32 MiB) |
| `BOARDSTATE_MAX_IMPORT_LINE_BYTES` | `262144` | largest line (event) of an imported log |


Limits and what clients see: `docs/security.md`.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import os
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from limits import parse_many

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_FORMATS = ("auto", "json", "console")
MIN_ADMIN_TOKEN_LENGTH = 16
ADDRESS_LIMITS = "100/second;3000/minute"
SEAT_LIMITS = "30/second;1200/minute"
CREATE_LIMITS = "30/minute;300/hour"


class SettingsError(ValueError):
    """An environment variable has a value that cannot be used."""


def _flag(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise SettingsError(f"{name}={raw!r}: expected 1/0, true/false, yes/no or on/off")


def _int(
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


def _choice(env: Mapping[str, str], name: str, default: str, allowed: tuple[str, ...]) -> str:
    raw = env.get(name, "").strip() or default
    value = raw.upper() if allowed == LOG_LEVELS else raw.lower()
    if value not in allowed:
        raise SettingsError(f"{name}={raw!r}: expected one of {', '.join(allowed)}")
    return value


def _prefix(env: Mapping[str, str]) -> str:
    raw = env.get("BOARDSTATE_KEY_PREFIX", "").strip() or "bs"
    if "{" in raw or "}" in raw or len(raw) > 64:
        raise SettingsError(f"BOARDSTATE_KEY_PREFIX={raw!r}: at most 64 characters, no braces")
    return raw


def _admin_token(env: Mapping[str, str]) -> str | None:
    raw = env.get("BOARDSTATE_ADMIN_TOKEN", "").strip()
    if raw and len(raw) < MIN_ADMIN_TOKEN_LENGTH:
        raise SettingsError(f"BOARDSTATE_ADMIN_TOKEN: at least {MIN_ADMIN_TOKEN_LENGTH} characters")
    return raw or None


def _limits(env: Mapping[str, str], name: str, default: str) -> str:
    raw = env.get(name, "").strip() or default
    try:
        parse_many(raw)
    except ValueError:
        raise SettingsError(f"{name}={raw!r}: expected limits like '30/minute;300/hour'") from None
    return raw


def _networks(env: Mapping[str, str], name: str) -> tuple[str, ...]:
    items = tuple(i.strip() for i in env.get(name, "").split(",") if i.strip())
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise SettingsError(f"{name}: {item!r} is not an IP address or network") from None
    return items


@dataclasses.dataclass(frozen=True, slots=True)
class Settings:
    """Everything the service reads from its environment."""

    redis_url: str | None = dataclasses.field(default=None, repr=False)
    redis_cluster: bool = False
    key_prefix: str = "bs"
    data_dir: Path = Path(".data")
    allow_client_seeds: bool = True
    cors_origins: tuple[str, ...] = ()
    log_level: str = "INFO"
    log_format: str = "auto"
    page_cap: int = 100
    max_query_depth: int = 12
    max_aliases: int = 30
    max_tokens: int = 2000
    max_fragments: int = 100
    max_fields: int = 500
    max_repeats: int = 30
    max_cost: int = 50_000
    cache_size: int = 1024
    snapshot_every: int = 64
    admin_token: str | None = dataclasses.field(default=None, repr=False)
    append_wait_replicas: int = 0
    append_wait_timeout_ms: int = 1000
    shutdown_grace_seconds: int = 20
    rate_limits: bool = True
    rate_limit_address: str = ADDRESS_LIMITS
    rate_limit_token: str = SEAT_LIMITS
    rate_limit_create: str = CREATE_LIMITS
    max_open_games: int = 100
    open_game_ttl_seconds: int = 86_400
    trusted_proxies: tuple[str, ...] = ()
    redis_pool_size: int = 100
    redis_pool_wait_ms: int = 2000
    request_concurrency: int = 8
    max_streams: int = 1000
    max_streams_per_token: int = 8
    max_streams_per_address: int = 32
    sse_keepalive_seconds: int = 15
    max_body_bytes: int = 1024 * 1024
    max_ws_message_bytes: int = 64 * 1024
    max_import_bytes: int = 32 * 1024 * 1024
    max_import_line_bytes: int = 256 * 1024

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Returns the settings of `env` (default `os.environ`); raises `SettingsError`."""
        env = os.environ if env is None else env
        origins = tuple(o.strip() for o in env.get("BOARDSTATE_CORS_ORIGINS", "").split(","))
        return cls(
            redis_url=env.get("REDIS_URL", "").strip() or None,
            redis_cluster=_flag(env, "BOARDSTATE_REDIS_CLUSTER", False),
            key_prefix=_prefix(env),
            data_dir=Path(env.get("BOARDSTATE_DATA_DIR", "").strip() or ".data"),
            allow_client_seeds=_flag(env, "BOARDSTATE_ALLOW_CLIENT_SEEDS", True),
            cors_origins=tuple(o for o in origins if o),
            log_level=_choice(env, "BOARDSTATE_LOG_LEVEL", "INFO", LOG_LEVELS),
            log_format=_choice(env, "BOARDSTATE_LOG_FORMAT", "auto", LOG_FORMATS),
            page_cap=_int(env, "BOARDSTATE_PAGE_CAP", 100),
            max_query_depth=_int(env, "BOARDSTATE_MAX_QUERY_DEPTH", 12),
            max_aliases=_int(env, "BOARDSTATE_MAX_ALIASES", 30),
            max_tokens=_int(env, "BOARDSTATE_MAX_TOKENS", 2000),
            max_fragments=_int(env, "BOARDSTATE_MAX_FRAGMENTS", 100, lo=0),
            max_fields=_int(env, "BOARDSTATE_MAX_FIELDS", 500),
            max_repeats=_int(env, "BOARDSTATE_MAX_REPEATED_FIELDS", 30),
            max_cost=_int(env, "BOARDSTATE_MAX_COST", 50_000),
            cache_size=_int(env, "BOARDSTATE_CACHE_SIZE", 1024, lo=0),
            snapshot_every=_int(env, "BOARDSTATE_SNAPSHOT_EVERY", 64, lo=0),
            admin_token=_admin_token(env),
            append_wait_replicas=_int(env, "BOARDSTATE_APPEND_WAIT_REPLICAS", 0, lo=0, hi=16),
            append_wait_timeout_ms=_int(
                env, "BOARDSTATE_APPEND_WAIT_TIMEOUT_MS", 1000, lo=1, hi=60_000
            ),
            shutdown_grace_seconds=_int(
                env, "BOARDSTATE_SHUTDOWN_GRACE_SECONDS", 20, lo=1, hi=3600
            ),
            rate_limits=_flag(env, "BOARDSTATE_RATE_LIMITS", True),
            rate_limit_address=_limits(env, "BOARDSTATE_RATE_LIMIT_ADDRESS", ADDRESS_LIMITS),
            rate_limit_token=_limits(env, "BOARDSTATE_RATE_LIMIT_TOKEN", SEAT_LIMITS),
            rate_limit_create=_limits(env, "BOARDSTATE_RATE_LIMIT_CREATE", CREATE_LIMITS),
            max_open_games=_int(env, "BOARDSTATE_MAX_OPEN_GAMES", 100, lo=0),
            open_game_ttl_seconds=_int(env, "BOARDSTATE_OPEN_GAME_TTL_SECONDS", 86_400, lo=0),
            trusted_proxies=_networks(env, "BOARDSTATE_TRUSTED_PROXIES"),
            redis_pool_size=_int(env, "BOARDSTATE_REDIS_POOL_SIZE", 100, hi=10_000),
            redis_pool_wait_ms=_int(env, "BOARDSTATE_REDIS_POOL_WAIT_MS", 2000, lo=0, hi=60_000),
            request_concurrency=_int(env, "BOARDSTATE_REQUEST_CONCURRENCY", 8, hi=1000),
            max_streams=_int(env, "BOARDSTATE_MAX_STREAMS", 1000, lo=0, hi=100_000),
            max_streams_per_token=_int(env, "BOARDSTATE_MAX_STREAMS_PER_TOKEN", 8, lo=0),
            max_streams_per_address=_int(env, "BOARDSTATE_MAX_STREAMS_PER_ADDRESS", 32, lo=0),
            sse_keepalive_seconds=_int(env, "BOARDSTATE_SSE_KEEPALIVE_SECONDS", 15, hi=3600),
            max_body_bytes=_int(env, "BOARDSTATE_MAX_BODY_BYTES", 1024 * 1024, lo=1024),
            max_ws_message_bytes=_int(env, "BOARDSTATE_MAX_WS_MESSAGE_BYTES", 64 * 1024, lo=1024),
            max_import_bytes=_int(env, "BOARDSTATE_MAX_IMPORT_BYTES", 32 * 1024 * 1024, lo=1024),
            max_import_line_bytes=_int(
                env, "BOARDSTATE_MAX_IMPORT_LINE_BYTES", 256 * 1024, lo=1024
            ),
        )

    @property
    def redis_url_redacted(self) -> str | None:
        """The Redis URL with any password replaced by `***`, for logs."""
        if self.redis_url is None:
            return None
        parts = urlsplit(self.redis_url)
        if parts.password is None:
            return self.redis_url
        user = parts.username or ""
        host = parts.hostname or ""
        netloc = f"{user}:***@{host}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit(parts._replace(netloc=netloc))
