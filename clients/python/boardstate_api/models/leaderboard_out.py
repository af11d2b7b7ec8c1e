from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating_out import RatingOut


T = TypeVar("T", bound="LeaderboardOut")


@_attrs_define
class LeaderboardOut:
    """Some places of a game type's leaderboard, best first (players whose rating is not
    provisional); `nextCursor` is the next page's.

    Attributes:
        game_type (str):
        entries (list[RatingOut]):
        total (int):
        next_cursor (None | str):
    """

    game_type: str
    entries: list[RatingOut]
    total: int
    next_cursor: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_type = self.game_type

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        total = self.total

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "gameType": game_type,
                "entries": entries,
                "total": total,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rating_out import RatingOut

        d = dict(src_dict)
        game_type = d.pop("gameType")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = RatingOut.from_dict(entries_item_data)

            entries.append(entries_item)

        total = d.pop("total")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        leaderboard_out = cls(
            game_type=game_type,
            entries=entries,
            total=total,
            next_cursor=next_cursor,
        )

        leaderboard_out.additional_properties = d
        return leaderboard_out

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
