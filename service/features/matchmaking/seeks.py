"""`Seeks`: a player asks for a game and is paired with compatible seekers (architecture §5e).

As at Lichess, a seek names the game (type, player count, options, rated or casual) and may
bound the opponents' ratings (`ratingMin`/`ratingMax`, within `RATING_FLOOR`..`RATING_CEILING`,
compared as whole points with each seeker's rating at the time of the seek, both ways). A seek
that finds its partners in the pool makes the match in the same atomic step
(`RedisMatchmaking.add_seek`, which reads only compatible seeks, by an index of what makes
seeks compatible, and takes the oldest it read: `store.seek_index`) and its game is created
before the answer: the answer says `matched` with the game and the seat. Otherwise it waits,
`open`, until a later seek takes it, it is cancelled, or it expires (`BOARDSTATE_SEEK_TTL`, or
`ttlSeconds`). A player holds at most `BOARDSTATE_MAX_OPEN_SEEKS` open seeks, a client address
`BOARDSTATE_MAX_OPEN_SEEKS_PER_ADDRESS`. `bots: n` fills n seats with bots, so a seek with one
human seat starts its game at once.

An `Idempotency-Key` (`idempotencyKey`: 1 to 128 printable characters) names the seek: the same
key from the same player answers the same seek while it is remembered; with other parameters
it is `IDEMPOTENCY_KEY_REUSED`, as a `moveId` is (`seek_fingerprint`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from boardstate.service.contract.players.match_ports import SeekView
from boardstate.service.failures import IdempotencyKeyReused
from boardstate.service.features.lobby.admission import creator_of
from boardstate.service.features.matchmaking.match_failures import (
    BadMatchRequest,
    SeekNotFound,
    TooManySeeks,
)
from boardstate.service.features.matchmaking.match_spec import GameSpec, check_name
from boardstate.service.features.matchmaking.matchmaker import MatchMaker, now_ms
from boardstate.service.features.matchmaking.matchmaking_settings import MatchmakingSettings
from boardstate.service.features.matchmaking.seek_requests import (
    check_key,
    check_range,
    seek_fingerprint,
    view_of,
)
from boardstate.service.features.players.identity import PlayerIdentity
from boardstate.service.store.players.matchmaking_records import Caps

RatingLookup = Callable[[str, str], Awaitable[float]]
"""A player's rating in a game type (the ratings feature's; `initial_rating` until then)."""
INITIAL_RATING = 1500.0


async def initial_rating(player_id: str, game_type: str) -> float:
    """Every player's rating before the ratings feature is wired in."""
    return INITIAL_RATING


def seek_id_of(player_id: str, key: str | None) -> str:
    """A new seek id; with an idempotency key, the same id for the same player and key."""
    if key is None:
        return "s_" + secrets.token_urlsafe(15)
    digest = hashlib.sha256(f"{player_id}\n{key}".encode()).hexdigest()
    return "s_" + digest[:20]


def new_seek(
    seek_id: str, player_id: str, name: str, spec: GameSpec, rating: float, now: int, ttl: int
) -> dict[str, Any]:
    """A seek as the pool stores it (`min`/`max`, the rating range, and its `fingerprint` are
    added when given; the store adds its places in the index)."""
    return {
        "seekId": seek_id,
        "playerId": player_id,
        "name": name,
        "spec": spec.wire(),
        "rating": rating,
        "createdAt": now,
        "expiresAt": now + ttl * 1000,
    }


class Seeks:
    """Creates, reads and cancels seeks."""

    def __init__(
        self,
        maker: MatchMaker,
        identity: PlayerIdentity,
        settings: MatchmakingSettings,
        rating: RatingLookup = initial_rating,
        per_address: bool = True,
    ) -> None:
        self.maker = maker
        self.identity = identity
        self.store = maker.store
        self.settings = settings
        self.rating = rating
        self.per_address = per_address
        """Count open seeks per client address too (off with `BOARDSTATE_RATE_LIMITS=0`)."""

    async def create(
        self,
        player_id: str,
        spec: GameSpec,
        rating_min: float | None = None,
        rating_max: float | None = None,
        ttl_seconds: int | None = None,
        name: str | None = None,
        key: str | None = None,
    ) -> SeekView:
        """Adds a seek of `player_id` and pairs it if it can (see the module docstring); the
        same `key` again answers the same seek."""
        check_key(key)
        spec.checked()
        check_range(rating_min, rating_max)
        ttl = self.settings.seek_ttl if ttl_seconds is None else ttl_seconds
        if not 1 <= ttl <= self.settings.seek_ttl:
            raise BadMatchRequest(f"ttlSeconds must be 1..{self.settings.seek_ttl}")
        now, seek_id = now_ms(), seek_id_of(player_id, key)
        rating = float(await self.rating(player_id, spec.game_type))
        chosen = await self.identity.display_names([player_id])
        seat_name = check_name(name, chosen.get(player_id, player_id))
        seek = new_seek(seek_id, player_id, seat_name, spec, rating, now, ttl)
        for field, bound in (("min", rating_min), ("max", rating_max)):
            if bound is not None:
                seek[field] = float(bound)
        given = check_name(name, player_id)  # the request's, whatever the display name is now
        fingerprint = seek_fingerprint(spec, rating_min, rating_max, ttl, given)
        seek["fingerprint"] = fingerprint
        match_id = "m_" + secrets.token_urlsafe(12)
        limit = self.settings.max_open_seeks
        caps = Caps(seeks_per_address=self.settings.max_open_seeks_per_address)
        outcome, scope, detail = await self.store.add_seek(
            now, seek, spec.pool(), spec.humans, limit, match_id, self._address(), caps
        )
        if outcome == "exists" and detail and detail != fingerprint:
            raise IdempotencyKeyReused(
                "this Idempotency-Key named a seek with other parameters",
                {"idempotencyKey": key, "seekId": seek_id},
            )
        if outcome == "limit":
            raise self._too_many(scope)
        if outcome == "matched":
            await self.maker.finish_soon(match_id)
        return await self.get(player_id, seek_id)

    def _address(self) -> str | None:
        return creator_of() if self.per_address else None

    def _too_many(self, scope: str) -> TooManySeeks:
        if scope == "address":
            most = self.settings.max_open_seeks_per_address
            where = "one client address holds"
        else:
            most, where = self.settings.max_open_seeks, "a player holds"
        return TooManySeeks(f"{where} at most {most} open seeks", {"limit": most, "scope": scope})

    async def get(self, player_id: str, seek_id: str) -> SeekView:
        """A seek of `player_id` (`SEEK_NOT_FOUND` for another's)."""
        found = await self.store.seek_of(seek_id)
        if found is None or found[0]["playerId"] != player_id:
            raise SeekNotFound(f"no seek {seek_id[:64]} of this player")
        seek, status = found
        game_id, seat = None, None
        if status.startswith("matched|"):
            game_id = status.split("|", 1)[1]
            plan = await self.maker.plan(game_id)
            seat = None if plan is None else plan.seat_of(player_id)
            status = "matched"
        elif status == "open" and seek["expiresAt"] <= now_ms():
            status = "expired"  # swept at the next script
        return view_of(seek, status, game_id, seat)

    async def open_seeks(self, player_id: str) -> list[SeekView]:
        """The player's seeks still waiting, oldest first (one read of the store)."""
        return [view_of(seek, "open") for seek in await self.store.open_seeks(player_id)]

    async def cancel(self, player_id: str, seek_id: str) -> SeekView:
        """Cancels an open seek; a settled one is answered as it is (idempotent)."""
        status = await self.store.cancel_seek(now_ms(), seek_id, player_id)
        if status == "missing":
            raise SeekNotFound(f"no seek {seek_id[:64]} of this player")
        return await self.get(player_id, seek_id)

    # The doors' operations (`contract.match_ports.SeeksPort`): the caller's player token.

    async def create_seek(
        self,
        token: str | None,
        game_type: str,
        players: int,
        options: Any = None,
        rated: bool = False,
        bots: int = 0,
        bot_policy: str = "heuristic",
        rating_min: float | None = None,
        rating_max: float | None = None,
        ttl_seconds: int | None = None,
        name: str | None = None,
        key: str | None = None,
    ) -> SeekView:
        """`POST /v1/seeks`, `createSeek`."""
        player = await self.identity.player_id(token)
        spec = GameSpec(game_type, players, options, rated, bots, bot_policy)
        return await self.create(player, spec, rating_min, rating_max, ttl_seconds, name, key)

    async def seek(self, token: str | None, seek_id: str) -> SeekView:
        """`GET /v1/seeks/{id}`, `seek`."""
        return await self.get(await self.identity.player_id(token), seek_id)

    async def seeks(self, token: str | None) -> list[SeekView]:
        """`GET /v1/seeks`, `seeks`."""
        return await self.open_seeks(await self.identity.player_id(token))

    async def cancel_seek(self, token: str | None, seek_id: str) -> SeekView:
        """`DELETE /v1/seeks/{id}`, `cancelSeek`."""
        return await self.cancel(await self.identity.player_id(token), seek_id)
