from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ChallengeOut")


@_attrs_define
class ChallengeOut:
    """A challenge: `status` `open`, `matched` (`gameId`, and `seats`: one per player in
    `[challenger, *invited]` order), `declined` (`declinedBy`), `cancelled` or `expired`.

    Attributes:
        challenge_id (str):
        challenger (str):
        invited (list[str]):
        accepted (list[str]):
        game_type (str):
        players (int):
        options (Any):
        rated (bool):
        bots (int):
        status (str):
        created_at (int):
        expires_at (int):
        declined_by (None | str):
        game_id (None | str):
        seats (list[int] | None):
    """

    challenge_id: str
    challenger: str
    invited: list[str]
    accepted: list[str]
    game_type: str
    players: int
    options: Any
    rated: bool
    bots: int
    status: str
    created_at: int
    expires_at: int
    declined_by: None | str
    game_id: None | str
    seats: list[int] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        challenge_id = self.challenge_id

        challenger = self.challenger

        invited = self.invited

        accepted = self.accepted

        game_type = self.game_type

        players = self.players

        options = self.options

        rated = self.rated

        bots = self.bots

        status = self.status

        created_at = self.created_at

        expires_at = self.expires_at

        declined_by: None | str
        declined_by = self.declined_by

        game_id: None | str
        game_id = self.game_id

        seats: list[int] | None
        if isinstance(self.seats, list):
            seats = self.seats

        else:
            seats = self.seats

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "challengeId": challenge_id,
                "challenger": challenger,
                "invited": invited,
                "accepted": accepted,
                "gameType": game_type,
                "players": players,
                "options": options,
                "rated": rated,
                "bots": bots,
                "status": status,
                "createdAt": created_at,
                "expiresAt": expires_at,
                "declinedBy": declined_by,
                "gameId": game_id,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        challenge_id = d.pop("challengeId")

        challenger = d.pop("challenger")

        invited = cast(list[str], d.pop("invited"))

        accepted = cast(list[str], d.pop("accepted"))

        game_type = d.pop("gameType")

        players = d.pop("players")

        options = d.pop("options")

        rated = d.pop("rated")

        bots = d.pop("bots")

        status = d.pop("status")

        created_at = d.pop("createdAt")

        expires_at = d.pop("expiresAt")

        def _parse_declined_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        declined_by = _parse_declined_by(d.pop("declinedBy"))

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("gameId"))

        def _parse_seats(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                seats_type_0 = cast(list[int], data)

                return seats_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        seats = _parse_seats(d.pop("seats"))

        challenge_out = cls(
            challenge_id=challenge_id,
            challenger=challenger,
            invited=invited,
            accepted=accepted,
            game_type=game_type,
            players=players,
            options=options,
            rated=rated,
            bots=bots,
            status=status,
            created_at=created_at,
            expires_at=expires_at,
            declined_by=declined_by,
            game_id=game_id,
            seats=seats,
        )

        challenge_out.additional_properties = d
        return challenge_out

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
