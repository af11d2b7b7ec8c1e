from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnChangedDataOwedItem")


@_attrs_define
class TurnChangedDataOwedItem:
    """
    Attributes:
        seat (int):
        moves (list[str]): The distinct `type`s of the seat's legal moves, sorted.
    """

    seat: int
    moves: list[str]

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        moves = self.moves

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "moves": moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        moves = cast(list[str], d.pop("moves"))

        turn_changed_data_owed_item = cls(
            seat=seat,
            moves=moves,
        )

        return turn_changed_data_owed_item
