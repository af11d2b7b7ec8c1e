"""The matchmaking settings (architecture §5e, `docs/players.md` "Matchmaking"), read from the
environment as `service.settings` reads the rest; every variable is in docs/configuration.md."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from boardstate.service.env_values import integer

DAY = 86_400


@dataclasses.dataclass(frozen=True, slots=True)
class MatchmakingSettings:
    """How long seeks, challenges and rematch offers live, and how many a player or an
    address may hold open."""

    seek_ttl: int = 600
    """`BOARDSTATE_SEEK_TTL`: seconds an unmatched seek stays in the pool (also the most a
    seek may ask for with `ttlSeconds`)."""
    max_open_seeks: int = 5
    """`BOARDSTATE_MAX_OPEN_SEEKS`: open seeks one player may hold at once."""
    max_open_seeks_per_address: int = 50
    """`BOARDSTATE_MAX_OPEN_SEEKS_PER_ADDRESS`: open seeks made from one client address."""
    max_open_challenges: int = 10
    """`BOARDSTATE_MAX_OPEN_CHALLENGES`: open challenges one player may have made."""
    max_challenges_received: int = 50
    """`BOARDSTATE_MAX_CHALLENGES_RECEIVED`: open challenges one player may be invited to."""
    max_open_challenges_per_address: int = 50
    """`BOARDSTATE_MAX_OPEN_CHALLENGES_PER_ADDRESS`: open challenges made from one address."""
    challenge_ttl: int = 600
    """`BOARDSTATE_CHALLENGE_TTL`: seconds a challenge waits for its answers."""
    rematch_ttl: int = 600
    """`BOARDSTATE_REMATCH_TTL`: seconds a rematch offer waits for the other players."""
    match_lease_ms: int = 10_000
    """`BOARDSTATE_MATCH_LEASE_MS`: how long the replica that made a match has to create its
    game before any other replica does it instead."""
    retain: int = 3600
    """Seconds a settled seek, challenge or match stays readable (fixed)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> MatchmakingSettings:
        return cls(
            seek_ttl=integer(env, "BOARDSTATE_SEEK_TTL", 600, lo=1, hi=7 * DAY),
            max_open_seeks=integer(env, "BOARDSTATE_MAX_OPEN_SEEKS", 5, lo=1, hi=100),
            max_open_seeks_per_address=integer(
                env, "BOARDSTATE_MAX_OPEN_SEEKS_PER_ADDRESS", 50, lo=1, hi=100_000
            ),
            max_open_challenges=integer(env, "BOARDSTATE_MAX_OPEN_CHALLENGES", 10, lo=1, hi=100),
            max_challenges_received=integer(
                env, "BOARDSTATE_MAX_CHALLENGES_RECEIVED", 50, lo=1, hi=1000
            ),
            max_open_challenges_per_address=integer(
                env, "BOARDSTATE_MAX_OPEN_CHALLENGES_PER_ADDRESS", 50, lo=1, hi=100_000
            ),
            challenge_ttl=integer(env, "BOARDSTATE_CHALLENGE_TTL", 600, lo=1, hi=7 * DAY),
            rematch_ttl=integer(env, "BOARDSTATE_REMATCH_TTL", 600, lo=1, hi=7 * DAY),
            match_lease_ms=integer(env, "BOARDSTATE_MATCH_LEASE_MS", 10_000, lo=100, hi=600_000),
        )
