"""`Challenges`: a player invites named players to a game (DESIGN §5e, Lichess's challenges).

A challenge names 1..players-1 other playerIds (the rest of the seats: bots, `bots: n`). Each
invited player hears of it on their stream (`challenge`) and accepts or declines; when every
one has accepted, the same script that records the last acceptance makes the match, and its
game is created as a seek's is (`MatchMaker`). One decline closes it (`challenge.declined` to
the challenger); the challenger may cancel it; it expires after `BOARDSTATE_CHALLENGE_TTL`.
Only the challenger and the invited players may read it.
"""

from __future__ import annotations

import secrets
from typing import Any

from boardstate.service.contract.match_ports import ChallengeView
from boardstate.service.features.lobby.seating import check_player_id
from boardstate.service.features.matchmaking.match_failures import (
    BadMatchRequest,
    ChallengeClosed,
    ChallengeNotFound,
    NotChallenged,
)
from boardstate.service.features.matchmaking.match_spec import GameSpec
from boardstate.service.features.matchmaking.matchmaker import MatchMaker, now_ms
from boardstate.service.features.players.identity import PlayerIdentity
from boardstate.service.matchmaking_settings import MatchmakingSettings

ANSWERS = ("accept", "decline", "cancel")


class Challenges:
    """Creates, answers and reads challenges."""

    def __init__(
        self, maker: MatchMaker, identity: PlayerIdentity, settings: MatchmakingSettings
    ) -> None:
        self.maker = maker
        self.identity = identity
        self.store = maker.store
        self.settings = settings

    async def create(self, player_id: str, invited: list[str], spec: GameSpec) -> ChallengeView:
        """Invites `invited` to the game of `spec` (its human seats: the challenger and them)."""
        spec.checked()
        for other in invited:
            check_player_id(other)
        if len(set(invited)) != len(invited) or player_id in invited:
            raise BadMatchRequest("invite each other player once, and not yourself")
        if not invited or len(invited) + 1 != spec.humans:
            raise BadMatchRequest(
                f"invite players - bots - 1 = {spec.humans - 1} players (you take the other seat)"
            )
        now = now_ms()
        challenge_id = "c_" + secrets.token_urlsafe(12)
        challenge: dict[str, Any] = {
            "challengeId": challenge_id,
            "from": player_id,
            "to": invited,
            "spec": spec.wire(),
            "createdAt": now,
            "expiresAt": now + self.settings.challenge_ttl * 1000,
            "matchId": "m_" + secrets.token_urlsafe(12),
        }
        await self.store.challenge(now, challenge)
        view = await self.get(player_id, challenge_id)
        for other in invited:
            await self._tell(other, "challenge", view)
        return view

    async def answer(self, player_id: str, challenge_id: str, answer: str) -> ChallengeView:
        """Accepts or declines (an invited player) or cancels (the challenger)."""
        if answer not in ANSWERS:
            raise BadMatchRequest(f"answer must be one of {list(ANSWERS)}")
        found = await self.store.challenge_of(challenge_id)
        if found is None:
            raise ChallengeNotFound(f"no challenge {challenge_id[:64]}")
        challenge = found[0]
        outcome, detail = await self.store.answer(
            now_ms(), challenge_id, player_id, answer, challenge["matchId"]
        )
        if outcome == "forbidden":
            raise NotChallenged(f"you may not {answer} challenge {challenge_id}")
        if outcome == "closed" and detail.startswith("matched|") and answer == "accept":
            outcome, detail = "matched", detail.split("|", 1)[1]  # accepted twice: the same
        if outcome == "matched":
            await self.maker.finish_soon(detail)
        view = await self.get(player_id, challenge_id)
        if outcome == "closed":
            raise ChallengeClosed(
                f"challenge {challenge_id} is {view.status}", {"status": view.status}
            )
        if answer == "decline":
            await self._tell(challenge["from"], "challenge.declined", view)
        return view

    async def get(self, player_id: str, challenge_id: str) -> ChallengeView:
        """A challenge, for its challenger or an invited player (`CHALLENGE_NOT_FOUND` else)."""
        found = await self.store.challenge_of(challenge_id)
        if found is None or player_id not in [found[0]["from"], *found[0]["to"]]:
            raise ChallengeNotFound(f"no challenge {challenge_id[:64]}")
        c, status, accepted = found
        spec = GameSpec.of_wire(c["spec"])
        declined_by, game_id, seats = None, None, None
        if status.startswith("declined|"):
            status, declined_by = "declined", status.split("|", 1)[1]
        elif status.startswith("matched|"):
            status, game_id = "matched", status.split("|", 1)[1]
            plan = await self.maker.plan(game_id)
            if plan is not None:
                found_seats = [plan.seat_of(p) for p in [c["from"], *c["to"]]]
                seats = tuple(s for s in found_seats if s is not None)
            accepted = list(c["to"])
        elif status == "open" and c["expiresAt"] <= now_ms():
            status = "expired"
        return ChallengeView(
            challenge_id=challenge_id,
            challenger=c["from"],
            invited=tuple(c["to"]),
            accepted=tuple(accepted),
            game_type=spec.game_type,
            players=spec.players,
            options=spec.options,
            rated=spec.rated,
            bots=spec.bots,
            status=status,
            created_at=int(c["createdAt"]),
            expires_at=int(c["expiresAt"]),
            declined_by=declined_by,
            game_id=game_id,
            seats=seats,
        )

    async def mine(self, player_id: str) -> list[ChallengeView]:
        """The open challenges `player_id` made or was invited to, oldest first."""
        views = []
        for challenge_id in await self.store.challenges_of(player_id):
            try:
                view = await self.get(player_id, challenge_id)
            except ChallengeNotFound:  # forgotten between the two reads
                continue
            if view.status == "open":
                views.append(view)
        return sorted(views, key=lambda v: v.created_at)

    async def _tell(self, player_id: str, kind: str, view: ChallengeView) -> None:
        data = {
            "challengeId": view.challenge_id,
            "challenger": view.challenger,
            "gameType": view.game_type,
            "players": view.players,
            "rated": view.rated,
            "status": view.status,
            "expiresAt": view.expires_at,
        }
        await self.maker.inbox.publish(player_id, kind, data)

    # The doors' operations (`contract.match_ports.ChallengesPort`): the caller's player token.

    async def create_challenge(
        self,
        token: str | None,
        invite: list[str],
        game_type: str,
        players: int,
        options: Any = None,
        rated: bool = False,
        bots: int = 0,
        bot_policy: str = "heuristic",
    ) -> ChallengeView:
        """`POST /v1/challenges`, `createChallenge`."""
        player = await self.identity.player_id(token)
        spec = GameSpec(game_type, players, options, rated, bots, bot_policy)
        return await self.create(player, list(invite), spec)

    async def challenges(self, token: str | None) -> list[ChallengeView]:
        """`GET /v1/challenges`, `challenges`."""
        return await self.mine(await self.identity.player_id(token))

    async def challenge(self, token: str | None, challenge_id: str) -> ChallengeView:
        """`GET /v1/challenges/{id}`, `challenge`."""
        return await self.get(await self.identity.player_id(token), challenge_id)

    async def answer_challenge(
        self, token: str | None, challenge_id: str, answer: str
    ) -> ChallengeView:
        """`POST /v1/challenges/{id}/accept|decline|cancel`, `accept/decline/cancelChallenge`."""
        return await self.answer(await self.identity.player_id(token), challenge_id, answer)
