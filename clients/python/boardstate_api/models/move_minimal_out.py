from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_out import EventOut
    from ..models.header_out import HeaderOut


T = TypeVar("T", bound="MoveMinimalOut")


@_attrs_define
class MoveMinimalOut:
    """The version after the move, its events (redacted for the mover) and the game's `header`
    just after it (as a streamed event's): the answer to `Prefer: return=minimal`.

    Attributes:
        version (int):
        events (list[EventOut]):
        header (HeaderOut): The game just after the event: `version` is the event's, `toAct` the seats that may
                move now, `deadline` the earliest running clock deadline and `deadlines` every seat's,
                `result` null until the game has ended; `state` (only with `withState=true`) the caller's
                state view, redacted as `GET /v1/games/{id}/state` redacts it for the same token.
        dry_run (bool):
    """

    version: int
    events: list[EventOut]
    header: HeaderOut
    dry_run: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        header = self.header.to_dict()

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "events": events,
                "header": header,
                "dryRun": dry_run,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_out import EventOut
        from ..models.header_out import HeaderOut

        d = dict(src_dict)
        version = d.pop("version")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = EventOut.from_dict(events_item_data)

            events.append(events_item)

        header = HeaderOut.from_dict(d.pop("header"))

        dry_run = d.pop("dryRun")

        move_minimal_out = cls(
            version=version,
            events=events,
            header=header,
            dry_run=dry_run,
        )

        move_minimal_out.additional_properties = d
        return move_minimal_out

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
