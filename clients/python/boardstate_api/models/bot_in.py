from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.bot_in_policy import BotInPolicy
from ..types import UNSET, Unset

T = TypeVar("T", bound="BotIn")


@_attrs_define
class BotIn:
    """A bot seat of `POST /v1/games`: its policy and thinking budget (ms).

    Attributes:
        seat (int):
        policy (BotInPolicy):
        budget_ms (int | Unset):  Default: 1000.
    """

    seat: int
    policy: BotInPolicy
    budget_ms: int | Unset = 1000

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        policy = self.policy.value

        budget_ms = self.budget_ms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "policy": policy,
            }
        )
        if budget_ms is not UNSET:
            field_dict["budgetMs"] = budget_ms

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        policy = BotInPolicy(d.pop("policy"))

        budget_ms = d.pop("budgetMs", UNSET)

        bot_in = cls(
            seat=seat,
            policy=policy,
            budget_ms=budget_ms,
        )

        return bot_in
