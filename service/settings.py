"""Settings, read once from the environment into a frozen dataclass (twelve-factor); limits and
what clients see: `docs/security.md`. Every variable, its default and its meaning: the table of
docs/configuration.md (`tests/service/test_settings_documented.py` keeps the two equal).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path

from boardstate.service.env_values import (
    LOG_LEVELS,
    admin_token_value,
    archive_store_value,
    choice,
    data_dir_value,
    file_path,
    flag,
    integer,
    key_prefix,
    limit_list,
    networks,
    redacted_url,
    redis_url_value,
    time_source_value,
)
from boardstate.service.env_values import SettingsError as SettingsError
from boardstate.service.features.bots.analysis_settings import AnalysisSettings
from boardstate.service.features.matchmaking.matchmaking_settings import MatchmakingSettings
from boardstate.service.http.edge.protocol.header_settings import HeaderSettings
from boardstate.service.runtime.identity_settings import IdentitySettings
from boardstate.service.store.archive.archive_settings import ArchiveLimits

LOG_FORMATS = ("auto", "json", "console")
ADDRESS_LIMITS = "100/second;3000/minute"
SEAT_LIMITS = "30/second;1200/minute"
CREATE_LIMITS = "30/minute;300/hour"
ADDRESS_POINTS = "10000/minute"
SEAT_POINTS = "5000/minute"


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
    max_response_bytes: int = 4 * 1024 * 1024
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
    rate_limit_points_address: str = ADDRESS_POINTS
    rate_limit_points_token: str = SEAT_POINTS
    max_open_games: int = 100
    open_game_ttl_seconds: int = 86_400
    trusted_proxies: tuple[str, ...] = ()
    header_timeout_seconds: int = 10
    body_timeout_seconds: int = 30
    max_connections: int = 4096
    max_connections_per_address: int = 256
    redis_pool_size: int = 100
    redis_pool_wait_ms: int = 2000
    request_concurrency: int = 8
    max_streams: int = 1000
    max_streams_per_token: int = 8
    max_streams_per_address: int = 32
    max_feed_streams: int = 100
    feed_max_catch_up: int = 1000
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
    rated_games_per_pair: int = 5
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
    archive_after_seconds: int = 0
    """Seconds after its end before a game may be archived; 0 (unset): never (issue 31)."""
    archive_store: str = ""
    archive_s3_endpoint: str | None = None
    archive_remove: bool = True
    """Remove an archived game's Redis keys when it is sealed (reads fall through: issue 31)."""
    archive_retention_days: int = 0
    """Days after its end an archived game is deleted (`features.archive.retention`); 0: never."""
    archive_limits: ArchiveLimits = dataclasses.field(default_factory=ArchiveLimits)
    """Archived objects' reads: sizes, deadline, cache (`store.archive.archive_settings`)."""
    dumps_public: bool = False
    """`BOARDSTATE_DUMPS_PUBLIC`: dumps without the admin token (issue 31)."""
    identity: IdentitySettings = dataclasses.field(default_factory=IdentitySettings)
    """Player tokens (`service.runtime.identity_settings`, architecture §5e)."""
    matchmaking: MatchmakingSettings = dataclasses.field(default_factory=MatchmakingSettings)
    """Seeks, challenges and rematches (`service.features.matchmaking.matchmaking_settings`)."""
    analysis: AnalysisSettings = dataclasses.field(default_factory=AnalysisSettings)
    headers: HeaderSettings = dataclasses.field(default_factory=HeaderSettings)
    """Request heads' sizes, pending head bytes (`http.edge.protocol.header_settings`)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Returns the settings of `env` (default `os.environ`); raises `SettingsError`."""
        env = os.environ if env is None else env
        origins = tuple(o.strip() for o in env.get("BOARDSTATE_CORS_ORIGINS", "").split(","))
        return cls(
            redis_url=redis_url_value(env),
            redis_cluster=flag(env, "BOARDSTATE_REDIS_CLUSTER", False),
            key_prefix=key_prefix(env),
            data_dir=data_dir_value(env),
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
            max_response_bytes=integer(env, "BOARDSTATE_MAX_RESPONSE_BYTES", 4 * 1024 * 1024, lo=0),
            cache_size=integer(env, "BOARDSTATE_CACHE_SIZE", 1024, lo=0),
            snapshot_every=integer(env, "BOARDSTATE_SNAPSHOT_EVERY", 64, lo=0),
            admin_token=admin_token_value(env),
            append_wait_replicas=integer(env, "BOARDSTATE_APPEND_WAIT_REPLICAS", 0, lo=0, hi=16),
            append_wait_timeout_ms=integer(
                env, "BOARDSTATE_APPEND_WAIT_TIMEOUT_MS", 1000, lo=1, hi=60_000
            ),
            shutdown_grace_seconds=integer(env, "BOARDSTATE_SHUTDOWN_GRACE_SECONDS", 20, hi=3600),
            rate_limits=flag(env, "BOARDSTATE_RATE_LIMITS", True),
            rate_limit_address=limit_list(env, "BOARDSTATE_RATE_LIMIT_ADDRESS", ADDRESS_LIMITS),
            rate_limit_token=limit_list(env, "BOARDSTATE_RATE_LIMIT_TOKEN", SEAT_LIMITS),
            rate_limit_create=limit_list(env, "BOARDSTATE_RATE_LIMIT_CREATE", CREATE_LIMITS),
            rate_limit_points_address=limit_list(
                env, "BOARDSTATE_RATE_LIMIT_POINTS_ADDRESS", ADDRESS_POINTS
            ),
            rate_limit_points_token=limit_list(
                env, "BOARDSTATE_RATE_LIMIT_POINTS_TOKEN", SEAT_POINTS
            ),
            max_open_games=integer(env, "BOARDSTATE_MAX_OPEN_GAMES", 100, lo=0),
            open_game_ttl_seconds=integer(env, "BOARDSTATE_OPEN_GAME_TTL_SECONDS", 86_400, lo=0),
            trusted_proxies=networks(env, "BOARDSTATE_TRUSTED_PROXIES"),
            header_timeout_seconds=integer(env, "BOARDSTATE_HEADER_TIMEOUT_SECONDS", 10, hi=300),
            body_timeout_seconds=integer(env, "BOARDSTATE_BODY_TIMEOUT_SECONDS", 30, hi=3600),
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
            max_feed_streams=integer(env, "BOARDSTATE_MAX_FEED_STREAMS", 100, lo=0),
            feed_max_catch_up=integer(env, "BOARDSTATE_FEED_MAX_CATCH_UP", 1000, lo=10, hi=100_000),
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
            rated_games_per_pair=integer(env, "BOARDSTATE_RATED_GAMES_PER_PAIR", 5, lo=0, hi=1000),
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
            archive_after_seconds=integer(env, "BOARDSTATE_ARCHIVE_AFTER", 0, lo=0),
            archive_store=archive_store_value(env),
            archive_s3_endpoint=env.get("BOARDSTATE_ARCHIVE_S3_ENDPOINT", "").strip() or None,
            archive_remove=flag(env, "BOARDSTATE_ARCHIVE_REMOVE", True),
            archive_retention_days=integer(
                env, "BOARDSTATE_ARCHIVE_RETENTION_DAYS", 0, lo=0, hi=100 * 366
            ),
            dumps_public=flag(env, "BOARDSTATE_DUMPS_PUBLIC", False),
            archive_limits=ArchiveLimits.from_env(env),
            identity=IdentitySettings.from_env(env),
            matchmaking=MatchmakingSettings.from_env(env),
            analysis=AnalysisSettings.from_env(env),
            headers=HeaderSettings.from_env(env),
        )

    @property
    def redis_url_redacted(self) -> str | None:
        """The Redis URL with any password replaced by `***`, for logs."""
        return None if self.redis_url is None else redacted_url(self.redis_url)
