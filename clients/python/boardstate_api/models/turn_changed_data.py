from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.turn_changed_data_status import TurnChangedDataStatus

if TYPE_CHECKING:
    from ..models.turn_changed_data_deadlines_item import TurnChangedDataDeadlinesItem
    from ..models.turn_changed_data_owed_item import TurnChangedDataOwedItem
    from ..models.turn_changed_data_seats_item import TurnChangedDataSeatsItem


T = TypeVar("T", bound="TurnChangedData")


@_attrs_define
class TurnChangedData:
    """
    Attributes:
        game_id (str):
        game_type (str):
        version (int):
        status (TurnChangedDataStatus):
        to_act (list[int]):
        seats (list[TurnChangedDataSeatsItem]):
        owed (list[TurnChangedDataOwedItem]):
        deadlines (list[TurnChangedDataDeadlinesItem]):
    """

    game_id: str
    game_type: str
    version: int
    status: TurnChangedDataStatus
    to_act: list[int]
    seats: list[TurnChangedDataSeatsItem]
    owed: list[TurnChangedDataOwedItem]
    deadlines: list[TurnChangedDataDeadlinesItem]

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

        owed = []
        for owed_item_data in self.owed:
            owed_item = owed_item_data.to_dict()
            owed.append(owed_item)

        deadlines = []
        for deadlines_item_data in self.deadlines:
            deadlines_item = deadlines_item_data.to_dict()
            deadlines.append(deadlines_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "gameId": game_id,
                "gameType": game_type,
                "version": version,
                "status": status,
                "toAct": to_act,
                "seats": seats,
                "owed": owed,
                "deadlines": deadlines,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.turn_changed_data_deadlines_item import (
            TurnChangedDataDeadlinesItem,
        )
        from ..models.turn_changed_data_owed_item import TurnChangedDataOwedItem
        from ..models.turn_changed_data_seats_item import TurnChangedDataSeatsItem

        d = dict(src_dict)
        game_id = d.pop("gameId")

        game_type = d.pop("gameType")

        version = d.pop("version")

        status = TurnChangedDataStatus(d.pop("status"))

        to_act = cast(list[int], d.pop("toAct"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = TurnChangedDataSeatsItem.from_dict(seats_item_data)

            seats.append(seats_item)

        owed = []
        _owed = d.pop("owed")
        for owed_item_data in _owed:
            owed_item = TurnChangedDataOwedItem.from_dict(owed_item_data)

            owed.append(owed_item)

        deadlines = []
        _deadlines = d.pop("deadlines")
        for deadlines_item_data in _deadlines:
            deadlines_item = TurnChangedDataDeadlinesItem.from_dict(deadlines_item_data)

            deadlines.append(deadlines_item)

        turn_changed_data = cls(
            game_id=game_id,
            game_type=game_type,
            version=version,
            status=status,
            to_act=to_act,
            seats=seats,
            owed=owed,
            deadlines=deadlines,
        )

        return turn_changed_data
