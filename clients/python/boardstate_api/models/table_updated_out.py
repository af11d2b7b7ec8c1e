from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_out import GameOut


T = TypeVar("T", bound="TableUpdatedOut")


@_attrs_define
class TableUpdatedOut:
    """The game after a table operation (and any stand-in moves it caused).

    Attributes:
        version (int):
        game (GameOut): A game at its current version (the GraphQL `Game`'s scalar fields).
    """

    version: int
    game: GameOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_out import GameOut

        d = dict(src_dict)
        version = d.pop("version")

        game = GameOut.from_dict(d.pop("game"))

        table_updated_out = cls(
            version=version,
            game=game,
        )

        table_updated_out.additional_properties = d
        return table_updated_out

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
