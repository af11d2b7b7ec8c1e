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
    from ..models.game_started_data import GameStartedData


T = TypeVar("T", bound="GameStarted")


@_attrs_define
class GameStarted:
    """The last seat was filled: the game is set up and under way.

    Attributes:
        type_ (Literal['game.started']):
        timestamp (datetime.datetime):
        data (GameStartedData):
    """

    type_: Literal["game.started"]
    timestamp: datetime.datetime
    data: GameStartedData

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
        from ..models.game_started_data import GameStartedData

        d = dict(src_dict)
        type_ = cast(Literal["game.started"], d.pop("type"))
        if type_ != "game.started":
            raise ValueError(f"type must match const 'game.started', got '{type_}'")

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = GameStartedData.from_dict(d.pop("data"))

        game_started = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return game_started
