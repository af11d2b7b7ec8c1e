"""`MatchMaker`: turns a match into its game, exactly once, whichever replica gets there.

A match record is written by the script that made it (`RedisMatchmaking`), with a lease for the
replica whose request made it. That replica creates the game at once (`finish`) and marks the
match done. If it dies between the two, the match's lease runs out and the `matchmaker` loop of
any replica (`run`) claims it and finishes it. The game id is the match id, and a create of an
id that exists changes nothing (`store.create` refuses it), so two finishers make one game.
Then each human player hears of it on their own stream (`seek.matched`,
`challenge.accepted`, `rematch.created`: `{gameId, seat, ...}`) and acts with their player
token (it acts for the seats holding its `playerId`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import structlog

from boardstate.service.contract.players.player_inbox import PlayerInbox
from boardstate.service.features.lobby.lobby_service import LobbyService
from boardstate.service.features.matchmaking.match_spec import Plan, plan_of
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.runtime.stopping import cancelled
from boardstate.service.store.players.matchmaking_store import RedisMatchmaking

log = structlog.get_logger("boardstate.matchmaking")

DisplayNames = Callable[[Sequence[str]], Awaitable[dict[str, str]]]
"""Reads players' display names (`PlayerIdentity.display_names`)."""
EVENTS = {"seek": "seek.matched", "challenge": "challenge.accepted", "rematch": "rematch.created"}
"""The player-stream event each kind of match sends its players."""


def now_ms() -> int:
    """Milliseconds since the epoch (every replica's clock: expiries are minutes, not ms)."""
    return int(time.time() * 1000)


class NoInbox:
    """A player inbox that keeps nothing (until the players' streams are wired in)."""

    async def publish(self, player_id: str, kind: str, data: dict[str, Any]) -> None:
        """Does nothing."""


class MatchMaker:
    """Creates the games of matches; its loop finishes the matches other replicas left."""

    def __init__(
        self,
        store: RedisMatchmaking,
        lobby: LobbyService,
        loader: GameLoader,
        inbox: PlayerInbox | None = None,
        poll_s: float = 5.0,
        names: DisplayNames | None = None,
    ) -> None:
        self.store = store
        self.lobby = lobby
        self.loader = loader
        self.inbox: PlayerInbox = inbox or NoInbox()
        self.idle_s = poll_s
        self.wake = asyncio.Event()
        self.names = names
        """The players' display names: a seat named by its playerId only (a seek without a
        name, a challenge) is named by its player's display name when it has one."""

    async def plan(self, match_id: str) -> Plan | None:
        """The plan of a match still known (None once forgotten)."""
        record = await self.store.match(match_id)
        return None if record is None else plan_of(match_id, record)

    async def finish(self, match_id: str) -> Plan | None:
        """Creates the match's game unless it exists, marks the match done and tells its
        players. Safe to call twice, and from two replicas at once."""
        plan = await self.plan(match_id)
        if plan is None:
            return None
        tokens: dict[str, str] = {}
        if await self.loader.load(plan.game_id) is None:
            try:
                created = await self.lobby.create_game(**await self.create_args(plan))
            except RuntimeError:  # another replica created it first
                if await self.loader.load(plan.game_id) is None:
                    raise
            else:
                free = {i for i, s in enumerate(plan.seats) if s.player_id is None and not s.bot}
                tokens = {str(seat): token for seat, token in created.tokens if seat in free}
                log.info("match_created", match_id=match_id, kind=plan.kind)
        if await self.store.is_pending(match_id):
            await self.store.done(now_ms(), match_id, tokens or None)
            await self._tell(plan)
        return plan

    async def create_args(self, plan: Plan) -> dict[str, Any]:
        """`plan.create_args()`, seats named by their players' display names where the plan
        had only the playerId to name them by."""
        args = plan.create_args()
        humans = [s for s in plan.seats if not s.bot]
        ids = [s.player_id for s in humans if s.player_id is not None and s.name == s.player_id]
        if self.names is None or not ids:
            return args
        chosen = await self.names(ids)
        args["seats"] = [chosen.get(s.name, s.name) if s.name in ids else s.name for s in humans]
        return args

    async def _tell(self, plan: Plan) -> None:
        for seat, held in enumerate(plan.seats):
            if held.player_id is None:
                continue
            data = {"gameId": plan.game_id, "seat": seat, "gameType": plan.spec.game_type}
            if held.source:
                data["seekId" if plan.kind == "seek" else "challengeId"] = held.source
            if "rematchOf" in plan.marks:
                data["rematchOf"] = plan.marks["rematchOf"]
            try:
                await self.inbox.publish(held.player_id, EVENTS[plan.kind], data)
            except Exception as exc:  # the game exists; a lost notice is read from the seek
                log.warning("match_notice_failed", error=repr(exc)[:200])

    async def finish_soon(self, match_id: str) -> None:
        """Finishes a match this replica just made; if that fails (the create rate or quota of
        the caller, Redis away), the match stays pending and a `matchmaker` loop finishes it
        when its lease ends: the seek or challenge is matched either way."""
        try:
            await self.finish(match_id)
        except Exception as exc:
            log.warning("match_left_for_the_loop", match_id=match_id, error=repr(exc)[:300])

    async def finish_due(self) -> int:
        """Finishes the matches whose maker's lease ran out; returns how many it took."""
        due = await self.store.claim(now_ms())
        for match_id in due:
            try:
                await self.finish(match_id)
            except Exception as exc:  # left pending: tried again when the lease ends
                log.warning("match_finish_failed", match_id=match_id, error=repr(exc)[:300])
        return len(due)

    async def run(self) -> None:
        """Finishes abandoned matches and forgets what expired (every expired seek, challenge
        and offer, in rounds: `RedisMatchmaking.sweep`) until cancelled."""
        while not cancelled():
            try:
                await self.store.sweep(now_ms())  # whatever expired since, however much
                if not await self.finish_due():
                    self.wake.clear()
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(self.idle_s):
                            await self.wake.wait()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis away: try again later
                log.warning("matchmaker_failed", error=repr(exc)[:300])
                await asyncio.sleep(1)
        raise asyncio.CancelledError
