from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.seat_clock_out import SeatClockOut


T = TypeVar("T", bound="ClockOut")


@_attrs_define
class ClockOut:
    """The clock (`options.clock`) and each seat's; `deadline` is the earliest running one.

    Attributes:
        on_timeout (str):
        per_move_seconds (float | None):
        initial_seconds (float | None):
        increment_seconds (float | None):
        deadline (None | str):
        seats (list[SeatClockOut]):
    """

    on_timeout: str
    per_move_seconds: float | None
    initial_seconds: float | None
    increment_seconds: float | None
    deadline: None | str
    seats: list[SeatClockOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        on_timeout = self.on_timeout

        per_move_seconds: float | None
        per_move_seconds = self.per_move_seconds

        initial_seconds: float | None
        initial_seconds = self.initial_seconds

        increment_seconds: float | None
        increment_seconds = self.increment_seconds

        deadline: None | str
        deadline = self.deadline

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "onTimeout": on_timeout,
                "perMoveSeconds": per_move_seconds,
                "initialSeconds": initial_seconds,
                "incrementSeconds": increment_seconds,
                "deadline": deadline,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.seat_clock_out import SeatClockOut

        d = dict(src_dict)
        on_timeout = d.pop("onTimeout")

        def _parse_per_move_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        per_move_seconds = _parse_per_move_seconds(d.pop("perMoveSeconds"))

        def _parse_initial_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        initial_seconds = _parse_initial_seconds(d.pop("initialSeconds"))

        def _parse_increment_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        increment_seconds = _parse_increment_seconds(d.pop("incrementSeconds"))

        def _parse_deadline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deadline = _parse_deadline(d.pop("deadline"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatClockOut.from_dict(seats_item_data)

            seats.append(seats_item)

        clock_out = cls(
            on_timeout=on_timeout,
            per_move_seconds=per_move_seconds,
            initial_seconds=initial_seconds,
            increment_seconds=increment_seconds,
            deadline=deadline,
            seats=seats,
        )

        clock_out.additional_properties = d
        return clock_out

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
