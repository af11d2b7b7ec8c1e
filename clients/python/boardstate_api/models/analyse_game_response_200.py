from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.analyse_game_response_200_status import AnalyseGameResponse200Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.analyse_game_response_200_moves_item import (
        AnalyseGameResponse200MovesItem,
    )


T = TypeVar("T", bound="AnalyseGameResponse200")


@_attrs_define
class AnalyseGameResponse200:
    """
    Attributes:
        game_id (str):
        status (AnalyseGameResponse200Status):
        policy (str):
        moves (list[AnalyseGameResponse200MovesItem]):
        playouts_per_move (int | Unset):
        playouts (int | Unset):
        complete (bool | Unset):
    """

    game_id: str
    status: AnalyseGameResponse200Status
    policy: str
    moves: list[AnalyseGameResponse200MovesItem]
    playouts_per_move: int | Unset = UNSET
    playouts: int | Unset = UNSET
    complete: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        status = self.status.value

        policy = self.policy

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        playouts_per_move = self.playouts_per_move

        playouts = self.playouts

        complete = self.complete

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "gameId": game_id,
                "status": status,
                "policy": policy,
                "moves": moves,
            }
        )
        if playouts_per_move is not UNSET:
            field_dict["playoutsPerMove"] = playouts_per_move
        if playouts is not UNSET:
            field_dict["playouts"] = playouts
        if complete is not UNSET:
            field_dict["complete"] = complete

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analyse_game_response_200_moves_item import (
            AnalyseGameResponse200MovesItem,
        )

        d = dict(src_dict)
        game_id = d.pop("gameId")

        status = AnalyseGameResponse200Status(d.pop("status"))

        policy = d.pop("policy")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AnalyseGameResponse200MovesItem.from_dict(moves_item_data)

            moves.append(moves_item)

        playouts_per_move = d.pop("playoutsPerMove", UNSET)

        playouts = d.pop("playouts", UNSET)

        complete = d.pop("complete", UNSET)

        analyse_game_response_200 = cls(
            game_id=game_id,
            status=status,
            policy=policy,
            moves=moves,
            playouts_per_move=playouts_per_move,
            playouts=playouts,
            complete=complete,
        )

        analyse_game_response_200.additional_properties = d
        return analyse_game_response_200

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
