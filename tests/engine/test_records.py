"""`engine.core.records.replace` copies a frozen dataclass with some fields changed exactly as
`dataclasses.replace` does, and falls back to it for a class whose `__init__` does more."""

from __future__ import annotations

import dataclasses

import pytest

from boardstate.engine.core.records import replace


@dataclasses.dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: tuple[str, ...] = ()
    c: str | None = None


@dataclasses.dataclass(frozen=True)
class Checked:
    a: int
    double: int = dataclasses.field(init=False, default=0)

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a must not be negative")
        object.__setattr__(self, "double", 2 * self.a)


def test_a_copy_has_the_changes_and_every_other_field_of_the_original() -> None:
    original = Plain(1, ("x",), "y")
    copy = replace(original, b=("z",))
    assert copy == dataclasses.replace(original, b=("z",)) == Plain(1, ("z",), "y")
    assert copy is not original
    assert original == Plain(1, ("x",), "y")
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.a = 2  # type: ignore[misc]


def test_an_unknown_field_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="no field 'd'"):
        replace(Plain(1), d=4)


def test_a_class_with_post_init_is_copied_through_its_init() -> None:
    assert replace(Checked(1), a=3).double == 6
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), a=-1)
