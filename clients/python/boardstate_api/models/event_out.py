from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_out_data import EventOutData
    from ..models.event_out_move_type_0 import EventOutMoveType0


T = TypeVar("T", bound="EventOut")


@_attrs_define
class EventOut:
    """One log event; `data` is redacted for the viewer, never dropped.

    Attributes:
        version (int):
        type_ (str):
        seat (int | None):
        move_id (None | str):
        data (EventOutData):
        at (str):
        state_hash (str):
        move (EventOutMoveType0 | None):
        describe (str):
    """

    version: int
    type_: str
    seat: int | None
    move_id: None | str
    data: EventOutData
    at: str
    state_hash: str
    move: EventOutMoveType0 | None
    describe: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.event_out_move_type_0 import EventOutMoveType0

        version = self.version

        type_ = self.type_

        seat: int | None
        seat = self.seat

        move_id: None | str
        move_id = self.move_id

        data = self.data.to_dict()

        at = self.at

        state_hash = self.state_hash

        move: dict[str, Any] | None
        if isinstance(self.move, EventOutMoveType0):
            move = self.move.to_dict()
        else:
            move = self.move

        describe = self.describe

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "type": type_,
                "seat": seat,
                "moveId": move_id,
                "data": data,
                "at": at,
                "stateHash": state_hash,
                "move": move,
                "describe": describe,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_out_data import EventOutData
        from ..models.event_out_move_type_0 import EventOutMoveType0

        d = dict(src_dict)
        version = d.pop("version")

        type_ = d.pop("type")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_move_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        move_id = _parse_move_id(d.pop("moveId"))

        data = EventOutData.from_dict(d.pop("data"))

        at = d.pop("at")

        state_hash = d.pop("stateHash")

        def _parse_move(data: object) -> EventOutMoveType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_0 = EventOutMoveType0.from_dict(data)

                return move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventOutMoveType0 | None, data)

        move = _parse_move(d.pop("move"))

        describe = d.pop("describe")

        event_out = cls(
            version=version,
            type_=type_,
            seat=seat,
            move_id=move_id,
            data=data,
            at=at,
            state_hash=state_hash,
            move=move,
            describe=describe,
        )

        event_out.additional_properties = d
        return event_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
