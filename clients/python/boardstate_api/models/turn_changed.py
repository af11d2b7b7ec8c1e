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
    from ..models.turn_changed_data import TurnChangedData


T = TypeVar("T", bound="TurnChanged")


@_attrs_define
class TurnChanged:
    """A decision is owed at this version: sent when the seats to act change and, in a game with a player's membership on a
    seat, after every append that leaves seats to act (`toAct`; `owed`: the kinds of move each may make; `deadlines`:
    when each runs out).

        Attributes:
            type_ (Literal['turn.changed']):
            timestamp (datetime.datetime):
            data (TurnChangedData):
    """

    type_: Literal["turn.changed"]
    timestamp: datetime.datetime
    data: TurnChangedData

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
        from ..models.turn_changed_data import TurnChangedData

        d = dict(src_dict)
        type_ = cast(Literal["turn.changed"], d.pop("type"))
        if type_ != "turn.changed":
            raise ValueError(f"type must match const 'turn.changed', got '{type_}'")

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = TurnChangedData.from_dict(d.pop("data"))

        turn_changed = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return turn_changed
