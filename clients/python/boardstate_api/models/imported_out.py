from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.imported_out_status import ImportedOutStatus

T = TypeVar("T", bound="ImportedOut")


@_attrs_define
class ImportedOut:
    """The game an imported log became (the same body as `POST /games/import`).

    Attributes:
        game_id (str):
        game_type (str):
        version (int):
        status (ImportedOutStatus):
        imported (bool):
        seeded_by_client (bool):
    """

    game_id: str
    game_type: str
    version: int
    status: ImportedOutStatus
    imported: bool
    seeded_by_client: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        game_type = self.game_type

        version = self.version

        status = self.status.value

        imported = self.imported

        seeded_by_client = self.seeded_by_client

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "gameId": game_id,
                "gameType": game_type,
                "version": version,
                "status": status,
                "imported": imported,
                "seededByClient": seeded_by_client,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        game_id = d.pop("gameId")

        game_type = d.pop("gameType")

        version = d.pop("version")

        status = ImportedOutStatus(d.pop("status"))

        imported = d.pop("imported")

        seeded_by_client = d.pop("seededByClient")

        imported_out = cls(
            game_id=game_id,
            game_type=game_type,
            version=version,
            status=status,
            imported=imported,
            seeded_by_client=seeded_by_client,
        )

        imported_out.additional_properties = d
        return imported_out

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
