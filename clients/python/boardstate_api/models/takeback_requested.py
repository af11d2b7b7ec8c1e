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
    from ..models.takeback_requested_data import TakebackRequestedData


T = TypeVar("T", bound="TakebackRequested")


@_attrs_define
class TakebackRequested:
    """A seat (`seat`) asks the others to take back to `toVersion`.

    Attributes:
        type_ (Literal['takeback.requested']):
        timestamp (datetime.datetime):
        data (TakebackRequestedData):
    """

    type_: Literal["takeback.requested"]
    timestamp: datetime.datetime
    data: TakebackRequestedData

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
        from ..models.takeback_requested_data import TakebackRequestedData

        d = dict(src_dict)
        type_ = cast(Literal["takeback.requested"], d.pop("type"))
        if type_ != "takeback.requested":
            raise ValueError(
                f"type must match const 'takeback.requested', got '{type_}'"
            )

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = TakebackRequestedData.from_dict(d.pop("data"))

        takeback_requested = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return takeback_requested
