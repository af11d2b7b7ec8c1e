from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookOut")


@_attrs_define
class WebhookOut:
    """
    Attributes:
        id (str):
        url (str):
        events (list[str]):
        game_types (list[str] | None):
        paused (bool):
        paused_reason (None | str):
        created_at (str):
        queued (int):
    """

    id: str
    url: str
    events: list[str]
    game_types: list[str] | None
    paused: bool
    paused_reason: None | str
    created_at: str
    queued: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = self.events

        game_types: list[str] | None
        if isinstance(self.game_types, list):
            game_types = self.game_types

        else:
            game_types = self.game_types

        paused = self.paused

        paused_reason: None | str
        paused_reason = self.paused_reason

        created_at = self.created_at

        queued = self.queued

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "gameTypes": game_types,
                "paused": paused,
                "pausedReason": paused_reason,
                "createdAt": created_at,
                "queued": queued,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = cast(list[str], d.pop("events"))

        def _parse_game_types(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                game_types_type_0 = cast(list[str], data)

                return game_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        game_types = _parse_game_types(d.pop("gameTypes"))

        paused = d.pop("paused")

        def _parse_paused_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        paused_reason = _parse_paused_reason(d.pop("pausedReason"))

        created_at = d.pop("createdAt")

        queued = d.pop("queued")

        webhook_out = cls(
            id=id,
            url=url,
            events=events,
            game_types=game_types,
            paused=paused,
            paused_reason=paused_reason,
            created_at=created_at,
            queued=queued,
        )

        webhook_out.additional_properties = d
        return webhook_out

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
