from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.header_out import HeaderOut
    from ..models.stream_event_out_data import StreamEventOutData
    from ..models.stream_event_out_move_type_0 import StreamEventOutMoveType0


T = TypeVar("T", bound="StreamEventOut")


@_attrs_define
class StreamEventOut:
    """One streamed event (an `EventOut`) with the game's header after it.

    Attributes:
        version (int):
        type_ (str):
        seat (int | None):
        move_id (None | str):
        data (StreamEventOutData):
        at (str):
        state_hash (str):
        move (None | StreamEventOutMoveType0):
        describe (str):
        header (HeaderOut): The game just after the event: `version` is the event's, `toAct` the seats that may
                move now, `deadline` the earliest running clock deadline and `deadlines` every seat's,
                `result` null until the game has ended; `state` (only with `withState=true`) the caller's
                state view, redacted as `GET /v1/games/{id}/state` redacts it for the same token.
    """

    version: int
    type_: str
    seat: int | None
    move_id: None | str
    data: StreamEventOutData
    at: str
    state_hash: str
    move: None | StreamEventOutMoveType0
    describe: str
    header: HeaderOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.stream_event_out_move_type_0 import StreamEventOutMoveType0

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
        if isinstance(self.move, StreamEventOutMoveType0):
            move = self.move.to_dict()
        else:
            move = self.move

        describe = self.describe

        header = self.header.to_dict()

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
                "header": header,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.header_out import HeaderOut
        from ..models.stream_event_out_data import StreamEventOutData
        from ..models.stream_event_out_move_type_0 import StreamEventOutMoveType0

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

        data = StreamEventOutData.from_dict(d.pop("data"))

        at = d.pop("at")

        state_hash = d.pop("stateHash")

        def _parse_move(data: object) -> None | StreamEventOutMoveType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_0 = StreamEventOutMoveType0.from_dict(data)

                return move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StreamEventOutMoveType0, data)

        move = _parse_move(d.pop("move"))

        describe = d.pop("describe")

        header = HeaderOut.from_dict(d.pop("header"))

        stream_event_out = cls(
            version=version,
            type_=type_,
            seat=seat,
            move_id=move_id,
            data=data,
            at=at,
            state_hash=state_hash,
            move=move,
            describe=describe,
            header=header,
        )

        stream_event_out.additional_properties = d
        return stream_event_out

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
