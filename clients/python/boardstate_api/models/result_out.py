from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.result_out_details_type_0 import ResultOutDetailsType0


T = TypeVar("T", bound="ResultOut")


@_attrs_define
class ResultOut:
    """
    Attributes:
        scores (list[int]):
        winners (list[int]):
        details (None | ResultOutDetailsType0):
    """

    scores: list[int]
    winners: list[int]
    details: None | ResultOutDetailsType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.result_out_details_type_0 import ResultOutDetailsType0

        scores = self.scores

        winners = self.winners

        details: dict[str, Any] | None
        if isinstance(self.details, ResultOutDetailsType0):
            details = self.details.to_dict()
        else:
            details = self.details

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scores": scores,
                "winners": winners,
                "details": details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.result_out_details_type_0 import ResultOutDetailsType0

        d = dict(src_dict)
        scores = cast(list[int], d.pop("scores"))

        winners = cast(list[int], d.pop("winners"))

        def _parse_details(data: object) -> None | ResultOutDetailsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                details_type_0 = ResultOutDetailsType0.from_dict(data)

                return details_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultOutDetailsType0, data)

        details = _parse_details(d.pop("details"))

        result_out = cls(
            scores=scores,
            winners=winners,
            details=details,
        )

        result_out.additional_properties = d
        return result_out

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
