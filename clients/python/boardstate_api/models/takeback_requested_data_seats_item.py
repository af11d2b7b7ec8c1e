from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TakebackRequestedDataSeatsItem")


@_attrs_define
class TakebackRequestedDataSeatsItem:
    """
    Attributes:
        seat (int):
        name (None | str):
        player_id (None | str):
    """

    seat: int
    name: None | str
    player_id: None | str

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name: None | str
        name = self.name

        player_id: None | str
        player_id = self.player_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "playerId": player_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_player_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player_id = _parse_player_id(d.pop("playerId"))

        takeback_requested_data_seats_item = cls(
            seat=seat,
            name=name,
            player_id=player_id,
        )

        return takeback_requested_data_seats_item
