from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating_out import RatingOut


T = TypeVar("T", bound="PlayerRatingsOut")


@_attrs_define
class PlayerRatingsOut:
    """A player's rating in each game type they have played rated.

    Attributes:
        player_id (str):
        ratings (list[RatingOut]):
    """

    player_id: str
    ratings: list[RatingOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "playerId": player_id,
                "ratings": ratings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rating_out import RatingOut

        d = dict(src_dict)
        player_id = d.pop("playerId")

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in _ratings:
            ratings_item = RatingOut.from_dict(ratings_item_data)

            ratings.append(ratings_item)

        player_ratings_out = cls(
            player_id=player_id,
            ratings=ratings,
        )

        player_ratings_out.additional_properties = d
        return player_ratings_out

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
