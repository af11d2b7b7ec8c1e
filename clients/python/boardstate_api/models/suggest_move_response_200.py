from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.suggest_move_response_200_move import SuggestMoveResponse200Move


T = TypeVar("T", bound="SuggestMoveResponse200")


@_attrs_define
class SuggestMoveResponse200:
    """
    Attributes:
        version (int):
        move (SuggestMoveResponse200Move):
    """

    version: int
    move: SuggestMoveResponse200Move
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        move = self.move.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "move": move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.suggest_move_response_200_move import SuggestMoveResponse200Move

        d = dict(src_dict)
        version = d.pop("version")

        move = SuggestMoveResponse200Move.from_dict(d.pop("move"))

        suggest_move_response_200 = cls(
            version=version,
            move=move,
        )

        suggest_move_response_200.additional_properties = d
        return suggest_move_response_200

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
