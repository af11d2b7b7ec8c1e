from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnChangedDataDeadlinesItem")


@_attrs_define
class TurnChangedDataDeadlinesItem:
    """
    Attributes:
        seat (int):
        at (datetime.datetime):
    """

    seat: int
    at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        turn_changed_data_deadlines_item = cls(
            seat=seat,
            at=at,
        )

        return turn_changed_data_deadlines_item
