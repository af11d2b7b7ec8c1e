"""`canonical_bytes` writes exactly what `json.dumps` writes for `encode_value` (keys sorted,
compact, UTF-8), for every state of a playthrough of every game, and its memo of immutable
parts never outlives a change."""

from __future__ import annotations

import dataclasses
import enum
import json
from typing import Any

import pytest

from boardstate.engine import registry
from boardstate.engine.core import canonical, wire
from boardstate.engine.core.canonical import canonical_bytes
from boardstate.engine.core.driver import Step, playthrough
from boardstate.engine.core.wire import encode_value


def reference(value: Any) -> bytes:
    """The definition: compact, sorted JSON of the wire form."""
    text = json.dumps(
        encode_value(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return text.encode("utf-8")


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
def test_every_state_of_a_playthrough_is_written_as_defined(game_type: str) -> None:
    rules = registry.GAMES[game_type]
    players = rules.info.min_players
    for version, step in enumerate(playthrough(rules, players, f"canonical-{game_type}")):
        state = step.after if isinstance(step, Step) else step.state
        doc = {"version": version, "seats": ["a", None, "ü"][:players], "state": state}
        assert canonical_bytes(doc) == reference(doc), version
        assert canonical_bytes(doc) == reference(doc), version  # the memo answers the same


class Colour(enum.Enum):
    RED = "red"


@dataclasses.dataclass(frozen=True)
class Part:
    name: str
    items: Any
    colour: Colour = Colour.RED


@dataclasses.dataclass
class Loose:
    items: tuple[int, ...]


def test_values_of_every_kind_are_written_as_defined() -> None:
    many = tuple(range(12))
    value = {
        "z": [1, True, None, 'é\n"', -7, 2**70],
        3: frozenset({3, 1, 2}),
        "parts": (Part("a", many), Part("b", {"k": [1, 2]}), Part("c", many)),
        "nested": {"b": {"a": ()}, "a": 1.5},
        "loose": Loose(many),
    }
    assert canonical_bytes(value) == reference(value)
    assert canonical_bytes(value) == reference(value)


def test_a_part_holding_a_list_is_never_remembered() -> None:
    items = [1, 2, 3]
    part = Part("p", items)
    before = canonical_bytes(part)
    items.append(4)
    assert canonical_bytes(part) == reference(part) != before


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(canonical, "MEMO_SIZE", 5)
    parts = [Part(str(i), tuple(range(i, i + 10))) for i in range(20)]
    assert canonical_bytes(parts) == reference(parts)
    assert len(canonical._MEMO) <= 5


@dataclasses.dataclass(frozen=True)
class Grown:
    name: str
    extra: tuple[int, ...] | None = dataclasses.field(default=None, metadata=wire.ADDED_LATER)


@dataclasses.dataclass(frozen=True)
class Original:
    name: str


def test_a_field_added_later_is_left_out_while_it_holds_its_default() -> None:
    assert canonical_bytes(Grown("a")) == canonical_bytes(Original("a")) == reference(Grown("a"))
    assert encode_value(Grown("a")) == {"name": "a"}
    assert canonical_bytes(Grown("a", (1,))) == b'{"extra":[1],"name":"a"}'
    assert canonical_bytes(Grown("a", (1,))) == reference(Grown("a", (1,)))
    assert wire.decode_value(Grown, {"name": "a"}, "x") == Grown("a")
    assert wire.decode_value(Grown, {"name": "a", "extra": [2]}, "x") == Grown("a", (2,))
