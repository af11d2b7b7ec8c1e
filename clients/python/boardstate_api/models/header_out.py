from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.header_out_status import HeaderOutStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.header_out_state_type_0 import HeaderOutStateType0
    from ..models.result_out import ResultOut
    from ..models.seat_clock_out import SeatClockOut


T = TypeVar("T", bound="HeaderOut")


@_attrs_define
class HeaderOut:
    """The game just after the event: `version` is the event's, `toAct` the seats that may
    move now, `deadline` the earliest running clock deadline and `deadlines` every seat's,
    `result` null until the game has ended; `state` (only with `withState=true`) the caller's
    state view, redacted as `GET /v1/games/{id}/state` redacts it for the same token.

    Attributes:
        version (int):
        status (HeaderOutStatus):
        to_act (list[int]):
        deadline (None | str):
        deadlines (list[SeatClockOut]):
        result (None | ResultOut):
        state (HeaderOutStateType0 | None | Unset):
    """

    version: int
    status: HeaderOutStatus
    to_act: list[int]
    deadline: None | str
    deadlines: list[SeatClockOut]
    result: None | ResultOut
    state: HeaderOutStateType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.header_out_state_type_0 import HeaderOutStateType0
        from ..models.result_out import ResultOut

        version = self.version

        status = self.status.value

        to_act = self.to_act

        deadline: None | str
        deadline = self.deadline

        deadlines = []
        for deadlines_item_data in self.deadlines:
            deadlines_item = deadlines_item_data.to_dict()
            deadlines.append(deadlines_item)

        result: dict[str, Any] | None
        if isinstance(self.result, ResultOut):
            result = self.result.to_dict()
        else:
            result = self.result

        state: dict[str, Any] | None | Unset
        if isinstance(self.state, Unset):
            state = UNSET
        elif isinstance(self.state, HeaderOutStateType0):
            state = self.state.to_dict()
        else:
            state = self.state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "status": status,
                "toAct": to_act,
                "deadline": deadline,
                "deadlines": deadlines,
                "result": result,
            }
        )
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.header_out_state_type_0 import HeaderOutStateType0
        from ..models.result_out import ResultOut
        from ..models.seat_clock_out import SeatClockOut

        d = dict(src_dict)
        version = d.pop("version")

        status = HeaderOutStatus(d.pop("status"))

        to_act = cast(list[int], d.pop("toAct"))

        def _parse_deadline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deadline = _parse_deadline(d.pop("deadline"))

        deadlines = []
        _deadlines = d.pop("deadlines")
        for deadlines_item_data in _deadlines:
            deadlines_item = SeatClockOut.from_dict(deadlines_item_data)

            deadlines.append(deadlines_item)

        def _parse_result(data: object) -> None | ResultOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = ResultOut.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultOut, data)

        result = _parse_result(d.pop("result"))

        def _parse_state(data: object) -> HeaderOutStateType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = HeaderOutStateType0.from_dict(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HeaderOutStateType0 | None | Unset, data)

        state = _parse_state(d.pop("state", UNSET))

        header_out = cls(
            version=version,
            status=status,
            to_act=to_act,
            deadline=deadline,
            deadlines=deadlines,
            result=result,
            state=state,
        )

        header_out.additional_properties = d
        return header_out

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
