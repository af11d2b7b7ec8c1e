from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RematchOut")


@_attrs_define
class RematchOut:
    """A rematch: `open` (waiting for the seats in `waitingFor`) or `created` (`gameId`, the
    caller's `seat`, and for a seat-token caller its new seat's `token`).

    Attributes:
        rematch_of (str):
        status (str):
        asked (list[int]):
        waiting_for (list[int]):
        game_id (None | str):
        seat (int | None):
        token (None | str):
    """

    rematch_of: str
    status: str
    asked: list[int]
    waiting_for: list[int]
    game_id: None | str
    seat: int | None
    token: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rematch_of = self.rematch_of

        status = self.status

        asked = self.asked

        waiting_for = self.waiting_for

        game_id: None | str
        game_id = self.game_id

        seat: int | None
        seat = self.seat

        token: None | str
        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rematchOf": rematch_of,
                "status": status,
                "asked": asked,
                "waitingFor": waiting_for,
                "gameId": game_id,
                "seat": seat,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rematch_of = d.pop("rematchOf")

        status = d.pop("status")

        asked = cast(list[int], d.pop("asked"))

        waiting_for = cast(list[int], d.pop("waitingFor"))

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("gameId"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token = _parse_token(d.pop("token"))

        rematch_out = cls(
            rematch_of=rematch_of,
            status=status,
            asked=asked,
            waiting_for=waiting_for,
            game_id=game_id,
            seat=seat,
            token=token,
        )

        rematch_out.additional_properties = d
        return rematch_out

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
