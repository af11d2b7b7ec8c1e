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
    from ..models.game_ended_data import GameEndedData


T = TypeVar("T", bound="GameEnded")


@_attrs_define
class GameEnded:
    """The game ended (`winners`, `scores`; `status` FINISHED or ABANDONED).

    Attributes:
        type_ (Literal['game.ended']):
        timestamp (datetime.datetime):
        data (GameEndedData):
    """

    type_: Literal["game.ended"]
    timestamp: datetime.datetime
    data: GameEndedData

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
        from ..models.game_ended_data import GameEndedData

        d = dict(src_dict)
        type_ = cast(Literal["game.ended"], d.pop("type"))
        if type_ != "game.ended":
            raise ValueError(f"type must match const 'game.ended', got '{type_}'")

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = GameEndedData.from_dict(d.pop("data"))

        game_ended = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return game_ended
