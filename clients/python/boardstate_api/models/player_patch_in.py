from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerPatchIn")


@_attrs_define
class PlayerPatchIn:
    """The caller's new display name.

    Attributes:
        display_name (str): 1 to 32 characters once NFC-normalised and trimmed, with no control or format characters
            (bidi overrides, zero-width spaces): 422 `BAD_NAME` otherwise. Not unique: the playerId is the identity.
    """

    display_name: str

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "displayName": display_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        display_name = d.pop("displayName")

        player_patch_in = cls(
            display_name=display_name,
        )

        return player_patch_in
