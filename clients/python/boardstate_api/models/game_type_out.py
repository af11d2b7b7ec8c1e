from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_type_out_event_schema import GameTypeOutEventSchema
    from ..models.game_type_out_move_schema import GameTypeOutMoveSchema
    from ..models.game_type_out_options_schema import GameTypeOutOptionsSchema
    from ..models.game_type_out_provenance import GameTypeOutProvenance
    from ..models.game_type_out_state_schema import GameTypeOutStateSchema
    from ..models.game_type_out_variants_item import GameTypeOutVariantsItem
    from ..models.player_count_out import PlayerCountOut


T = TypeVar("T", bound="GameTypeOut")


@_attrs_define
class GameTypeOut:
    """
    Attributes:
        id (str):
        name (str):
        min_players (int):
        max_players (int):
        rules_version (str):
        max_game_length (int | None):
        player_counts (list[PlayerCountOut]):
        variants (list[GameTypeOutVariantsItem]):
        options_schema (GameTypeOutOptionsSchema):
        move_schema (GameTypeOutMoveSchema):
        event_types (list[str]):
        service_event_types (list[str]):
        event_schema (GameTypeOutEventSchema):
        state_schema (GameTypeOutStateSchema):
        provenance (GameTypeOutProvenance):
        package (str):
        package_version (str):
    """

    id: str
    name: str
    min_players: int
    max_players: int
    rules_version: str
    max_game_length: int | None
    player_counts: list[PlayerCountOut]
    variants: list[GameTypeOutVariantsItem]
    options_schema: GameTypeOutOptionsSchema
    move_schema: GameTypeOutMoveSchema
    event_types: list[str]
    service_event_types: list[str]
    event_schema: GameTypeOutEventSchema
    state_schema: GameTypeOutStateSchema
    provenance: GameTypeOutProvenance
    package: str
    package_version: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        min_players = self.min_players

        max_players = self.max_players

        rules_version = self.rules_version

        max_game_length: int | None
        max_game_length = self.max_game_length

        player_counts = []
        for player_counts_item_data in self.player_counts:
            player_counts_item = player_counts_item_data.to_dict()
            player_counts.append(player_counts_item)

        variants = []
        for variants_item_data in self.variants:
            variants_item = variants_item_data.to_dict()
            variants.append(variants_item)

        options_schema = self.options_schema.to_dict()

        move_schema = self.move_schema.to_dict()

        event_types = self.event_types

        service_event_types = self.service_event_types

        event_schema = self.event_schema.to_dict()

        state_schema = self.state_schema.to_dict()

        provenance = self.provenance.to_dict()

        package = self.package

        package_version = self.package_version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "minPlayers": min_players,
                "maxPlayers": max_players,
                "rulesVersion": rules_version,
                "maxGameLength": max_game_length,
                "playerCounts": player_counts,
                "variants": variants,
                "optionsSchema": options_schema,
                "moveSchema": move_schema,
                "eventTypes": event_types,
                "serviceEventTypes": service_event_types,
                "eventSchema": event_schema,
                "stateSchema": state_schema,
                "provenance": provenance,
                "package": package,
                "packageVersion": package_version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_type_out_event_schema import GameTypeOutEventSchema
        from ..models.game_type_out_move_schema import GameTypeOutMoveSchema
        from ..models.game_type_out_options_schema import GameTypeOutOptionsSchema
        from ..models.game_type_out_provenance import GameTypeOutProvenance
        from ..models.game_type_out_state_schema import GameTypeOutStateSchema
        from ..models.game_type_out_variants_item import GameTypeOutVariantsItem
        from ..models.player_count_out import PlayerCountOut

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        min_players = d.pop("minPlayers")

        max_players = d.pop("maxPlayers")

        rules_version = d.pop("rulesVersion")

        def _parse_max_game_length(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_game_length = _parse_max_game_length(d.pop("maxGameLength"))

        player_counts = []
        _player_counts = d.pop("playerCounts")
        for player_counts_item_data in _player_counts:
            player_counts_item = PlayerCountOut.from_dict(player_counts_item_data)

            player_counts.append(player_counts_item)

        variants = []
        _variants = d.pop("variants")
        for variants_item_data in _variants:
            variants_item = GameTypeOutVariantsItem.from_dict(variants_item_data)

            variants.append(variants_item)

        options_schema = GameTypeOutOptionsSchema.from_dict(d.pop("optionsSchema"))

        move_schema = GameTypeOutMoveSchema.from_dict(d.pop("moveSchema"))

        event_types = cast(list[str], d.pop("eventTypes"))

        service_event_types = cast(list[str], d.pop("serviceEventTypes"))

        event_schema = GameTypeOutEventSchema.from_dict(d.pop("eventSchema"))

        state_schema = GameTypeOutStateSchema.from_dict(d.pop("stateSchema"))

        provenance = GameTypeOutProvenance.from_dict(d.pop("provenance"))

        package = d.pop("package")

        package_version = d.pop("packageVersion")

        game_type_out = cls(
            id=id,
            name=name,
            min_players=min_players,
            max_players=max_players,
            rules_version=rules_version,
            max_game_length=max_game_length,
            player_counts=player_counts,
            variants=variants,
            options_schema=options_schema,
            move_schema=move_schema,
            event_types=event_types,
            service_event_types=service_event_types,
            event_schema=event_schema,
            state_schema=state_schema,
            provenance=provenance,
            package=package,
            package_version=package_version,
        )

        game_type_out.additional_properties = d
        return game_type_out

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
