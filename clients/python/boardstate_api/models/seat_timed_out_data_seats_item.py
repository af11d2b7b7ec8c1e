from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatTimedOutDataSeatsItem")


@_attrs_define
class SeatTimedOutDataSeatsItem:
    """
    Attributes:
        seat (int):
        name (None | str):
        player_id (None | str):
        member (bool | Unset): Whether `playerId` is the player's membership (joined with their own token, seated by the
            admin token or by matchmaking), not only a name its creator wrote: only a member's own stream and game list hear
            of the game.
    """

    seat: int
    name: None | str
    player_id: None | str
    member: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name: None | str
        name = self.name

        player_id: None | str
        player_id = self.player_id

        member = self.member

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "playerId": player_id,
            }
        )
        if member is not UNSET:
            field_dict["member"] = member

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_player_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player_id = _parse_player_id(d.pop("playerId"))

        member = d.pop("member", UNSET)

        seat_timed_out_data_seats_item = cls(
            seat=seat,
            name=name,
            player_id=player_id,
            member=member,
        )

        return seat_timed_out_data_seats_item
