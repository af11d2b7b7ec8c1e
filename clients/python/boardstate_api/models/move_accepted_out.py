from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_out import EventOut
    from ..models.game_out import GameOut


T = TypeVar("T", bound="MoveAcceptedOut")


@_attrs_define
class MoveAcceptedOut:
    """The version after the move and its events (redacted for the mover).

    Attributes:
        version (int):
        events (list[EventOut]):
        game (GameOut): A game at its current version (the GraphQL `Game`'s scalar fields).
        dry_run (bool):
    """

    version: int
    events: list[EventOut]
    game: GameOut
    dry_run: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        game = self.game.to_dict()

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "events": events,
                "game": game,
                "dryRun": dry_run,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_out import EventOut
        from ..models.game_out import GameOut

        d = dict(src_dict)
        version = d.pop("version")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = EventOut.from_dict(events_item_data)

            events.append(events_item)

        game = GameOut.from_dict(d.pop("game"))

        dry_run = d.pop("dryRun")

        move_accepted_out = cls(
            version=version,
            events=events,
            game=game,
            dry_run=dry_run,
        )

        move_accepted_out.additional_properties = d
        return move_accepted_out

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
