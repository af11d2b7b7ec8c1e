"""The picture of a game that registers none of its own (issue 40): a readable drawing of the
public view, whatever its shape.

Each top-level field of the view is drawn in order: a grid (a list of equal rows of plain
values, at most 20 by 20) as a board of cells, a seat number as a coloured disc and `null` as an
empty cell; a plain value or a short list as a line of text; anything else as its fields in
words. The header, the seats and the last move come from `frame` like every other picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardstate.service.pictures import frame, svg
from boardstate.service.pictures.frame import BODY, HEADER, MARGIN, SMALL, WIDTH
from boardstate.service.pictures.scene import Scene

MAX_GRID = 20
MAX_FIELDS = 30


def _grid(value: Any) -> list[list[Any]] | None:
    if not isinstance(value, list) or not 0 < len(value) <= MAX_GRID:
        return None
    rows = [row for row in value if isinstance(row, list)]
    if len(rows) != len(value) or not 0 < len(rows[0]) <= MAX_GRID:
        return None
    plain = (str, int, float, bool, type(None))
    if any(len(r) != len(rows[0]) or not all(isinstance(c, plain) for c in r) for r in rows):
        return None
    return rows


def _cell(x: float, y: float, size: float, value: Any) -> list[str]:
    parts = [svg.rect(x, y, size - 2, size - 2, rx=3, fill=svg.PANEL, stroke=svg.LINE)]
    middle = size / 2 - 1
    if type(value) is int and 0 <= value < len(svg.SEAT_COLOURS):
        colour = svg.SEAT_COLOURS[value]
        parts.append(svg.el("circle", cx=x + middle, cy=y + middle, r=size * 0.38, fill=colour,
                            data_seat=value))  # fmt: skip
    elif value is not None:
        parts.append(svg.text(x + middle, y + middle + 5, svg.clean(value, 4), SMALL,
                              anchor="middle"))  # fmt: skip
    return parts


def _draw_grid(key: str, rows: list[list[Any]], y: float) -> tuple[str, float]:
    size = min(48.0, (WIDTH - 2 * MARGIN) / len(rows[0]))
    parts = [svg.text(MARGIN, y + 18, _label(key), BODY, weight="bold")]
    y += 28
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            parts += _cell(MARGIN + c * size, y + r * size, size, value)
    label = f"{_label(key)}: {len(rows)} rows of {len(rows[0])}"
    return svg.group(parts, label=label, id=f"grid-{key}"), y + len(rows) * size + 12


def _label(key: str) -> str:
    spaced = "".join(f" {c.lower()}" if c.isupper() else c for c in key).replace("_", " ")
    return spaced.strip().capitalize()


def _words(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_words(v) for v in value) or "none"
    if isinstance(value, Mapping):
        return "; ".join(f"{_label(str(k))} {_words(v)}" for k, v in value.items()) or "none"
    return str(value)


def render(scene: Scene) -> str:
    """The generic picture of `scene.view`."""
    view = scene.view
    finished = bool(view.get("finished") or view.get("outcome"))
    status = "Game over" if finished else "Public view"
    body: list[str] = []
    y = float(HEADER)
    summary = []
    for key, value in list(view.items())[:MAX_FIELDS]:
        rows = _grid(value)
        if rows is not None:
            part, y = _draw_grid(key, rows, y)
            summary.append(f"{_label(key)}: {len(rows)} by {len(rows[0])} grid.")
        else:
            line = svg.clean(f"{_label(key)}: {_words(value)}", 60)
            part = svg.text(MARGIN, y + 18, line, BODY, id=f"field-{key}")
            y += 26
            summary.append(line + ".")
        body.append(part)
    return frame.finish(scene, scene.game_type, status, body, y + 8, summary)
