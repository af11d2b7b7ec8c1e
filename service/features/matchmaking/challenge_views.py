"""How a challenge is answered (`Challenges`): its view, the notice its players hear, and the
refusals that name it or a cap."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.players.match_ports import ChallengeView
from boardstate.service.features.matchmaking.match_failures import (
    ChallengeNotFound,
    TooManyChallenges,
)
from boardstate.service.features.matchmaking.match_spec import GameSpec
from boardstate.service.features.matchmaking.matchmaking_settings import MatchmakingSettings


def challenge_view(
    c: dict[str, Any],
    status: str,
    accepted: list[str],
    declined_by: str | None = None,
    game_id: str | None = None,
    seats: tuple[int, ...] | None = None,
) -> ChallengeView:
    """The view of a stored challenge in `status`."""
    spec = GameSpec.of_wire(c["spec"])
    return ChallengeView(
        challenge_id=str(c["challengeId"]),
        challenger=str(c["from"]),
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


def notice(view: ChallengeView) -> dict[str, Any]:
    """What a player's stream says of a challenge (`challenge`, `challenge.declined`)."""
    return {
        "challengeId": view.challenge_id,
        "challenger": view.challenger,
        "gameType": view.game_type,
        "players": view.players,
        "rated": view.rated,
        "status": view.status,
        "expiresAt": view.expires_at,
    }


def not_found(challenge_id: str) -> ChallengeNotFound:
    """The answer for a challenge that does not exist and for one that is not the caller's:
    the same, so an answer never tells a stranger that a challenge exists."""
    return ChallengeNotFound(f"no challenge {challenge_id[:64]}")


def too_many(settings: MatchmakingSettings, scope: str, held: int) -> TooManyChallenges:
    """The refusal of a challenge over a cap (`scope` as the store names it: `made`,
    `invited|<playerId>` or `address`)."""
    kind, _, player = scope.partition("|")
    most = {
        "made": settings.max_open_challenges,
        "invited": settings.max_challenges_received,
        "address": settings.max_open_challenges_per_address,
    }[kind]
    details: dict[str, Any] = {"limit": most, "scope": kind}
    if kind == "invited":
        return TooManyChallenges(
            f"{player} is invited to {held} open challenges (at most {most})",
            details | {"playerId": player},
        )
    where = "you have" if kind == "made" else "this address has"
    return TooManyChallenges(f"{where} made {held} open challenges (at most {most})", details)
