from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.analyse_game_response_200_moves_item_best_type_0 import (
        AnalyseGameResponse200MovesItemBestType0,
    )
    from ..models.analyse_game_response_200_moves_item_move import (
        AnalyseGameResponse200MovesItemMove,
    )


T = TypeVar("T", bound="AnalyseGameResponse200MovesItem")


@_attrs_define
class AnalyseGameResponse200MovesItem:
    """
    Attributes:
        version (int):
        seat (int):
        move (AnalyseGameResponse200MovesItemMove):
        best (AnalyseGameResponse200MovesItemBestType0 | None):
        before (float | None):
        after (float | None):
        label (None | str):
        best_words (None | str | Unset):
    """

    version: int
    seat: int
    move: AnalyseGameResponse200MovesItemMove
    best: AnalyseGameResponse200MovesItemBestType0 | None
    before: float | None
    after: float | None
    label: None | str
    best_words: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.analyse_game_response_200_moves_item_best_type_0 import (
            AnalyseGameResponse200MovesItemBestType0,
        )

        version = self.version

        seat = self.seat

        move = self.move.to_dict()

        best: dict[str, Any] | None
        if isinstance(self.best, AnalyseGameResponse200MovesItemBestType0):
            best = self.best.to_dict()
        else:
            best = self.best

        before: float | None
        before = self.before

        after: float | None
        after = self.after

        label: None | str
        label = self.label

        best_words: None | str | Unset
        if isinstance(self.best_words, Unset):
            best_words = UNSET
        else:
            best_words = self.best_words

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "seat": seat,
                "move": move,
                "best": best,
                "before": before,
                "after": after,
                "label": label,
            }
        )
        if best_words is not UNSET:
            field_dict["bestWords"] = best_words

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analyse_game_response_200_moves_item_best_type_0 import (
            AnalyseGameResponse200MovesItemBestType0,
        )
        from ..models.analyse_game_response_200_moves_item_move import (
            AnalyseGameResponse200MovesItemMove,
        )

        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        move = AnalyseGameResponse200MovesItemMove.from_dict(d.pop("move"))

        def _parse_best(
            data: object,
        ) -> AnalyseGameResponse200MovesItemBestType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                best_type_0 = AnalyseGameResponse200MovesItemBestType0.from_dict(data)

                return best_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AnalyseGameResponse200MovesItemBestType0 | None, data)

        best = _parse_best(d.pop("best"))

        def _parse_before(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        before = _parse_before(d.pop("before"))

        def _parse_after(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        after = _parse_after(d.pop("after"))

        def _parse_label(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        label = _parse_label(d.pop("label"))

        def _parse_best_words(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        best_words = _parse_best_words(d.pop("bestWords", UNSET))

        analyse_game_response_200_moves_item = cls(
            version=version,
            seat=seat,
            move=move,
            best=best,
            before=before,
            after=after,
            label=label,
            best_words=best_words,
        )

        analyse_game_response_200_moves_item.additional_properties = d
        return analyse_game_response_200_moves_item

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
