from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.legal_moves_out_moves_item import LegalMovesOutMovesItem


T = TypeVar("T", bound="LegalMovesOut")


@_attrs_define
class LegalMovesOut:
    """Every legal move of the seat, each a wire object (`{type, ...}`) to submit verbatim;
    `describe[i]` is `moves[i]` in words for people.

    Attributes:
        version (int):
        moves (list[LegalMovesOutMovesItem]):
        describe (list[str]):
    """

    version: int
    moves: list[LegalMovesOutMovesItem]
    describe: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        describe = self.describe

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "moves": moves,
                "describe": describe,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.legal_moves_out_moves_item import LegalMovesOutMovesItem

        d = dict(src_dict)
        version = d.pop("version")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = LegalMovesOutMovesItem.from_dict(moves_item_data)

            moves.append(moves_item)

        describe = cast(list[str], d.pop("describe"))

        legal_moves_out = cls(
            version=version,
            moves=moves,
            describe=describe,
        )

        legal_moves_out.additional_properties = d
        return legal_moves_out

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
