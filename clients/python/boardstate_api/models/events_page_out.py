from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_out import EventOut


T = TypeVar("T", bound="EventsPageOut")


@_attrs_define
class EventsPageOut:
    """`nextAfterVersion` is the `afterVersion` of the next page (poll with it);
    `hasMore` tells whether the log already holds more.

    Attributes:
        items (list[EventOut]):
        next_after_version (int):
        has_more (bool):
    """

    items: list[EventOut]
    next_after_version: int
    has_more: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        next_after_version = self.next_after_version

        has_more = self.has_more

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "items": items,
                "nextAfterVersion": next_after_version,
                "hasMore": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_out import EventOut

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = EventOut.from_dict(items_item_data)

            items.append(items_item)

        next_after_version = d.pop("nextAfterVersion")

        has_more = d.pop("hasMore")

        events_page_out = cls(
            items=items,
            next_after_version=next_after_version,
            has_more=has_more,
        )

        events_page_out.additional_properties = d
        return events_page_out

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
