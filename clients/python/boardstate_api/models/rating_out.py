from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatingOut")


@_attrs_define
class RatingOut:
    """A player's rating in one game type: `rating` = 1500 + 30 (mu - 3 sigma), what
    leaderboards sort by; `rank` = the place on the game type's leaderboard (1 = best; null
    while `provisional`: the service is still unsure of the rating, sigma above 5.5, and
    leaves it off the leaderboard).

    Attributes:
        game_type (str):
        player_id (str):
        rating (float):
        mu (float):
        sigma (float):
        games (int):
        rank (int | None):
        provisional (bool):
        display_name (None | str):
    """

    game_type: str
    player_id: str
    rating: float
    mu: float
    sigma: float
    games: int
    rank: int | None
    provisional: bool
    display_name: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_type = self.game_type

        player_id = self.player_id

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        rank: int | None
        rank = self.rank

        provisional = self.provisional

        display_name: None | str
        display_name = self.display_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "gameType": game_type,
                "playerId": player_id,
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "rank": rank,
                "provisional": provisional,
                "displayName": display_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        game_type = d.pop("gameType")

        player_id = d.pop("playerId")

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        provisional = d.pop("provisional")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("displayName"))

        rating_out = cls(
            game_type=game_type,
            player_id=player_id,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            rank=rank,
            provisional=provisional,
            display_name=display_name,
        )

        rating_out.additional_properties = d
        return rating_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
