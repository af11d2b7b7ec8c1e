from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeekOut")


@_attrs_define
class SeekOut:
    """A seek: `status` `open`, `matched` (with `gameId` and `seat`), `cancelled` or
    `expired`; `createdAt`/`expiresAt` in epoch milliseconds.

    Attributes:
        seek_id (str):
        player_id (str):
        game_type (str):
        players (int):
        options (Any):
        rated (bool):
        bots (int):
        rating_min (float | None):
        rating_max (float | None):
        status (str):
        created_at (int):
        expires_at (int):
        game_id (None | str):
        seat (int | None):
    """

    seek_id: str
    player_id: str
    game_type: str
    players: int
    options: Any
    rated: bool
    bots: int
    rating_min: float | None
    rating_max: float | None
    status: str
    created_at: int
    expires_at: int
    game_id: None | str
    seat: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seek_id = self.seek_id

        player_id = self.player_id

        game_type = self.game_type

        players = self.players

        options = self.options

        rated = self.rated

        bots = self.bots

        rating_min: float | None
        rating_min = self.rating_min

        rating_max: float | None
        rating_max = self.rating_max

        status = self.status

        created_at = self.created_at

        expires_at = self.expires_at

        game_id: None | str
        game_id = self.game_id

        seat: int | None
        seat = self.seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seekId": seek_id,
                "playerId": player_id,
                "gameType": game_type,
                "players": players,
                "options": options,
                "rated": rated,
                "bots": bots,
                "ratingMin": rating_min,
                "ratingMax": rating_max,
                "status": status,
                "createdAt": created_at,
                "expiresAt": expires_at,
                "gameId": game_id,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seek_id = d.pop("seekId")

        player_id = d.pop("playerId")

        game_type = d.pop("gameType")

        players = d.pop("players")

        options = d.pop("options")

        rated = d.pop("rated")

        bots = d.pop("bots")

        def _parse_rating_min(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating_min = _parse_rating_min(d.pop("ratingMin"))

        def _parse_rating_max(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating_max = _parse_rating_max(d.pop("ratingMax"))

        status = d.pop("status")

        created_at = d.pop("createdAt")

        expires_at = d.pop("expiresAt")

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

        seek_out = cls(
            seek_id=seek_id,
            player_id=player_id,
            game_type=game_type,
            players=players,
            options=options,
            rated=rated,
            bots=bots,
            rating_min=rating_min,
            rating_max=rating_max,
            status=status,
            created_at=created_at,
            expires_at=expires_at,
            game_id=game_id,
            seat=seat,
        )

        seek_out.additional_properties = d
        return seek_out

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
