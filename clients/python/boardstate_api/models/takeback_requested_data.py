from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.takeback_requested_data_status import TakebackRequestedDataStatus

if TYPE_CHECKING:
    from ..models.takeback_requested_data_seats_item import (
        TakebackRequestedDataSeatsItem,
    )


T = TypeVar("T", bound="TakebackRequestedData")


@_attrs_define
class TakebackRequestedData:
    """
    Attributes:
        game_id (str):
        game_type (str):
        version (int):
        status (TakebackRequestedDataStatus):
        to_act (list[int]):
        seats (list[TakebackRequestedDataSeatsItem]):
        seat (int):
        to_version (int):
    """

    game_id: str
    game_type: str
    version: int
    status: TakebackRequestedDataStatus
    to_act: list[int]
    seats: list[TakebackRequestedDataSeatsItem]
    seat: int
    to_version: int

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        game_type = self.game_type

        version = self.version

        status = self.status.value

        to_act = self.to_act

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        seat = self.seat

        to_version = self.to_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "gameId": game_id,
                "gameType": game_type,
                "version": version,
                "status": status,
                "toAct": to_act,
                "seats": seats,
                "seat": seat,
                "toVersion": to_version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.takeback_requested_data_seats_item import (
            TakebackRequestedDataSeatsItem,
        )

        d = dict(src_dict)
        game_id = d.pop("gameId")

        game_type = d.pop("gameType")

        version = d.pop("version")

        status = TakebackRequestedDataStatus(d.pop("status"))

        to_act = cast(list[int], d.pop("toAct"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = TakebackRequestedDataSeatsItem.from_dict(seats_item_data)

            seats.append(seats_item)

        seat = d.pop("seat")

        to_version = d.pop("toVersion")

        takeback_requested_data = cls(
            game_id=game_id,
            game_type=game_type,
            version=version,
            status=status,
            to_act=to_act,
            seats=seats,
            seat=seat,
            to_version=to_version,
        )

        return takeback_requested_data
