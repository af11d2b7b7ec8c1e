from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.verify_failure_out import VerifyFailureOut


T = TypeVar("T", bound="VerificationOut")


@_attrs_define
class VerificationOut:
    """What `boardstate verify FILE --json` prints for the same log: `ok` (everything that
    could be checked holds), `complete` (and the seed was revealed, so everything was).

    Attributes:
        ok (bool):
        complete (bool):
        game_type (str):
        rules_version (str):
        data_set (str):
        players (int):
        events (int):
        seed_revealed (bool):
        finished (bool):
        moves (int):
        inferred_moves (int):
        checked (list[str]):
        unchecked (list[str]):
        failure (None | VerifyFailureOut):
    """

    ok: bool
    complete: bool
    game_type: str
    rules_version: str
    data_set: str
    players: int
    events: int
    seed_revealed: bool
    finished: bool
    moves: int
    inferred_moves: int
    checked: list[str]
    unchecked: list[str]
    failure: None | VerifyFailureOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.verify_failure_out import VerifyFailureOut

        ok = self.ok

        complete = self.complete

        game_type = self.game_type

        rules_version = self.rules_version

        data_set = self.data_set

        players = self.players

        events = self.events

        seed_revealed = self.seed_revealed

        finished = self.finished

        moves = self.moves

        inferred_moves = self.inferred_moves

        checked = self.checked

        unchecked = self.unchecked

        failure: dict[str, Any] | None
        if isinstance(self.failure, VerifyFailureOut):
            failure = self.failure.to_dict()
        else:
            failure = self.failure

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ok": ok,
                "complete": complete,
                "gameType": game_type,
                "rulesVersion": rules_version,
                "dataSet": data_set,
                "players": players,
                "events": events,
                "seedRevealed": seed_revealed,
                "finished": finished,
                "moves": moves,
                "inferredMoves": inferred_moves,
                "checked": checked,
                "unchecked": unchecked,
                "failure": failure,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.verify_failure_out import VerifyFailureOut

        d = dict(src_dict)
        ok = d.pop("ok")

        complete = d.pop("complete")

        game_type = d.pop("gameType")

        rules_version = d.pop("rulesVersion")

        data_set = d.pop("dataSet")

        players = d.pop("players")

        events = d.pop("events")

        seed_revealed = d.pop("seedRevealed")

        finished = d.pop("finished")

        moves = d.pop("moves")

        inferred_moves = d.pop("inferredMoves")

        checked = cast(list[str], d.pop("checked"))

        unchecked = cast(list[str], d.pop("unchecked"))

        def _parse_failure(data: object) -> None | VerifyFailureOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                failure_type_1 = VerifyFailureOut.from_dict(data)

                return failure_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VerifyFailureOut, data)

        failure = _parse_failure(d.pop("failure"))

        verification_out = cls(
            ok=ok,
            complete=complete,
            game_type=game_type,
            rules_version=rules_version,
            data_set=data_set,
            players=players,
            events=events,
            seed_revealed=seed_revealed,
            finished=finished,
            moves=moves,
            inferred_moves=inferred_moves,
            checked=checked,
            unchecked=unchecked,
            failure=failure,
        )

        verification_out.additional_properties = d
        return verification_out

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
