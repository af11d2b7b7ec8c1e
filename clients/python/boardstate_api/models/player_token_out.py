from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayerTokenOut")


@_attrs_define
class PlayerTokenOut:
    """A player and a token the service signed for it: send it as `Authorization: Bearer
    <token>`; it acts for every seat that `playerId` holds, until `expiresAt` (epoch seconds).

    Attributes:
        player_id (str):
        token (str):
        expires_at (int): Seconds since the epoch
        display_name (None | str):
    """

    player_id: str
    token: str
    expires_at: int
    display_name: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        token = self.token

        expires_at = self.expires_at

        display_name: None | str
        display_name = self.display_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "playerId": player_id,
                "token": token,
                "expiresAt": expires_at,
                "displayName": display_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player_id = d.pop("playerId")

        token = d.pop("token")

        expires_at = d.pop("expiresAt")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("displayName"))

        player_token_out = cls(
            player_id=player_id,
            token=token,
            expires_at=expires_at,
            display_name=display_name,
        )

        player_token_out.additional_properties = d
        return player_token_out

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
