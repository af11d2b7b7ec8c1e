from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeatClockOut")


@_attrs_define
class SeatClockOut:
    """
    Attributes:
        seat (int):
        remaining_ms (int | None):
        deadline (None | str):
    """

    seat: int
    remaining_ms: int | None
    deadline: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        remaining_ms: int | None
        remaining_ms = self.remaining_ms

        deadline: None | str
        deadline = self.deadline

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "remainingMs": remaining_ms,
                "deadline": deadline,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_remaining_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        remaining_ms = _parse_remaining_ms(d.pop("remainingMs"))

        def _parse_deadline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deadline = _parse_deadline(d.pop("deadline"))

        seat_clock_out = cls(
            seat=seat,
            remaining_ms=remaining_ms,
            deadline=deadline,
        )

        seat_clock_out.additional_properties = d
        return seat_clock_out

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
