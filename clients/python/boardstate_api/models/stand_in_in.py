from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.stand_in_in_policy import StandInInPolicy
from ..types import UNSET, Unset

T = TypeVar("T", bound="StandInIn")


@_attrs_define
class StandInIn:
    """`POST /v1/games/{id}/seats/{seat}/stand-in` (admin).

    Attributes:
        policy (StandInInPolicy | Unset):  Default: StandInInPolicy.STAND_IN.
    """

    policy: StandInInPolicy | Unset = StandInInPolicy.STAND_IN

    def to_dict(self) -> dict[str, Any]:
        policy: str | Unset = UNSET
        if not isinstance(self.policy, Unset):
            policy = self.policy.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if policy is not UNSET:
            field_dict["policy"] = policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _policy = d.pop("policy", UNSET)
        policy: StandInInPolicy | Unset
        if isinstance(_policy, Unset):
            policy = UNSET
        else:
            policy = StandInInPolicy(_policy)

        stand_in_in = cls(
            policy=policy,
        )

        return stand_in_in
