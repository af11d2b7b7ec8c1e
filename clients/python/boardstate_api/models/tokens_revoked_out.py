from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TokensRevokedOut")


@_attrs_define
class TokensRevokedOut:
    """Every token of the player from before `revokedAt` is refused from now on
    (`PLAYER_TOKEN_INVALID`, `revoked`), the one that asked included. `token` (and its
    `expiresAt`) is a fresh service token when the caller's was one, else null (an integrator
    signs its players' next tokens itself, with an `iat` after `revokedAt`).

    Attributes:
        player_id (str):
        revoked_at (datetime.datetime):
        token (None | str):
        expires_at (int | None):
    """

    player_id: str
    revoked_at: datetime.datetime
    token: None | str
    expires_at: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        revoked_at = self.revoked_at.isoformat()

        token: None | str
        token = self.token

        expires_at: int | None
        expires_at = self.expires_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "playerId": player_id,
                "revokedAt": revoked_at,
                "token": token,
                "expiresAt": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player_id = d.pop("playerId")

        revoked_at = datetime.datetime.fromisoformat(d.pop("revokedAt"))

        def _parse_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token = _parse_token(d.pop("token"))

        def _parse_expires_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))

        tokens_revoked_out = cls(
            player_id=player_id,
            revoked_at=revoked_at,
            token=token,
            expires_at=expires_at,
        )

        tokens_revoked_out.additional_properties = d
        return tokens_revoked_out

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
