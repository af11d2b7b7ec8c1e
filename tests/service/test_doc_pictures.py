"""The picture renderer of docs/adding-a-game.md ("The board picture", Pebbles) runs and draws
what tests/service/test_pictures.py requires of every game's picture: a labelled SVG with a
group per seat, the last move in words, and only what the last move touched lit."""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from boardstate.service.pictures import Scene, last_move
from tests.doc_blocks import block
from tests.service.pictures_support import group, parse

SEATS = ("Ada", "Brian")


@pytest.fixture(scope="module")
def render() -> Callable[[Scene], str]:
    module = types.ModuleType("pebbles_picture")
    code = block("adding-a-game.md", "`service/pictures/pebbles.py`")
    exec(compile(code, "docs/adding-a-game.md", "exec"), module.__dict__)
    drawn: Callable[[Scene], str] = module.render
    return drawn


def scene(view: Mapping[str, Any], events: list[dict[str, Any]], viewer: int | None) -> Scene:
    version = len(events) + 1
    return Scene("pebbles", version, view, SEATS, viewer, last_move(events))


OPENING = {"pile": 15, "turn": 1, "active": 0, "taken": [0, 0], "winners": []}
TAKEN = {"pile": 12, "turn": 2, "active": 1, "taken": [3, 0], "winners": []}
OVER = {"pile": 0, "turn": 9, "active": 1, "taken": [8, 7], "winners": [0]}
MOVE = {"type": "PebblesTaken", "seat": 0, "moveId": "m-1", "data": {"seat": 0, "count": 3}}


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_every_position_is_a_labelled_svg(
    render: Callable[[Scene], str], viewer: int | None
) -> None:
    for view, events in ((OPENING, []), (TAKEN, [MOVE]), (OVER, [MOVE])):
        root = parse(render(scene(view, events, viewer)))
        for seat in range(2):
            panel = group(root, f"seat-{seat}")
            assert panel.get("role") == "group"
            assert SEATS[seat] in panel.get("aria-label", "")
        assert group(root, "last-move").get("aria-label", "").startswith("Last move")
        assert group(root, "pile").get("aria-label") == f"Pile: {view['pile']} pebbles"


def test_the_pile_is_lit_after_a_move_only(render: Callable[[Scene], str]) -> None:
    before = parse(render(scene(OPENING, [], None)))
    after = parse(render(scene(TAKEN, [MOVE], None)))
    assert group(before, "pile").get("data-lit") is None
    assert group(after, "pile").get("data-lit") == "true"
    status = "".join(group(after, "turn-status").itertext())
    assert status == "Brian to play"
    over = parse(render(scene(OVER, [MOVE], 1)))
    assert "".join(group(over, "turn-status").itertext()) == "Game over · winner: Ada"
