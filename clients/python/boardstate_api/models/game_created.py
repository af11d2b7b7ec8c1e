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
    from ..models.game_created_data import GameCreatedData


T = TypeVar("T", bound="GameCreated")


@_attrs_define
class GameCreated:
    """A game was created (its seats may still be open).

    Attributes:
        type_ (Literal['game.created']):
        timestamp (datetime.datetime):
        data (GameCreatedData):
    """

    type_: Literal["game.created"]
    timestamp: datetime.datetime
    data: GameCreatedData

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
        from ..models.game_created_data import GameCreatedData

        d = dict(src_dict)
        type_ = cast(Literal["game.created"], d.pop("type"))
        if type_ != "game.created":
            raise ValueError(f"type must match const 'game.created', got '{type_}'")

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = GameCreatedData.from_dict(d.pop("data"))

        game_created = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return game_created
