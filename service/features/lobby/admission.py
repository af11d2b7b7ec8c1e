"""`Admission`: whether the current caller may create one more game (architecture §5 limits).

Two checks, for every identity of the caller (`service.runtime.callers`: its address, and its
token when it sent one; a token never relaxes the address's limits):

* the create rate (`BOARDSTATE_RATE_LIMIT_CREATE`, default 30/minute and 300/hour), refused
  with `RATE_LIMITED` and `details.retryAfter`;
* the open-games quota (`BOARDSTATE_MAX_OPEN_GAMES`, default 100 unfinished games), refused
  with `QUOTA_EXCEEDED`. A full set is first pruned of games that finished or were deleted
  (an OPEN game that expired), so finishing games frees the quota;
* for a game with a bot seat, the bot-games quota (`BOARDSTATE_MAX_BOT_GAMES`, default 10
  unfinished games with a bot seat; issue 27), refused with `QUOTA_EXCEEDED` and
  `details.scope: "botGames"`: bots think on the service's CPU, so one creator's bot games are
  few (the bot workers also share their thinkers fairly across creators:
  `service.features.bots.bot_queue`).

`creator_of` names the creator of a new game for the bot workers' fairness (stored in the
game's metadata): the caller's address identity, which no token relaxes.

Requests without a caller (the CLI, tests calling the service directly) are not counted.
"""

from __future__ import annotations

import asyncio
import hashlib
import time

from boardstate.service.failures import QuotaExceeded, RateLimited
from boardstate.service.runtime.callers import CALLER
from boardstate.service.settings import Settings
from boardstate.service.store import EventStore
from boardstate.service.store.limits.creator_games import RedisQuotas
from boardstate.service.store.limits.rate_limiter import RateLimiter, parse_limits

UNFINISHED = ("OPEN", "ACTIVE")
BOT_GAMES = "bots|"
"""Prefix of the identities the bot-games quota counts under (a set of their own)."""


def creator_of() -> str | None:
    """The creator of a game made by the current request, as a digest of its address identity
    (None: no caller, e.g. the CLI)."""
    caller = CALLER.get()
    if caller is None:
        return None
    identity = caller.identities()[0].encode("utf-8", "surrogatepass")
    return hashlib.sha256(identity).hexdigest()[:16]


class Admission:
    """The create-rate limit and the open-games quota of new games."""

    def __init__(
        self,
        store: EventStore,
        settings: Settings,
        limiter: RateLimiter | None = None,
        quotas: RedisQuotas | None = None,
    ) -> None:
        self.store = store
        self.limiter = limiter
        self.quotas = quotas
        self.max_open = settings.max_open_games
        self.max_bots = settings.max_bot_games
        self.create_limits = parse_limits(settings.rate_limit_create)

    async def admit(self, game_id: str, status: str, bots: bool = False) -> list[str]:
        """Counts a new game of the current caller (`bots`: it has a bot seat); returns the
        identities it was reserved under (give them to `release` if the game is not created).
        Raises `RateLimited` or `QuotaExceeded`."""
        caller = CALLER.get()
        if caller is None:
            return []
        if self.limiter is not None:
            for identity in caller.identities():
                wait = await self.limiter.hit(self.create_limits, identity)
                if wait is not None:
                    caller.wait(wait)
                    raise RateLimited(f"too many new games; retry in {wait} s", wait)
        if self.quotas is None or status not in UNFINISHED:
            return []
        quotas = [(i, self.max_open, "games") for i in caller.identities() if self.max_open > 0]
        if bots and self.max_bots > 0:
            quotas += [(BOT_GAMES + i, self.max_bots, "botGames") for i in caller.identities()]
        return await self._reserve(quotas, game_id)

    async def _reserve(self, quotas: list[tuple[str, int, str]], game_id: str) -> list[str]:
        assert self.quotas is not None
        reserved: list[str] = []
        now_ms = int(time.time() * 1000)
        try:
            for identity, limit, scope in quotas:
                held = await self.quotas.reserve(identity, game_id, now_ms, limit)
                if held is not None:
                    await self._prune(identity)
                    held = await self.quotas.reserve(identity, game_id, now_ms, limit)
                if held is not None:
                    bots = scope == "botGames"
                    what = "unfinished games with a bot seat" if bots else "unfinished games"
                    raise QuotaExceeded(
                        f"{held} {what} already (at most {limit}); finish some first",
                        {"limit": limit, "open": held} | ({"scope": scope} if bots else {}),
                    )
                reserved.append(identity)
        except BaseException:
            await self.release(reserved, game_id)
            raise
        return reserved

    async def _prune(self, identity: str) -> None:
        """Stops counting the identity's games that finished or no longer exist."""
        assert self.quotas is not None
        games = await self.quotas.games(identity)
        metas = await asyncio.gather(*(self.store.meta(g) for g in games))
        done = [g for g, meta in zip(games, metas, strict=True) if not _unfinished(meta)]
        await self.quotas.release(identity, done)

    async def release(self, identities: list[str], game_id: str) -> None:
        """Undoes `admit`'s reservations (the game was not created)."""
        if self.quotas is not None:
            for identity in identities:
                await self.quotas.release(identity, [game_id])


def _unfinished(meta: dict[str, str] | None) -> bool:
    return meta is not None and meta.get("status") in UNFINISHED
