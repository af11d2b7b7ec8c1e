"""`RedisMatchmaking`: seeks, challenges, rematch offers and the matches they make (architecture
§5e).

Every key is in one slot (`bs:{mm}:...`, `player_keys.matchmaking_key`), so each step is one
Lua script (`seek_scripts`, `offer_scripts`, `matchmaking_scripts`; their arguments:
`matchmaking_records`) on one server or one Redis Cluster shard:

* a seek is added to its pool's index (`service.store.players.seek_index`: by what makes two seeks
  compatible, not by age) and, when the pool holds enough compatible seeks (same game, player
  count, options, rated flag and bots; each seeker's rating inside every other's range),
  exactly those seeks leave the pool and a match record is written, in the same script. Two
  replicas racing run their scripts one after the other: a seek is matched at most once.
* a match record is also a pending job (`pending`, scored by its lease's end): the replica that
  made it creates the game and marks it done; if it dies first, any replica claims it when the
  lease ends (`claim`) and creates the game (the game id is the match id: creating it twice
  creates it once).
* what a player or an address holds open is counted in `holds`, checked by the script that
  would add one more (`Caps`).
* settled seeks, challenges and matches are kept `retain_ms` for their owners to read, then
  forgotten; open ones leave the pool and the lists when they expire (every script's sweep, and
  any search or list that meets one first).
"""

from __future__ import annotations

import json
import time
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store import codec
from boardstate.service.store.players import matchmaking_scripts as lua
from boardstate.service.store.players import offer_scripts, seek_scripts
from boardstate.service.store.players.matchmaking_records import (
    UNCOUNTED,
    Caps,
    ChallengeRow,
    challenge_rows,
    offer_arguments,
    seek_arguments,
)
from boardstate.service.store.players.player_keys import MATCHMAKING_FIELDS, matchmaking_key
from boardstate.service.store.redis_errors import translated


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
                ("seek", seek_scripts.SEEK),
                ("cancel", seek_scripts.CANCEL_SEEK),
                ("open_seeks", seek_scripts.OPEN_SEEKS),
                ("challenge", offer_scripts.CHALLENGE),
                ("answer", offer_scripts.ANSWER),
                ("list", offer_scripts.LIST_CHALLENGES),
                ("rematch", offer_scripts.REMATCH),
                ("claim", lua.CLAIM),
                ("sweep", lua.SWEEP_ONLY),
                ("done", lua.DONE),
            )
        }

    async def _run(self, name: str, now: int, *args: Any) -> Any:
        argv = [now, self.retain_ms, self.lease_ms, *args]
        async with translated(f"matchmaking {name}"):
            return await self._scripts[name](keys=self.keys, args=argv)

    async def seek(
        self, now: int, seek: dict[str, Any], pool: str, needed: int, limit: int, match_id: str
    ) -> tuple[str, str]:
        """`add_seek` counted against no address: (`open` | `matched` | `exists` | `limit`, the
        match id, the existing status or what is over its limit)."""
        reply = await self.add_seek(now, seek, pool, needed, limit, match_id)
        return reply[0], reply[1]

    async def add_seek(
        self,
        now: int,
        seek: dict[str, Any],
        pool: str,
        needed: int,
        limit: int,
        match_id: str,
        address: str | None = None,
        caps: Caps = UNCOUNTED,
    ) -> tuple[str, str, str]:
        """`seek`, with a third part: the `fingerprint` of a seek that `exists`, the count
        held of a holder over its `limit`. `needed` seekers make a match; `limit` is the most
        open seeks one player holds; `address` (a digest) is counted against
        `caps.seeks_per_address` (None: not counted)."""
        args = seek_arguments(seek, pool, needed, limit, match_id, address, caps)
        reply = await self._run("seek", now, *args)
        return codec.as_text(reply[0]), codec.as_text(reply[1]), codec.as_text(reply[2])

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
        """Returns the ids of `player_id`'s open seeks, oldest first."""
        return [seek["seekId"] for seek in await self.open_seeks(player_id)]

    async def open_seeks(self, player_id: str) -> list[dict[str, Any]]:
        """Returns `player_id`'s open seeks, oldest first, in one round trip (an expired one
        is removed on the way)."""
        raw = await self._run("open_seeks", _now(), f"[{player_id}\n", f"({player_id}\x0b")
        seeks = [json.loads(codec.as_text(raw[i + 1])) for i in range(0, len(raw), 2)]
        return sorted(seeks, key=lambda s: (int(s["createdAt"]), str(s["seekId"])))

    async def challenge(self, now: int, challenge: dict[str, Any]) -> str:
        """Stores a new challenge (`open`, or `exists` when its id is known), uncounted."""
        return (await self.offer(now, challenge, None, UNCOUNTED))[0]

    async def offer(
        self, now: int, challenge: dict[str, Any], address: str | None, caps: Caps
    ) -> tuple[str, str, int]:
        """Stores a new challenge unless one of its holders is at a cap: (`open` | `exists` |
        `limit`, the cap's scope (`made`, `invited|<playerId>`, `address`), the count held)."""
        reply = await self._run("challenge", now, *offer_arguments(challenge, address, caps))
        count = codec.as_text(reply[2])
        return codec.as_text(reply[0]), codec.as_text(reply[1]), int(count or 0)

    async def challenges_of(self, player_id: str) -> list[str]:
        """The ids of the open challenges `player_id` made or was invited to, oldest first."""
        rows = await self.challenge_page(player_id, None, 1 << 16)
        return [str(row.challenge["challengeId"]) for row in rows]

    async def challenge_page(
        self, player_id: str, after: str | None, count: int
    ) -> list[ChallengeRow]:
        """Up to `count` open challenges of `player_id` after the position `after`, oldest
        first, in one round trip (an expired one is closed on the way)."""
        lo = f"({player_id}\n{after}" if after is not None else f"[{player_id}\n"
        raw = await self._run("list", _now(), lo, f"({player_id}\x0b", max(1, count))
        rows = challenge_rows(raw)
        return rows[:count]

    async def challenge_count(self, player_id: str) -> int:
        """How many challenges `player_id` holds open, made or received (expired ones not yet
        closed included)."""
        async with translated("challenges"):
            found = await self.client.zlexcount(
                self.key["invites"], f"[{player_id}\n", f"({player_id}\x0b"
            )
        return int(found)

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
            status, accepted = await self.client.hmget(
                self.key["state"], [challenge_id, f"{challenge_id}|accepted"]
            )
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

    async def sweep(self, now: int, rounds: int = 64) -> int:
        """Forgets what expired (every script does it too; this is for quiet times), in rounds
        of `matchmaking_scripts.SWEEP_BATCH` until none is left (at most `rounds`); returns
        how many entries it handled."""
        total = 0
        for _ in range(rounds):
            swept = int(await self._run("sweep", now))
            total += swept
            if swept < lua.SWEEP_BATCH:
                break
        return total


def _now() -> int:
    return int(time.time() * 1000)
