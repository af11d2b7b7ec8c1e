"""`RedisMatchmaking`: seeks, challenges, rematch offers and the matches they make (DESIGN §5e).

Every key is in one slot (`bs:{mm}:...`, `player_keys.matchmaking_key`), so each step is one
Lua script (`service.store.matchmaking_scripts`) on one server or one Redis Cluster shard:

* a seek is added to its pool and, when the pool holds enough compatible seeks (same game,
  player count, options, rated flag and bots; each seeker's rating inside every other's range),
  exactly those seeks leave the pool and a match record is written, in the same script. Two
  replicas racing run their scripts one after the other: a seek is matched at most once.
* a match record is also a pending job (`pending`, scored by its lease's end): the replica that
  made it creates the game and marks it done; if it dies first, any replica claims it when the
  lease ends (`claim`) and creates the game (the game id is the match id: creating it twice
  creates it once).
* settled seeks, challenges and matches are kept `retain_ms` for their owners to read, then
  forgotten; open ones expire at their own time (lazily, by every script's sweep).
"""

from __future__ import annotations

import json
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store import codec, offer_scripts
from boardstate.service.store import matchmaking_scripts as lua
from boardstate.service.store.player_keys import MATCHMAKING_FIELDS, matchmaking_key
from boardstate.service.store.redis_errors import translated

SCAN_LIMIT = 256
"""Pool entries one seek looks at for partners (the oldest first)."""


class RedisMatchmaking:
    """The matchmaking scripts and reads; `retain_ms`: how long settled records stay;
    `lease_ms`: how long a match's maker has before another replica may finish it."""

    def __init__(
        self, client: Redis | RedisCluster, prefix: str, retain_ms: int, lease_ms: int
    ) -> None:
        self.client = client
        self.keys = [matchmaking_key(name, prefix) for name in MATCHMAKING_FIELDS]
        self.key = dict(zip(MATCHMAKING_FIELDS, self.keys, strict=True))
        self.retain_ms = retain_ms
        self.lease_ms = lease_ms
        self._scripts = {
            name: client.register_script(source)
            for name, source in (
                ("seek", lua.SEEK),
                ("cancel", lua.CANCEL_SEEK),
                ("challenge", offer_scripts.CHALLENGE),
                ("answer", offer_scripts.ANSWER),
                ("rematch", offer_scripts.REMATCH),
                ("claim", lua.CLAIM),
                ("done", lua.DONE),
            )
        }

    async def _run(self, name: str, now: int, *args: Any) -> Any:
        argv = [now, self.retain_ms, self.lease_ms, *args]
        async with translated(f"matchmaking {name}"):
            return await self._scripts[name](keys=self.keys, args=argv)

    async def seek(self, now: int, seek: dict[str, Any], pool: str, needed: int, limit: int,
                   match_id: str) -> tuple[str, str]:  # fmt: skip
        """Adds `seek` (its `member` and `owner` made by the caller) and matches it if it can;
        returns (`open` | `matched` | `exists` | `limit`, the match id or the existing status)."""
        player = seek["playerId"]
        reply = await self._run(
            "seek",
            now,
            seek["seekId"],
            json.dumps(seek, separators=(",", ":")),
            seek["member"],
            seek["owner"],
            f"[{player}\n",
            f"({player}\x0b",
            f"[{pool}|",
            f"({pool}}}",
            needed,
            limit,
            seek["expiresAt"],
            match_id,
            SCAN_LIMIT,
        )
        return codec.as_text(reply[0]), codec.as_text(reply[1])

    async def cancel_seek(self, now: int, seek_id: str, player_id: str) -> str:
        """Cancels an open seek of `player_id`; returns its status (`missing` if not theirs)."""
        return codec.as_text(await self._run("cancel", now, seek_id, player_id))

    async def seek_of(self, seek_id: str) -> tuple[dict[str, Any], str] | None:
        """Returns a seek and its status (`open`, `matched|<match>`, `cancelled`, `expired`)."""
        async with translated("seek"):
            raw = await self.client.hget(self.key["seeks"], seek_id)
            status = await self.client.hget(self.key["state"], seek_id)
        if raw is None or status is None:
            return None
        return json.loads(codec.as_text(raw)), codec.as_text(status)

    async def open_seeks_of(self, player_id: str) -> list[str]:
        """Returns the ids of `player_id`'s seeks in the pool (expired ones not yet swept too)."""
        async with translated("seeks"):
            raw = await self.client.zrangebylex(
                self.key["owners"], f"[{player_id}\n", f"({player_id}\x0b"
            )
        return [codec.as_text(m).rsplit("\n", 1)[1] for m in raw]

    async def challenge(self, now: int, challenge: dict[str, Any]) -> str:
        """Stores a new challenge (`open`, or `exists` when its id is known)."""
        body = json.dumps(challenge, separators=(",", ":"))
        return codec.as_text(
            await self._run(
                "challenge", now, challenge["challengeId"], body, challenge["expiresAt"]
            )
        )

    async def challenges_of(self, player_id: str) -> list[str]:
        """The ids of the challenges `player_id` made or was invited to, not yet forgotten."""
        async with translated("challenges"):
            raw = await self.client.zrangebylex(
                self.key["invites"], f"[{player_id}\n", f"({player_id}\x0b"
            )
        return [codec.as_text(m).rsplit("\n", 1)[1] for m in raw]

    async def answer(
        self, now: int, challenge_id: str, player_id: str, answer: str, match_id: str
    ) -> tuple[str, str]:
        """Accepts, declines or cancels: (`open` | `matched` (the match id) | `declined` |
        `cancelled` | `forbidden` | `closed` (the status it had already))."""
        reply = await self._run("answer", now, challenge_id, player_id, answer, match_id)
        return codec.as_text(reply[0]), codec.as_text(reply[1])

    async def challenge_of(self, challenge_id: str) -> tuple[dict[str, Any], str, list[str]] | None:
        """Returns a challenge, its status and who has accepted it so far."""
        async with translated("challenge"):
            raw = await self.client.hget(self.key["challenges"], challenge_id)
            status = await self.client.hget(self.key["state"], challenge_id)
            accepted = await self.client.hget(self.key["state"], f"{challenge_id}|accepted")
        if raw is None or status is None:
            return None
        taken = json.loads(codec.as_text(accepted)) if accepted is not None else []
        return json.loads(codec.as_text(raw)), codec.as_text(status), list(taken or [])

    async def rematch(
        self, now: int, game_id: str, seats: list[int], needed: int, spec: dict[str, Any],
        match_id: str, expires_at: int,
    ) -> tuple[str, list[int]]:  # fmt: skip
        """Records that `seats` ask for a rematch of `game_id`; makes the match when `needed`
        seats have asked. Returns (`open` | `matched`, the seats that asked)."""
        reply = await self._run(
            "rematch",
            now,
            game_id,
            json.dumps([str(s) for s in seats]),
            needed,
            json.dumps(spec, separators=(",", ":")),
            match_id,
            expires_at,
        )
        asked = json.loads(codec.as_text(reply[1]))
        return codec.as_text(reply[0]), sorted(int(s) for s in (asked or []))

    async def claim(self, now: int, limit: int = 16) -> list[str]:
        """Takes up to `limit` matches whose maker's lease ran out, leasing them again."""
        return [codec.as_text(m) for m in await self._run("claim", now, limit)]

    async def match(self, match_id: str) -> dict[str, Any] | None:
        """Returns a match record (`kind`, `at`, and its seeks, challenge or rematch as JSON)."""
        async with translated("match"):
            raw = await self.client.hget(self.key["matches"], match_id)
        return None if raw is None else dict(json.loads(codec.as_text(raw)))

    async def is_pending(self, match_id: str) -> bool:
        """Tells whether a match still waits for its game."""
        async with translated("match"):
            return await self.client.zscore(self.key["pending"], match_id) is not None

    async def done(self, now: int, match_id: str, tokens: dict[str, str] | None = None) -> None:
        """Marks a match's game created (with the seat tokens no player token can replace)."""
        await self._run("done", now, match_id, json.dumps(tokens) if tokens else "")

    async def tokens_of(self, match_id: str) -> dict[str, str]:
        """The seat tokens kept for a rematch's seats without a playerId."""
        async with translated("match tokens"):
            raw = await self.client.hget(self.key["tokens"], match_id)
        return {} if raw is None else dict(json.loads(codec.as_text(raw)))

    async def sweep(self, now: int) -> None:
        """Forgets what expired (every script does it too; this is for quiet times)."""
        await self.claim(now, 0)
