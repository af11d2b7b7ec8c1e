from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_out_code import ProblemOutCode

if TYPE_CHECKING:
    from ..models.problem_out_details_type_0 import ProblemOutDetailsType0


T = TypeVar("T", bound="ProblemOut")


@_attrs_define
class ProblemOut:
    """RFC 9457 problem details with the stable `code`.

    Attributes:
        type_ (str):
        title (str):
        status (int):
        detail (str):
        code (ProblemOutCode):
        details (None | ProblemOutDetailsType0):
    """

    type_: str
    title: str
    status: int
    detail: str
    code: ProblemOutCode
    details: None | ProblemOutDetailsType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.problem_out_details_type_0 import ProblemOutDetailsType0

        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code = self.code.value

        details: dict[str, Any] | None
        if isinstance(self.details, ProblemOutDetailsType0):
            details = self.details.to_dict()
        else:
            details = self.details

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
                "details": details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.problem_out_details_type_0 import ProblemOutDetailsType0

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = ProblemOutCode(d.pop("code"))

        def _parse_details(data: object) -> None | ProblemOutDetailsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                details_type_0 = ProblemOutDetailsType0.from_dict(data)

                return details_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProblemOutDetailsType0, data)

        details = _parse_details(d.pop("details"))

        problem_out = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            details=details,
        )

        problem_out.additional_properties = d
        return problem_out

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
