from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seek_in_bot_policy import SeekInBotPolicy
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeekIn")


@_attrs_define
class SeekIn:
    """`POST /v1/seeks`: the game sought (`createSeek`'s arguments). `bots` seats are filled by
    `botPolicy` bots; `ratingMin`/`ratingMax` bound the other seekers' ratings; `ttlSeconds`
    (at most `BOARDSTATE_SEEK_TTL`, its default) says how long the seek waits; `name` is the
    seat's name (default: the playerId).

    Attributes:
        game_type (str):
        players (int):
        options (Any | Unset):
        rated (bool | Unset):  Default: False.
        bots (int | Unset):  Default: 0.
        bot_policy (SeekInBotPolicy | Unset):  Default: SeekInBotPolicy.HEURISTIC.
        rating_min (float | None | Unset):
        rating_max (float | None | Unset):
        ttl_seconds (int | None | Unset):
        name (None | str | Unset):
    """

    game_type: str
    players: int
    options: Any | Unset = UNSET
    rated: bool | Unset = False
    bots: int | Unset = 0
    bot_policy: SeekInBotPolicy | Unset = SeekInBotPolicy.HEURISTIC
    rating_min: float | None | Unset = UNSET
    rating_max: float | None | Unset = UNSET
    ttl_seconds: int | None | Unset = UNSET
    name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        game_type = self.game_type

        players = self.players

        options = self.options

        rated = self.rated

        bots = self.bots

        bot_policy: str | Unset = UNSET
        if not isinstance(self.bot_policy, Unset):
            bot_policy = self.bot_policy.value

        rating_min: float | None | Unset
        if isinstance(self.rating_min, Unset):
            rating_min = UNSET
        else:
            rating_min = self.rating_min

        rating_max: float | None | Unset
        if isinstance(self.rating_max, Unset):
            rating_max = UNSET
        else:
            rating_max = self.rating_max

        ttl_seconds: int | None | Unset
        if isinstance(self.ttl_seconds, Unset):
            ttl_seconds = UNSET
        else:
            ttl_seconds = self.ttl_seconds

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
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
        if rating_min is not UNSET:
            field_dict["ratingMin"] = rating_min
        if rating_max is not UNSET:
            field_dict["ratingMax"] = rating_max
        if ttl_seconds is not UNSET:
            field_dict["ttlSeconds"] = ttl_seconds
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        game_type = d.pop("gameType")

        players = d.pop("players")

        options = d.pop("options", UNSET)

        rated = d.pop("rated", UNSET)

        bots = d.pop("bots", UNSET)

        _bot_policy = d.pop("botPolicy", UNSET)
        bot_policy: SeekInBotPolicy | Unset
        if isinstance(_bot_policy, Unset):
            bot_policy = UNSET
        else:
            bot_policy = SeekInBotPolicy(_bot_policy)

        def _parse_rating_min(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rating_min = _parse_rating_min(d.pop("ratingMin", UNSET))

        def _parse_rating_max(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rating_max = _parse_rating_max(d.pop("ratingMax", UNSET))

        def _parse_ttl_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ttl_seconds = _parse_ttl_seconds(d.pop("ttlSeconds", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        seek_in = cls(
            game_type=game_type,
            players=players,
            options=options,
            rated=rated,
            bots=bots,
            bot_policy=bot_policy,
            rating_min=rating_min,
            rating_max=rating_max,
            ttl_seconds=ttl_seconds,
            name=name,
        )

        return seek_in
