from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TakebackOut")


@_attrs_define
class TakebackOut:
    """
    Attributes:
        seat (int):
        to_version (int):
        accepted (list[int]):
        waiting_for (list[int]):
    """

    seat: int
    to_version: int
    accepted: list[int]
    waiting_for: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        to_version = self.to_version

        accepted = self.accepted

        waiting_for = self.waiting_for

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "toVersion": to_version,
                "accepted": accepted,
                "waitingFor": waiting_for,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        to_version = d.pop("toVersion")

        accepted = cast(list[int], d.pop("accepted"))

        waiting_for = cast(list[int], d.pop("waitingFor"))

        takeback_out = cls(
            seat=seat,
            to_version=to_version,
            accepted=accepted,
            waiting_for=waiting_for,
        )

        takeback_out.additional_properties = d
        return takeback_out

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
