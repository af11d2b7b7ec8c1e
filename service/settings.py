"""Settings, read once from the environment into a frozen dataclass (twelve-factor); limits
and what clients see: `docs/security.md`.

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
| `BOARDSTATE_HEADER_TIMEOUT_SECONDS` | `10` | request headers not complete by then: closed |
| `BOARDSTATE_MAX_CONNECTIONS` | `4096` | open connections per process (fits the fd limit) |
| `BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS` | `256` | per client address (0: no cap) |
| `BOARDSTATE_MAX_BODY_BYTES` | `1048576` | largest request body (1 MiB); larger: HTTP 413 |
| `BOARDSTATE_MAX_WS_MESSAGE_BYTES` | `65536` | largest websocket message; larger: close 1009 |
| `BOARDSTATE_MAX_IMPORT_BYTES` | `33554432` | largest `POST /games/import` body (32 MiB) |
| `BOARDSTATE_MAX_IMPORT_LINE_BYTES` | `262144` | largest line (event) of an imported log |
| `BOARDSTATE_STEWARD_POLL_MS` | `250` | how often a process looks for due clocks and stand-ins |
| `BOARDSTATE_BOT_WORKER` | `1` | `0`: this process plays no bot seats (`boardstate bots` does) |
| `BOARDSTATE_BOT_THINKERS` | `2` | bot moves a process thinks about at once |
| `BOARDSTATE_BOT_THINKERS_PER_CREATOR` | `1` | of them, for the games of one creator |
| `BOARDSTATE_MAX_BOT_GAMES` | `10` | unfinished games with a bot seat per creator (0: no quota) |
| `BOARDSTATE_MAX_BOT_BUDGET_MS` | `10000` | largest `budgetMs` of a bot (1..10000) |
| `BOARDSTATE_HINT_CONCURRENCY` | `2` | hints a process thinks about at once, then `HINTS_BUSY` |
| `BOARDSTATE_HINT_BUDGET_MS` | `1000` | thinking time of one hint |
| `BOARDSTATE_MAX_GAME_EVENTS` | `20000` | events after which a game ends `ABANDONED` (`limit`) |
| `BOARDSTATE_IDLE_TIMEOUTS` | `3` | timeouts in a row after which a table ends `idle` (0: never) |
| `BOARDSTATE_OPEN_SEAT_CHANGES` | `4` | joins and leaves of an OPEN game per seat (0: no bound) |
| `BOARDSTATE_TIME_SOURCE` | `system` | tests only: `file:<path>` reads the time from a file |
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path

from boardstate.service.env_values import (
    LOG_LEVELS,
    admin_token_value,
    choice,
    file_path,
    flag,
    integer,
    key_prefix,
    limit_list,
    networks,
    redacted_url,
    time_source_value,
)
from boardstate.service.env_values import SettingsError as SettingsError

LOG_FORMATS = ("auto", "json", "console")
ADDRESS_LIMITS = "100/second;3000/minute"
SEAT_LIMITS = "30/second;1200/minute"
CREATE_LIMITS = "30/minute;300/hour"


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
    header_timeout_seconds: int = 10
    max_connections: int = 4096
    max_connections_per_address: int = 256
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
    steward_poll_ms: int = 250
    bot_worker: bool = True
    bot_thinkers: int = 2
    bot_thinkers_per_creator: int = 1
    max_bot_games: int = 10
    max_bot_budget_ms: int = 10_000
    hint_concurrency: int = 2
    hint_budget_ms: int = 1000
    max_game_events: int = 20_000
    idle_timeouts: int = 3
    open_seat_changes: int = 4
    time_source: str = "system"
    webhooks_allow_private: bool = False
    webhook_poll_ms: int = 200
    webhook_timeout_ms: int = 10_000
    webhook_max_attempts: int = 16
    webhook_backoff_ms: int = 5_000
    webhook_max_backoff_ms: int = 3_600_000
    webhook_concurrency: int = 16
    webhook_max_answer_bytes: int = 64 * 1024
    webhook_ca_file: str | None = None
    webhook_test_hosts: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Returns the settings of `env` (default `os.environ`); raises `SettingsError`."""
        env = os.environ if env is None else env
        origins = tuple(o.strip() for o in env.get("BOARDSTATE_CORS_ORIGINS", "").split(","))
        return cls(
            redis_url=env.get("REDIS_URL", "").strip() or None,
            redis_cluster=flag(env, "BOARDSTATE_REDIS_CLUSTER", False),
            key_prefix=key_prefix(env),
            data_dir=Path(env.get("BOARDSTATE_DATA_DIR", "").strip() or ".data"),
            allow_client_seeds=flag(env, "BOARDSTATE_ALLOW_CLIENT_SEEDS", True),
            cors_origins=tuple(o for o in origins if o),
            log_level=choice(env, "BOARDSTATE_LOG_LEVEL", "INFO", LOG_LEVELS),
            log_format=choice(env, "BOARDSTATE_LOG_FORMAT", "auto", LOG_FORMATS),
            page_cap=integer(env, "BOARDSTATE_PAGE_CAP", 100),
            max_query_depth=integer(env, "BOARDSTATE_MAX_QUERY_DEPTH", 12),
            max_aliases=integer(env, "BOARDSTATE_MAX_ALIASES", 30),
            max_tokens=integer(env, "BOARDSTATE_MAX_TOKENS", 2000),
            max_fragments=integer(env, "BOARDSTATE_MAX_FRAGMENTS", 100, lo=0),
            max_fields=integer(env, "BOARDSTATE_MAX_FIELDS", 500),
            max_repeats=integer(env, "BOARDSTATE_MAX_REPEATED_FIELDS", 30),
            max_cost=integer(env, "BOARDSTATE_MAX_COST", 50_000),
            cache_size=integer(env, "BOARDSTATE_CACHE_SIZE", 1024, lo=0),
            snapshot_every=integer(env, "BOARDSTATE_SNAPSHOT_EVERY", 64, lo=0),
            admin_token=admin_token_value(env),
            append_wait_replicas=integer(env, "BOARDSTATE_APPEND_WAIT_REPLICAS", 0, lo=0, hi=16),
            append_wait_timeout_ms=integer(
                env, "BOARDSTATE_APPEND_WAIT_TIMEOUT_MS", 1000, lo=1, hi=60_000
            ),
            shutdown_grace_seconds=integer(
                env, "BOARDSTATE_SHUTDOWN_GRACE_SECONDS", 20, lo=1, hi=3600
            ),
            rate_limits=flag(env, "BOARDSTATE_RATE_LIMITS", True),
            rate_limit_address=limit_list(env, "BOARDSTATE_RATE_LIMIT_ADDRESS", ADDRESS_LIMITS),
            rate_limit_token=limit_list(env, "BOARDSTATE_RATE_LIMIT_TOKEN", SEAT_LIMITS),
            rate_limit_create=limit_list(env, "BOARDSTATE_RATE_LIMIT_CREATE", CREATE_LIMITS),
            max_open_games=integer(env, "BOARDSTATE_MAX_OPEN_GAMES", 100, lo=0),
            open_game_ttl_seconds=integer(env, "BOARDSTATE_OPEN_GAME_TTL_SECONDS", 86_400, lo=0),
            trusted_proxies=networks(env, "BOARDSTATE_TRUSTED_PROXIES"),
            header_timeout_seconds=integer(env, "BOARDSTATE_HEADER_TIMEOUT_SECONDS", 10, hi=300),
            max_connections=integer(env, "BOARDSTATE_MAX_CONNECTIONS", 4096, hi=1_000_000),
            max_connections_per_address=integer(
                env, "BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS", 256, lo=0, hi=1_000_000
            ),
            redis_pool_size=integer(env, "BOARDSTATE_REDIS_POOL_SIZE", 100, hi=10_000),
            redis_pool_wait_ms=integer(env, "BOARDSTATE_REDIS_POOL_WAIT_MS", 2000, lo=0, hi=60_000),
            request_concurrency=integer(env, "BOARDSTATE_REQUEST_CONCURRENCY", 8, hi=1000),
            max_streams=integer(env, "BOARDSTATE_MAX_STREAMS", 1000, lo=0, hi=100_000),
            max_streams_per_token=integer(env, "BOARDSTATE_MAX_STREAMS_PER_TOKEN", 8, lo=0),
            max_streams_per_address=integer(env, "BOARDSTATE_MAX_STREAMS_PER_ADDRESS", 32, lo=0),
            sse_keepalive_seconds=integer(env, "BOARDSTATE_SSE_KEEPALIVE_SECONDS", 15, hi=3600),
            max_body_bytes=integer(env, "BOARDSTATE_MAX_BODY_BYTES", 1024 * 1024, lo=1024),
            max_ws_message_bytes=integer(env, "BOARDSTATE_MAX_WS_MESSAGE_BYTES", 65_536, lo=1024),
            max_import_bytes=integer(env, "BOARDSTATE_MAX_IMPORT_BYTES", 32 * 1024 * 1024, lo=1024),
            max_import_line_bytes=integer(
                env, "BOARDSTATE_MAX_IMPORT_LINE_BYTES", 256 * 1024, lo=1024
            ),
            steward_poll_ms=integer(env, "BOARDSTATE_STEWARD_POLL_MS", 250, lo=10, hi=10_000),
            bot_worker=flag(env, "BOARDSTATE_BOT_WORKER", True),
            bot_thinkers=integer(env, "BOARDSTATE_BOT_THINKERS", 2, hi=64),
            bot_thinkers_per_creator=integer(env, "BOARDSTATE_BOT_THINKERS_PER_CREATOR", 1, hi=64),
            max_bot_games=integer(env, "BOARDSTATE_MAX_BOT_GAMES", 10, lo=0),
            max_bot_budget_ms=integer(env, "BOARDSTATE_MAX_BOT_BUDGET_MS", 10_000, hi=10_000),
            hint_concurrency=integer(env, "BOARDSTATE_HINT_CONCURRENCY", 2, hi=64),
            hint_budget_ms=integer(env, "BOARDSTATE_HINT_BUDGET_MS", 1000, hi=10_000),
            max_game_events=integer(env, "BOARDSTATE_MAX_GAME_EVENTS", 20_000, lo=10),
            idle_timeouts=integer(env, "BOARDSTATE_IDLE_TIMEOUTS", 3, lo=0, hi=1000),
            open_seat_changes=integer(env, "BOARDSTATE_OPEN_SEAT_CHANGES", 4, lo=0, hi=1000),
            time_source=time_source_value(env),
            webhooks_allow_private=flag(env, "BOARDSTATE_WEBHOOKS_ALLOW_PRIVATE", False),
            webhook_poll_ms=integer(env, "BOARDSTATE_WEBHOOK_POLL_MS", 200, lo=10, hi=10_000),
            webhook_timeout_ms=integer(env, "BOARDSTATE_WEBHOOK_TIMEOUT_MS", 10_000, hi=60_000),
            webhook_max_attempts=integer(env, "BOARDSTATE_WEBHOOK_MAX_ATTEMPTS", 16, hi=100),
            webhook_backoff_ms=integer(env, "BOARDSTATE_WEBHOOK_BACKOFF_MS", 5_000, hi=3_600_000),
            webhook_max_backoff_ms=integer(
                env, "BOARDSTATE_WEBHOOK_MAX_BACKOFF_MS", 3_600_000, hi=86_400_000
            ),
            webhook_concurrency=integer(env, "BOARDSTATE_WEBHOOK_CONCURRENCY", 16, hi=1000),
            webhook_max_answer_bytes=integer(
                env, "BOARDSTATE_WEBHOOK_MAX_ANSWER_BYTES", 64 * 1024, hi=16 * 1024 * 1024
            ),
            webhook_ca_file=file_path(env, "BOARDSTATE_WEBHOOK_CA_FILE"),
            webhook_test_hosts=env.get("BOARDSTATE_WEBHOOK_TEST_HOSTS", "").strip() or None,
        )

    @property
    def redis_url_redacted(self) -> str | None:
        """The Redis URL with any password replaced by `***`, for logs."""
        return None if self.redis_url is None else redacted_url(self.redis_url)
