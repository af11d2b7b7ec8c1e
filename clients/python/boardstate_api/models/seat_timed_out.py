from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.seat_timed_out_data import SeatTimedOutData


T = TypeVar("T", bound="SeatTimedOut")


@_attrs_define
class SeatTimedOut:
    """A seat's clock ran out (`seat`); the game's clock option says what then.

    Attributes:
        type_ (Literal['seat.timed_out']):
        timestamp (datetime.datetime):
        data (SeatTimedOutData):
    """

    type_: Literal["seat.timed_out"]
    timestamp: datetime.datetime
    data: SeatTimedOutData

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        timestamp = self.timestamp.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "timestamp": timestamp,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.seat_timed_out_data import SeatTimedOutData

        d = dict(src_dict)
        type_ = cast(Literal["seat.timed_out"], d.pop("type"))
        if type_ != "seat.timed_out":
            raise ValueError(f"type must match const 'seat.timed_out', got '{type_}'")

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = SeatTimedOutData.from_dict(d.pop("data"))

        seat_timed_out = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return seat_timed_out
