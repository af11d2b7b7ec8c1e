from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.challenge_in_bot_policy import ChallengeInBotPolicy
from ..types import UNSET, Unset

T = TypeVar("T", bound="ChallengeIn")


@_attrs_define
class ChallengeIn:
    """`POST /v1/challenges`: `invite` the playerIds who take every human seat but yours
    (`players` - `bots` - 1 of them); `bots` seats are filled by `botPolicy` bots.

    Attributes:
        invite (list[str]):
        game_type (str):
        players (int):
        options (Any | Unset):
        rated (bool | Unset):  Default: False.
        bots (int | Unset):  Default: 0.
        bot_policy (ChallengeInBotPolicy | Unset):  Default: ChallengeInBotPolicy.HEURISTIC.
    """

    invite: list[str]
    game_type: str
    players: int
    options: Any | Unset = UNSET
    rated: bool | Unset = False
    bots: int | Unset = 0
    bot_policy: ChallengeInBotPolicy | Unset = ChallengeInBotPolicy.HEURISTIC

    def to_dict(self) -> dict[str, Any]:
        invite = self.invite

        game_type = self.game_type

        players = self.players

        options = self.options

        rated = self.rated

        bots = self.bots

        bot_policy: str | Unset = UNSET
        if not isinstance(self.bot_policy, Unset):
            bot_policy = self.bot_policy.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invite": invite,
                "gameType": game_type,
                "players": players,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if rated is not UNSET:
            field_dict["rated"] = rated
        if bots is not UNSET:
            field_dict["bots"] = bots
        if bot_policy is not UNSET:
            field_dict["botPolicy"] = bot_policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invite = cast(list[str], d.pop("invite"))

        game_type = d.pop("gameType")

        players = d.pop("players")

        options = d.pop("options", UNSET)

        rated = d.pop("rated", UNSET)

        bots = d.pop("bots", UNSET)

        _bot_policy = d.pop("botPolicy", UNSET)
        bot_policy: ChallengeInBotPolicy | Unset
        if isinstance(_bot_policy, Unset):
            bot_policy = UNSET
        else:
            bot_policy = ChallengeInBotPolicy(_bot_policy)

        challenge_in = cls(
            invite=invite,
            game_type=game_type,
            players=players,
            options=options,
            rated=rated,
            bots=bots,
            bot_policy=bot_policy,
        )

        return challenge_in
