"""`Challenges`: a player invites named players to a game (architecture §5e, Lichess's challenges).

A challenge names 1..players-1 other playerIds (the rest of the seats: bots, `bots: n`). Each
invited player hears of it on their stream (`challenge`) and accepts or declines; when every
one has accepted, the same script that records the last acceptance makes the match, and its
game is created as a seek's is (`MatchMaker`). One decline closes it (`challenge.declined` to
the challenger); the challenger may cancel it; it expires after `BOARDSTATE_CHALLENGE_TTL`.

Only players the service knows may be invited (`store.known_players`: `PLAYER_NOT_FOUND`
otherwise, and nothing is written: no inbox for a made-up id). A player has made at most
`BOARDSTATE_MAX_OPEN_CHALLENGES` open challenges and is invited to at most
`BOARDSTATE_MAX_CHALLENGES_RECEIVED`, a client address has made at most
`BOARDSTATE_MAX_OPEN_CHALLENGES_PER_ADDRESS` (`TOO_MANY_CHALLENGES`). Only the challenger and
the invited players may read or answer it: to anyone else it does not exist, on every operation
(`CHALLENGE_NOT_FOUND`, the same answer as for an id never made). A player's list holds its open
challenges only, a page at a time (`page`).
"""

from __future__ import annotations

import secrets
from typing import Any

from boardstate.engine import registry
from boardstate.service.contract import cursors
from boardstate.service.contract.codes import GAME_TYPE_NOT_INSTALLED, ApiError
from boardstate.service.contract.players.match_ports import ChallengePage, ChallengeView
from boardstate.service.features.lobby.admission import creator_of
from boardstate.service.features.lobby.seat_names import check_player_id
from boardstate.service.features.matchmaking.challenge_views import (
    challenge_view,
    not_found,
    notice,
    too_many,
)
from boardstate.service.features.matchmaking.match_failures import (
    BadMatchRequest,
    ChallengeClosed,
    NotChallenged,
    PlayerNotFound,
)
from boardstate.service.features.matchmaking.match_spec import GameSpec
from boardstate.service.features.matchmaking.matchmaker import MatchMaker, now_ms
from boardstate.service.features.matchmaking.matchmaking_settings import MatchmakingSettings
from boardstate.service.features.players.identity import PlayerIdentity
from boardstate.service.store.players.known_players import RedisKnownPlayers
from boardstate.service.store.players.matchmaking_records import Caps

ANSWERS = ("accept", "decline", "cancel")


class Challenges:
    """Creates, answers and reads challenges."""

    def __init__(
        self,
        maker: MatchMaker,
        identity: PlayerIdentity,
        settings: MatchmakingSettings,
        known: RedisKnownPlayers | None = None,
        per_address: bool = True,
    ) -> None:
        self.maker = maker
        self.identity = identity
        self.store = maker.store
        self.settings = settings
        self.known = known
        """The players the service knows (None: every playerId may be invited)."""
        self.per_address = per_address
        """Count open challenges per client address too (off with `BOARDSTATE_RATE_LIMITS=0`)."""
        self.caps = Caps(
            challenges_made=settings.max_open_challenges,
            challenges_received=settings.max_challenges_received,
            challenges_per_address=settings.max_open_challenges_per_address,
        )

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
        unknown = [] if self.known is None else await self.known.unknown(invited)
        if unknown:
            raise PlayerNotFound(
                f"no player {unknown[0]} is known to this service", {"playerId": unknown[0]}
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
        address = creator_of() if self.per_address else None
        outcome, scope, held = await self.store.offer(now, challenge, address, self.caps)
        if outcome == "limit":
            raise too_many(self.settings, scope, held)
        view = await self.get(player_id, challenge_id)
        for other in invited:
            await self._tell(other, "challenge", view)
        return view

    async def answer(self, player_id: str, challenge_id: str, answer: str) -> ChallengeView:
        """Accepts or declines (an invited player) or cancels (the challenger)."""
        if answer not in ANSWERS:
            raise BadMatchRequest(f"answer must be one of {list(ANSWERS)}")
        found = await self.store.challenge_of(challenge_id)
        if found is None or player_id not in [found[0]["from"], *found[0]["to"]]:
            raise not_found(challenge_id)  # a stranger learns nothing of it
        challenge = found[0]
        game_type = str(challenge["spec"].get("gameType"))
        if answer == "accept" and game_type not in registry.GAMES:  # no game could be made
            raise ApiError(
                GAME_TYPE_NOT_INSTALLED,
                f"challenge {challenge_id} is for {game_type!r}, which no installed package "
                "serves: it can be accepted once the package is installed again",
            )
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
            raise not_found(challenge_id)
        c, status, accepted = found
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
        return challenge_view(c, status, accepted, declined_by, game_id, seats)

    async def page(self, player_id: str, count: int, after: str | None) -> ChallengePage:
        """A page of the open challenges `player_id` made or was invited to, oldest first: at
        most `count` after the cursor `after` (one read of the store for the page)."""
        position = cursors.challenge_after(after)
        rows = await self.store.challenge_page(player_id, position, count + 1)
        more = len(rows) > count
        rows = rows[:count]
        views = tuple(
            (cursors.challenge_cursor(r.position), challenge_view(r.challenge, "open", r.accepted))
            for r in rows
        )
        total = await self.store.challenge_count(player_id)
        return ChallengePage(views, more, max(total, len(views)))

    async def _tell(self, player_id: str, kind: str, view: ChallengeView) -> None:
        await self.maker.inbox.publish(player_id, kind, notice(view))

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

    async def challenges(
        self, token: str | None, count: int, after: str | None = None
    ) -> ChallengePage:
        """`GET /v1/challenges?limit=&cursor=`, `challenges(first:, after:)`."""
        return await self.page(await self.identity.player_id(token), count, after)

    async def challenge(self, token: str | None, challenge_id: str) -> ChallengeView:
        """`GET /v1/challenges/{id}`, `challenge`."""
        return await self.get(await self.identity.player_id(token), challenge_id)

    async def answer_challenge(
        self, token: str | None, challenge_id: str, answer: str
    ) -> ChallengeView:
        """`POST /v1/challenges/{id}/accept|decline|cancel`, `accept/decline/cancelChallenge`."""
        return await self.answer(await self.identity.player_id(token), challenge_id, answer)
