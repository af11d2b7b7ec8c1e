"""The parts every picture shares: the header (game, version, whose turn, whose view), player
panel headings, cards, and the "last move" footer; each game module draws the rest."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from boardstate.service.pictures import svg
from boardstate.service.pictures.scene import Scene, describe

WIDTH = 520
"""The viewBox width; pictures scale to their container (phones included) and grow downwards."""
MARGIN = 12
HEADER = 78
PANEL_FILL = "#ffffff"
SMALL = 15
BODY = 17
LARGE = 22


def header(scene: Scene, game_name: str, status: str) -> list[str]:
    viewer = "spectator view" if scene.viewer is None else f"{scene.name(scene.viewer)}'s view"
    corner = f"v{scene.version} · {viewer}"
    size = BODY if len(status) <= 44 else SMALL
    parts = [
        svg.rect(0, 0, WIDTH, HEADER - 8, rx=0, fill=svg.PANEL),
        svg.text(MARGIN, 28, game_name, LARGE, weight="bold"),
        svg.text(WIDTH - MARGIN, 27, corner, SMALL, anchor="end", fill=svg.MUTED),
        svg.text(MARGIN, 56, svg.clean(status, 58), size, weight="bold", fill=svg.ACTIVE,
                 id="turn-status"),
    ]  # fmt: skip
    label = f"{game_name}, version {scene.version}, {viewer}. {status}."
    return [svg.group(parts, label=label, id="header")]


def seat_heading(scene: Scene, seat: int, y: float, active: bool, score: str) -> list[str]:
    """A player panel's first line: colour swatch, name, turn marker and score."""
    colour = svg.SEAT_COLOURS[seat % len(svg.SEAT_COLOURS)]
    name = scene.name(seat) + (" (you)" if seat == scene.viewer else "")
    parts = [
        svg.el("circle", cx=MARGIN + 10, cy=y - 6, r=8, fill=colour),
        svg.text(MARGIN + 26, y, name, BODY + 1, weight="bold"),
        svg.text(WIDTH - MARGIN - 8, y, score, BODY + 1, anchor="end", weight="bold"),
    ]
    winners = scene.view.get("winners")
    if not isinstance(winners, list) or not winners:  # else the game's last events say
        winners = list(scene.touched("winners", ("GameOver", "GameEnded")))
    note = "▶ to play" if active else None
    if seat in winners and scene.view.get("finished"):
        note = "★ winner"
    if note is not None:
        x = MARGIN + 40 + 11 * len(name)
        parts.append(svg.text(x, y, note, SMALL, fill=svg.ACTIVE, weight="bold"))
    return parts


def panel(x: float, y: float, w: float, h: float, active: bool) -> str:
    stroke = svg.ACTIVE if active else svg.LINE
    return svg.rect(x, y, w, h, fill=svg.PANEL, stroke=stroke, stroke_width=3 if active else 1)


def card(
    x: float,
    y: float,
    label: str,
    fill: str,
    *,
    w: float = 30,
    h: float = 40,
    ink: str = "#ffffff",
    sub: str | None = None,
    lit: bool = False,
    **values: object,
) -> str:
    """A card: a filled rounded rectangle with its label (and a small second label)."""
    parts = [
        svg.rect(
            x,
            y,
            w,
            h,
            rx=4,
            fill=fill,
            stroke=svg.HIGHLIGHT if lit else "#00000040",
            stroke_width=4 if lit else 1,
        ),
        svg.text(
            x + w / 2,
            y + (h / 2 + 2 if sub else h / 2 + 6),
            label,
            BODY,
            anchor="middle",
            fill=ink,
            weight="bold",
        ),
    ]
    if sub:
        parts.append(svg.text(x + w / 2, y + h - 5, sub, 11, anchor="middle", fill=ink))
    return svg.el("g", *parts, class_="card lit" if lit else "card", data_lit=lit, **values)


FOOTER = {
    "en": ("Last move", "No move yet", "… and {} more events"),
    "de": ("Letzter Zug", "Noch kein Zug", "… und {} weitere Ereignisse"),
}
"""The footer's own words by language: its heading, an empty game, the events left out."""


def footer(scene: Scene, y: float) -> tuple[list[str], float]:
    """The last move, in words (from the redacted events); returns the parts and the height."""
    words = FOOTER.get(scene.language, FOOTER["en"])
    said = [describe(e, scene) for e in scene.last] or [words[1]]
    lines = [line for text in said[:5] for line in svg.wrap(text, 62, 2)]
    if len(said) > 5:
        lines.append(words[2].format(len(said) - 5))
    height = 34 + 22 * len(lines)
    parts = [
        svg.rect(
            MARGIN,
            y,
            WIDTH - 2 * MARGIN,
            height - 8,
            fill="#fff8c5",
            stroke=svg.HIGHLIGHT,
            stroke_width=2,
        ),
        svg.text(MARGIN + 10, y + 22, words[0], BODY, weight="bold"),
    ]
    parts += [svg.text(MARGIN + 10, y + 44 + 22 * i, line, 14) for i, line in enumerate(lines)]
    label = f"{words[0]}: " + ". ".join(said)
    return [svg.group(parts, label=label, id="last-move")], height


def finish(
    scene: Scene,
    title: str,
    status: str,
    body: Sequence[str],
    height: float,
    summary: Sequence[str],
) -> str:
    """Returns the document: header, `body` (drawn from y=HEADER to `height`), footer."""
    foot, foot_height = footer(scene, height)
    words = FOOTER.get(scene.language, FOOTER["en"])
    last = "; ".join(describe(e, scene) for e in scene.last[:3]) or words[1]
    viewer = (
        "a spectator"
        if scene.viewer is None
        else f"{scene.name(scene.viewer)} (seat {scene.viewer})"
    )
    desc = (
        f"{title} at version {scene.version}, as seen by {viewer}. {status}. "
        + " ".join(summary)
        + f" {words[0]}: {last}."
    )
    parts = [*header(scene, title, status), *body, *foot]
    return svg.document(
        WIDTH, height + foot_height, f"{title}, version {scene.version}", desc, parts
    )


def track(
    scene: Scene, title: str, last: int, places: dict[int, int], y: float, ident: str, unit: str
) -> tuple[str, float]:
    """A numbered track 0..`last` with a marker per seat (`places`: seat → space)."""
    step = (WIDTH - 2 * MARGIN - 60) / (last + 1)
    parts = [svg.text(MARGIN, y + 24, title, BODY, weight="bold")]
    for n in range(last + 1):
        x = MARGIN + 60 + n * step
        parts.append(svg.rect(x, y, step - 2, 36, rx=3, fill=PANEL_FILL, stroke=svg.LINE))
        parts.append(svg.text(x + 2, y + 11, n, 9, fill=svg.MUTED))
    for seat, at in places.items():
        same = [s for s, o in places.items() if o == at]
        shift = (same.index(seat) - (len(same) - 1) / 2) * 12
        cx = MARGIN + 60 + min(max(at, 0), last) * step + step / 2 + shift
        colour = svg.SEAT_COLOURS[seat % len(svg.SEAT_COLOURS)]
        parts.append(svg.el("circle", cx=cx, cy=y + 24, r=7, fill=colour, stroke="#ffffff"))
        parts.append(svg.text(cx, y + 28, seat, 10, anchor="middle", fill="#ffffff"))
    label = f"{title}: " + ", ".join(f"{scene.name(s)} at {a} {unit}" for s, a in places.items())
    return svg.group(parts, label=label, id=ident), y + 46


def player_panel(
    scene: Scene, seat: int, y: float, active: bool, score: str, lines: list[str]
) -> tuple[str, float]:
    """A player's panel: the heading, then `lines` of facts (the first one darker)."""
    height = 40 + 20 * len(lines)
    parts = [panel(MARGIN, y, WIDTH - 2 * MARGIN, height, active)]
    parts += seat_heading(scene, seat, y + 26, active, score)
    for i, line in enumerate(lines):
        fill = svg.INK if i == 0 else svg.MUTED
        parts.append(svg.text(MARGIN + 12, y + 50 + 20 * i, line, SMALL, fill=fill))
    label = f"{scene.name(seat)}: {score}. " + ". ".join(lines)
    return svg.group(parts, label=label, id=f"seat-{seat}", data_seat=seat), height + 8


Draw = Callable[[Scene, Mapping[str, Any], float, bool], tuple[str, float]]


def players(
    scene: Scene, y: float, to_act: Sequence[int], draw: Draw, score: tuple[str, str]
) -> tuple[list[str], float, list[str]]:
    """Draws every player of the view below `y` with `draw`; returns the panels, the next y
    and the scores in words (`score`: the view's key and its unit, e.g. `("total", "points")`)."""
    parts, summary = [], []
    for p in scene.view.get("players", []):
        drawn, height = draw(scene, p, y, p.get("seat") in to_act)
        parts.append(drawn)
        summary.append(f"{scene.name(int(p.get('seat', 0)))} {p.get(score[0], 0)} {score[1]}.")
        y += height
    return parts, y, summary
