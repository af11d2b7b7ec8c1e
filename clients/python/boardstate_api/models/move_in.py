from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MoveIn")


@_attrs_define
class MoveIn:
    """`POST /v1/games/{id}/moves`: `move` is an item of legal-moves, submitted verbatim.

    `moveId` may come as the `Idempotency-Key` header and `expectedVersion` as
    `If-Match: "<version>"`; a header and a body value that differ are a 400.

    Attributes:
        seat (int):
        move (Any):
        expected_version (int | None | Unset):
        move_id (None | str | Unset):
        dry_run (bool | Unset):  Default: False.
    """

    seat: int
    move: Any
    expected_version: int | None | Unset = UNSET
    move_id: None | str | Unset = UNSET
    dry_run: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        move = self.move

        expected_version: int | None | Unset
        if isinstance(self.expected_version, Unset):
            expected_version = UNSET
        else:
            expected_version = self.expected_version

        move_id: None | str | Unset
        if isinstance(self.move_id, Unset):
            move_id = UNSET
        else:
            move_id = self.move_id

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "move": move,
            }
        )
        if expected_version is not UNSET:
            field_dict["expectedVersion"] = expected_version
        if move_id is not UNSET:
            field_dict["moveId"] = move_id
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        move = d.pop("move")

        def _parse_expected_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expected_version = _parse_expected_version(d.pop("expectedVersion", UNSET))

        def _parse_move_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        move_id = _parse_move_id(d.pop("moveId", UNSET))

        dry_run = d.pop("dryRun", UNSET)

        move_in = cls(
            seat=seat,
            move=move,
            expected_version=expected_version,
            move_id=move_id,
            dry_run=dry_run,
        )

        return move_in
