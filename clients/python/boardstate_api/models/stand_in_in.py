from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="StandInIn")


@_attrs_define
class StandInIn:
    """`POST /v1/games/{id}/seats/{seat}/stand-in` (admin).

    Attributes:
        policy (str | Unset):  Default: 'stand-in'.
    """

    policy: str | Unset = "stand-in"

    def to_dict(self) -> dict[str, Any]:
        policy = self.policy

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if policy is not UNSET:
            field_dict["policy"] = policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        policy = d.pop("policy", UNSET)

        stand_in_in = cls(
            policy=policy,
        )

        return stand_in_in
