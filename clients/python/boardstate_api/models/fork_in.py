from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ForkIn")


@_attrs_define
class ForkIn:
    """`POST /v1/games/{id}/fork`: `forkGame`'s arguments. `version` is a move boundary of a
    finished game; `seed` as in `POST /v1/games`; `exact` (a position with hidden
    information) needs the admin token.

    Attributes:
        version (int):
        seed (None | str | Unset):
        exact (bool | Unset):  Default: False.
    """

    version: int
    seed: None | str | Unset = UNSET
    exact: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        seed: None | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        exact = self.exact

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed
        if exact is not UNSET:
            field_dict["exact"] = exact

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        def _parse_seed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        exact = d.pop("exact", UNSET)

        fork_in = cls(
            version=version,
            seed=seed,
            exact=exact,
        )

        return fork_in
