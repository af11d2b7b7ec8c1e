from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatOut")


@_attrs_define
class SeatOut:
    """
    Attributes:
        index (int):
        name (None | str):
        joined (bool):
        out (bool | Unset):  Default: False.
        resigned (bool | Unset):  Default: False.
        stand_in (bool | Unset):  Default: False.
        timeouts (int | Unset):  Default: 0.
    """

    index: int
    name: None | str
    joined: bool
    out: bool | Unset = False
    resigned: bool | Unset = False
    stand_in: bool | Unset = False
    timeouts: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        name: None | str
        name = self.name

        joined = self.joined

        out = self.out

        resigned = self.resigned

        stand_in = self.stand_in

        timeouts = self.timeouts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "name": name,
                "joined": joined,
            }
        )
        if out is not UNSET:
            field_dict["out"] = out
        if resigned is not UNSET:
            field_dict["resigned"] = resigned
        if stand_in is not UNSET:
            field_dict["standIn"] = stand_in
        if timeouts is not UNSET:
            field_dict["timeouts"] = timeouts

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        index = d.pop("index")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        joined = d.pop("joined")

        out = d.pop("out", UNSET)

        resigned = d.pop("resigned", UNSET)

        stand_in = d.pop("standIn", UNSET)

        timeouts = d.pop("timeouts", UNSET)

        seat_out = cls(
            index=index,
            name=name,
            joined=joined,
            out=out,
            resigned=resigned,
            stand_in=stand_in,
            timeouts=timeouts,
        )

        seat_out.additional_properties = d
        return seat_out

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
