"""The wire codec: exact round trips, precise errors, JSON Schemas."""

from __future__ import annotations

import dataclasses
import enum
from typing import Annotated, ClassVar, Literal

import pytest

from boardstate.engine.core.wire import Bounds, WireCodec, WireError, decode_value, value_schema


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclasses.dataclass(frozen=True, slots=True)
class Part:
    name: str
    count: Annotated[int, Bounds(0, 3)]


@dataclasses.dataclass(frozen=True, slots=True)
class Place:
    """Place parts."""

    TYPE: ClassVar[str] = "place"
    parts: Annotated[tuple[Part, ...], Bounds(1, 2)]
    colour: Colour
    where: tuple[int, int]
    mode: Literal["a", "b"] = "a"
    note: str | None = None
    flag: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Stop:
    TYPE: ClassVar[str] = "stop"


CODEC: WireCodec[Place | Stop] = WireCodec([Place, Stop])


def test_moves_round_trip_exactly_through_their_wire_form() -> None:
    move = Place((Part("x", 2),), Colour.BLUE, (1, 2), "b", "hi", True)
    wire = CODEC.encode(move)
    assert wire == {
        "type": "place",
        "parts": [{"name": "x", "count": 2}],
        "colour": "blue",
        "where": [1, 2],
        "mode": "b",
        "note": "hi",
        "flag": True,
    }
    assert CODEC.decode(wire) == move
    assert CODEC.decode({"type": "stop"}) == Stop()


def test_defaults_fill_missing_optional_fields() -> None:
    decoded = CODEC.decode(
        {"type": "place", "parts": [{"name": "y", "count": 0}], "colour": "red", "where": [0, 0]}
    )
    assert decoded == Place((Part("y", 0),), Colour.RED, (0, 0))


@pytest.mark.parametrize(
    ("wire", "fragment"),
    [
        ("junk", "expected an object"),
        ({"type": "fly"}, "unknown type 'fly'"),
        ({}, "unknown type None"),
        ({"type": "place"}, "missing field 'parts'"),
        ({"type": "stop", "x": 1}, "unknown field(s) ['x']"),
        (
            {"type": "place", "parts": [], "colour": "red", "where": [0, 0]},
            "place.parts: expected a list of 1 to 2",
        ),
        (
            {
                "type": "place",
                "parts": [{"name": "a", "count": 4}],
                "colour": "red",
                "where": [0, 0],
            },
            "place.parts[0].count: expected an integer from 0 to 3",
        ),
        (
            {
                "type": "place",
                "parts": [{"name": "a", "count": True}],
                "colour": "red",
                "where": [0, 0],
            },
            "expected an integer",
        ),
        (
            {"type": "place", "parts": [{"name": 1, "count": 1}], "colour": "red", "where": [0, 0]},
            "expected a string",
        ),
        (
            {
                "type": "place",
                "parts": [{"name": "a", "count": 1}],
                "colour": "pink",
                "where": [0, 0],
            },
            "one of ['red', 'blue']",
        ),
        (
            {"type": "place", "parts": [{"name": "a", "count": 1}], "colour": "red", "where": [0]},
            "exactly 2 items",
        ),
        (
            {
                "type": "place",
                "parts": [{"name": "a", "count": 1}],
                "colour": "red",
                "where": [0, 0],
                "mode": "c",
            },
            "one of ['a', 'b']",
        ),
        (
            {
                "type": "place",
                "parts": [{"name": "a", "count": 1}],
                "colour": "red",
                "where": [0, 0],
                "flag": 1,
            },
            "true or false",
        ),
        ({"type": "place", "parts": "ab", "colour": "red", "where": [0, 0]}, "expected a list"),
        (
            {"type": "place", "parts": ["ab"], "colour": "red", "where": [0, 0]},
            "expected an object",
        ),
    ],
)
def test_malformed_wire_forms_name_the_offending_path(wire: object, fragment: str) -> None:
    with pytest.raises(WireError) as info:
        CODEC.decode(wire)
    assert fragment in str(info.value)


def test_the_json_schema_describes_every_variant() -> None:
    schema = CODEC.json_schema("moves")
    variants = {v["properties"]["type"]["const"]: v for v in schema["oneOf"]}
    assert set(variants) == {"place", "stop"}
    place = variants["place"]
    assert place["required"] == ["type", "parts", "colour", "where"]
    assert place["properties"]["parts"]["minItems"] == 1
    assert place["properties"]["colour"] == {"enum": ["red", "blue"]}
    assert place["properties"]["mode"] == {"enum": ["a", "b"], "default": "a"}
    assert place["additionalProperties"] is False
    assert place["description"] == "Place parts."
    assert value_schema(int | None) == {"anyOf": [{"type": "integer"}, {"type": "null"}]}


def test_duplicate_wire_names_are_refused() -> None:
    with pytest.raises(ValueError):
        WireCodec([Stop, Stop])
    with pytest.raises(WireError):
        decode_value(int | str, 1, "x")
