from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DeliveryOut")


@_attrs_define
class DeliveryOut:
    """
    Attributes:
        id (str):
        message_id (str):
        type_ (str):
        game_id (str):
        status (str):
        attempts (int):
        last_status (int | None):
        last_error (None | str):
        next_attempt_at (None | str):
        created_at (str):
        delivered_at (None | str):
    """

    id: str
    message_id: str
    type_: str
    game_id: str
    status: str
    attempts: int
    last_status: int | None
    last_error: None | str
    next_attempt_at: None | str
    created_at: str
    delivered_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        message_id = self.message_id

        type_ = self.type_

        game_id = self.game_id

        status = self.status

        attempts = self.attempts

        last_status: int | None
        last_status = self.last_status

        last_error: None | str
        last_error = self.last_error

        next_attempt_at: None | str
        next_attempt_at = self.next_attempt_at

        created_at = self.created_at

        delivered_at: None | str
        delivered_at = self.delivered_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "messageId": message_id,
                "type": type_,
                "gameId": game_id,
                "status": status,
                "attempts": attempts,
                "lastStatus": last_status,
                "lastError": last_error,
                "nextAttemptAt": next_attempt_at,
                "createdAt": created_at,
                "deliveredAt": delivered_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        message_id = d.pop("messageId")

        type_ = d.pop("type")

        game_id = d.pop("gameId")

        status = d.pop("status")

        attempts = d.pop("attempts")

        def _parse_last_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status = _parse_last_status(d.pop("lastStatus"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("lastError"))

        def _parse_next_attempt_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))

        created_at = d.pop("createdAt")

        def _parse_delivered_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        delivered_at = _parse_delivered_at(d.pop("deliveredAt"))

        delivery_out = cls(
            id=id,
            message_id=message_id,
            type_=type_,
            game_id=game_id,
            status=status,
            attempts=attempts,
            last_status=last_status,
            last_error=last_error,
            next_attempt_at=next_attempt_at,
            created_at=created_at,
            delivered_at=delivered_at,
        )

        delivery_out.additional_properties = d
        return delivery_out

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
