"""docs/adding-a-game.md runs: its Pebbles package, written out file by file from the document
(`engine/pebbles/...` blocks, the data set included) into a temporary folder of
`boardstate.engine`, plays whole games, and its picture renderer ("The board picture") draws
every position for every viewer with what tests/service/test_pictures.py requires of every
game's picture: a labelled SVG with a group per seat, the last move in words, and only what the
last move touched lit."""

from __future__ import annotations

import importlib
import re
import sys
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

import boardstate.engine
from boardstate.engine.core.driver import Opening, playthrough
from boardstate.service.pictures import Scene, last_move
from tests.doc_blocks import block, blocks
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


@pytest.fixture(scope="module")
def pebbles(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The doc's Pebbles package, importable as `boardstate.engine.pebbles` while the tests run."""
    root = tmp_path_factory.mktemp("doc-engine")
    written: set[str] = set()
    for language in ("python", "json"):
        for heading, code in blocks("adding-a-game.md", language):
            found = re.match(r"`engine/pebbles/([\w/.-]+)`", heading)
            if found is None or found[1] in written:  # the second `__init__`: the registry
                continue
            path = root / "pebbles" / found[1]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(code, encoding="utf-8")
            written.add(found[1])
    assert {"rules.py", "view.py", "data/pebbles-2026.json"} <= written
    boardstate.engine.__path__.append(str(root))
    try:
        yield importlib.import_module("boardstate.engine.pebbles").RULES
    finally:
        boardstate.engine.__path__.remove(str(root))
        for name in [n for n in sys.modules if n.startswith("boardstate.engine.pebbles")]:
            del sys.modules[name]


def _scene(rules: Any, state: Any, events: tuple[Any, ...], viewer: int | None) -> Scene:
    last = []
    for event in events[-12:]:
        wire = rules.events.encode(rules.redact(event, viewer))
        kind = wire.pop("type")
        last.append({"type": kind, "seat": wire.get("seat"), "moveId": "m", "data": wire})
    return Scene("pebbles", 1, rules.view(state, viewer), SEATS, viewer, tuple(last))


@pytest.mark.parametrize("seed", ["doc-1", "doc-2"])
def test_the_doc_game_plays_and_every_position_is_drawn(
    pebbles: Any, render: Callable[[Scene], str], seed: str
) -> None:
    assert pebbles.info.id == "pebbles"
    items = list(playthrough(pebbles, 2, seed, pebbles.parse_options({})))
    for item in items:
        state = item.state if isinstance(item, Opening) else item.after
        for viewer in (None, 0, 1):
            root = parse(render(_scene(pebbles, state, item.events, viewer)))
            assert group(root, "seat-1").get("role") == "group"
            view = pebbles.view(state, viewer)
            assert group(root, "pile").get("aria-label") == f"Pile: {view['pile']} pebbles"
            lit = group(root, "pile").get("data-lit") == "true"
            assert lit == (not isinstance(item, Opening))
    last = items[-1]
    assert not isinstance(last, Opening)
    final = pebbles.view(last.after, None)
    assert final["pile"] == 0
    assert len(final["winners"]) == 1
