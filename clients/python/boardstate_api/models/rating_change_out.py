from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatingChangeOut")


@_attrs_define
class RatingChangeOut:
    """A player's rating after one rated game: `place` among the game's rated `players` (1 =
    first, ties equal), the new `rating`, its `change`, and whether it was still
    `provisional`.

    Attributes:
        game_id (str):
        ended_at (str):
        seat (int):
        place (int):
        players (int):
        rating (float):
        change (float):
        mu (float):
        sigma (float):
        games (int):
        provisional (bool):
    """

    game_id: str
    ended_at: str
    seat: int
    place: int
    players: int
    rating: float
    change: float
    mu: float
    sigma: float
    games: int
    provisional: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        ended_at = self.ended_at

        seat = self.seat

        place = self.place

        players = self.players

        rating = self.rating

        change = self.change

        mu = self.mu

        sigma = self.sigma

        games = self.games

        provisional = self.provisional

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "gameId": game_id,
                "endedAt": ended_at,
                "seat": seat,
                "place": place,
                "players": players,
                "rating": rating,
                "change": change,
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "provisional": provisional,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        game_id = d.pop("gameId")

        ended_at = d.pop("endedAt")

        seat = d.pop("seat")

        place = d.pop("place")

        players = d.pop("players")

        rating = d.pop("rating")

        change = d.pop("change")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        provisional = d.pop("provisional")

        rating_change_out = cls(
            game_id=game_id,
            ended_at=ended_at,
            seat=seat,
            place=place,
            players=players,
            rating=rating,
            change=change,
            mu=mu,
            sigma=sigma,
            games=games,
            provisional=provisional,
        )

        rating_change_out.additional_properties = d
        return rating_change_out

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
