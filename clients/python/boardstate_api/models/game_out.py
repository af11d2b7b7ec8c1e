from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_out_status import GameOutStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock_out import ClockOut
    from ..models.fork_origin_out import ForkOriginOut
    from ..models.result_out import ResultOut
    from ..models.seat_out import SeatOut
    from ..models.takeback_out import TakebackOut


T = TypeVar("T", bound="GameOut")


@_attrs_define
class GameOut:
    """A game at its current version (the GraphQL `Game`'s scalar fields).

    Attributes:
        id (str):
        game_type (str):
        status (GameOutStatus):
        version (int):
        players (int):
        seats (list[SeatOut]):
        to_act (list[int]):
        created_at (str):
        seeded_by_client (bool):
        rules_version (str):
        data_set (str):
        seed_commitment (str):
        seed (None | str):
        imported (bool):
        forked_from (ForkOriginOut | None):
        result (None | ResultOut):
        max_game_length (int | None):
        clock (ClockOut | None | Unset):
        takeback (None | TakebackOut | Unset):
        rated (bool | Unset):  Default: False.
    """

    id: str
    game_type: str
    status: GameOutStatus
    version: int
    players: int
    seats: list[SeatOut]
    to_act: list[int]
    created_at: str
    seeded_by_client: bool
    rules_version: str
    data_set: str
    seed_commitment: str
    seed: None | str
    imported: bool
    forked_from: ForkOriginOut | None
    result: None | ResultOut
    max_game_length: int | None
    clock: ClockOut | None | Unset = UNSET
    takeback: None | TakebackOut | Unset = UNSET
    rated: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_out import ClockOut
        from ..models.fork_origin_out import ForkOriginOut
        from ..models.result_out import ResultOut
        from ..models.takeback_out import TakebackOut

        id = self.id

        game_type = self.game_type

        status = self.status.value

        version = self.version

        players = self.players

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        to_act = self.to_act

        created_at = self.created_at

        seeded_by_client = self.seeded_by_client

        rules_version = self.rules_version

        data_set = self.data_set

        seed_commitment = self.seed_commitment

        seed: None | str
        seed = self.seed

        imported = self.imported

        forked_from: dict[str, Any] | None
        if isinstance(self.forked_from, ForkOriginOut):
            forked_from = self.forked_from.to_dict()
        else:
            forked_from = self.forked_from

        result: dict[str, Any] | None
        if isinstance(self.result, ResultOut):
            result = self.result.to_dict()
        else:
            result = self.result

        max_game_length: int | None
        max_game_length = self.max_game_length

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, ClockOut):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        takeback: dict[str, Any] | None | Unset
        if isinstance(self.takeback, Unset):
            takeback = UNSET
        elif isinstance(self.takeback, TakebackOut):
            takeback = self.takeback.to_dict()
        else:
            takeback = self.takeback

        rated = self.rated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "gameType": game_type,
                "status": status,
                "version": version,
                "players": players,
                "seats": seats,
                "toAct": to_act,
                "createdAt": created_at,
                "seededByClient": seeded_by_client,
                "rulesVersion": rules_version,
                "dataSet": data_set,
                "seedCommitment": seed_commitment,
                "seed": seed,
                "imported": imported,
                "forkedFrom": forked_from,
                "result": result,
                "maxGameLength": max_game_length,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if takeback is not UNSET:
            field_dict["takeback"] = takeback
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.clock_out import ClockOut
        from ..models.fork_origin_out import ForkOriginOut
        from ..models.result_out import ResultOut
        from ..models.seat_out import SeatOut
        from ..models.takeback_out import TakebackOut

        d = dict(src_dict)
        id = d.pop("id")

        game_type = d.pop("gameType")

        status = GameOutStatus(d.pop("status"))

        version = d.pop("version")

        players = d.pop("players")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatOut.from_dict(seats_item_data)

            seats.append(seats_item)

        to_act = cast(list[int], d.pop("toAct"))

        created_at = d.pop("createdAt")

        seeded_by_client = d.pop("seededByClient")

        rules_version = d.pop("rulesVersion")

        data_set = d.pop("dataSet")

        seed_commitment = d.pop("seedCommitment")

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))

        imported = d.pop("imported")

        def _parse_forked_from(data: object) -> ForkOriginOut | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                forked_from_type_1 = ForkOriginOut.from_dict(data)

                return forked_from_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ForkOriginOut | None, data)

        forked_from = _parse_forked_from(d.pop("forkedFrom"))

        def _parse_result(data: object) -> None | ResultOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = ResultOut.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultOut, data)

        result = _parse_result(d.pop("result"))

        def _parse_max_game_length(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_game_length = _parse_max_game_length(d.pop("maxGameLength"))

        def _parse_clock(data: object) -> ClockOut | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_1 = ClockOut.from_dict(data)

                return clock_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockOut | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        def _parse_takeback(data: object) -> None | TakebackOut | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                takeback_type_1 = TakebackOut.from_dict(data)

                return takeback_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TakebackOut | Unset, data)

        takeback = _parse_takeback(d.pop("takeback", UNSET))

        rated = d.pop("rated", UNSET)

        game_out = cls(
            id=id,
            game_type=game_type,
            status=status,
            version=version,
            players=players,
            seats=seats,
            to_act=to_act,
            created_at=created_at,
            seeded_by_client=seeded_by_client,
            rules_version=rules_version,
            data_set=data_set,
            seed_commitment=seed_commitment,
            seed=seed,
            imported=imported,
            forked_from=forked_from,
            result=result,
            max_game_length=max_game_length,
            clock=clock,
            takeback=takeback,
            rated=rated,
        )

        game_out.additional_properties = d
        return game_out

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
