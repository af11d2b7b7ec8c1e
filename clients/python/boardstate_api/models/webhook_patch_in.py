from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookPatchIn")


@_attrs_define
class WebhookPatchIn:
    """
    Attributes:
        url (str | Unset):
        events (list[str] | Unset):
        game_types (list[str] | None | Unset):
        paused (bool | Unset):
    """

    url: str | Unset = UNSET
    events: list[str] | Unset = UNSET
    game_types: list[str] | None | Unset = UNSET
    paused: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = self.events

        game_types: list[str] | None | Unset
        if isinstance(self.game_types, Unset):
            game_types = UNSET
        elif isinstance(self.game_types, list):
            game_types = self.game_types

        else:
            game_types = self.game_types

        paused = self.paused

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if game_types is not UNSET:
            field_dict["gameTypes"] = game_types
        if paused is not UNSET:
            field_dict["paused"] = paused

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        events = cast(list[str], d.pop("events", UNSET))

        def _parse_game_types(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                game_types_type_0 = cast(list[str], data)

                return game_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        game_types = _parse_game_types(d.pop("gameTypes", UNSET))

        paused = d.pop("paused", UNSET)

        webhook_patch_in = cls(
            url=url,
            events=events,
            game_types=game_types,
            paused=paused,
        )

        return webhook_patch_in
