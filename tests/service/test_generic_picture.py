"""The picture of a game that registers none (issue 40): a readable drawing of its public view,
whatever the view holds; hostile names and values are escaped like every picture's text."""

from __future__ import annotations

from boardstate.service.pictures import RENDERERS, Scene, render
from tests.service.pictures_support import SVG, parse

BOARD = [[None, None, 1], [None, 0, 1], [0, 0, 1]]


def _scene(view: dict[str, object], last: tuple[dict[str, object], ...] = ()) -> Scene:
    return Scene("some-game", 7, view, ("Ada", "<b>Brian</b>"), None, last)


def test_a_game_without_its_own_picture_gets_the_generic_drawing() -> None:
    assert "some-game" not in RENDERERS
    last = ({"type": "DiscDropped", "seat": 1, "moveId": "m", "data": {"column": 2, "row": 0}},)
    svg = render(_scene({"board": BOARD, "turn": 0, "winner": None}, last))
    root = parse(svg)
    grid = root.find(f".//{SVG}g[@id='grid-board']")
    assert grid is not None
    assert grid.get("aria-label") == "Board: 3 rows of 3"
    discs = [str(c.get("data-seat")) for c in grid.iter(f"{SVG}circle")]
    assert sorted(discs) == ["0", "0", "0", "1", "1", "1"]
    lines = {t.get("id"): "".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("id")}
    assert lines["field-turn"] == "Turn: 0"
    assert lines["field-winner"] == "Winner: none"
    assert "disc dropped" in svg.lower()


def test_the_generic_drawing_reads_any_shape_and_escapes_it() -> None:
    view = {
        "players": [{"name": "<script>", "score": 3}],
        "ragged": [[1, 2], [3]],
        "finished": True,
        "note": "a & b",
    }
    root = parse(render(_scene(view)))
    texts = "".join(root.itertext())
    assert "Game over" in texts
    assert "Name <script>; Score 3" in texts
    assert "a & b" in texts
    assert root.find(f".//{SVG}g[@id='grid-ragged']") is None
