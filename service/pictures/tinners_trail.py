"""Tinners' Trail: the map of Cornwall (19 areas joined by their borders, with water, ore,
mines, miners, ports, railways and calciners), prices, the display, the time track, the
investment spaces and every player's money, cubes and victory points.

Ids: `area-{id}` (with `data-area`), `price-{metal}`, `time-track`, `investments`,
`seat-{n}`. Nothing is hidden in this game: every viewer sees the same picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardstate.service.pictures import frame, svg
from boardstate.service.pictures.frame import BODY, MARGIN, SMALL
from boardstate.service.pictures.scene import Scene, turn_line

# Schematic places (column, row) of the areas: west at the bottom left, east at the top right.
PLACES = {
    15: (2, 0), 16: (3, 0), 18: (4.5, 0), 11: (1.5, 1), 14: (3, 1), 17: (4, 1), 19: (5, 1),
    7: (1, 2), 9: (2, 2), 12: (3, 2), 13: (4, 2), 2: (0, 3), 5: (1, 3), 6: (2, 3), 8: (3, 3),
    1: (0, 4), 3: (1, 4), 4: (2, 4), 10: (2.6, 5),
}  # fmt: skip
BOX_W, BOX_H, PITCH_X, PITCH_Y = 80, 68, 84, 76
TIN, COPPER, WATER, ARSENIC = "#8c959f", "#c4622d", "#218bff", "#8250df"


def _centre(area: int, top: float) -> tuple[float, float]:
    col, row = PLACES.get(area, (5, 5))
    return MARGIN + BOX_W / 2 + col * PITCH_X, top + BOX_H / 2 + row * PITCH_Y


def _area(scene: Scene, a: Mapping[str, Any], top: float, lit: bool) -> str:
    cx, cy = _centre(int(a.get("id", 0)), top)
    x, y = cx - BOX_W / 2, cy - BOX_H / 2
    mine, name = a.get("mine"), str(a.get("name", ""))
    owner = svg.SEAT_COLOURS[mine % 6] if isinstance(mine, int) else None
    parts = [
        svg.rect(
            x,
            y,
            BOX_W,
            BOX_H,
            fill="#fff8c5" if lit else ("#e6f4ff" if a.get("coastal") else "#f1f8e9"),
            stroke=svg.HIGHLIGHT if lit else (owner or svg.LINE),
            stroke_width=4 if lit or owner else 1,
        ),
        svg.text(cx, y + 16, name, 13 if len(name) < 10 else 12, anchor="middle", weight="bold"),
    ]
    if not a.get("seeded"):
        parts.append(svg.text(cx, y + 40, "unopened", 12, anchor="middle", fill=svg.MUTED))
    else:
        for i, (key, fill, letter) in enumerate(
            (("tin", TIN, "T"), ("copper", COPPER, "C"), ("water", WATER, "W"))
        ):
            bx = x + 3 + 25 * i
            parts += [
                svg.rect(bx, y + 24, 12, 14, rx=2, fill=fill),
                svg.text(bx + 6, y + 35, letter, 9, anchor="middle", fill="#ffffff"),
                svg.text(bx + 13, y + 36, a.get(key, 0), 13),
            ]
    marks = [m for m, on in (("P", a.get("port")), ("R", a.get("railway"))) if on]
    if a.get("calciner") is not None:
        marks.append(f"K{a['calciner']}")
    if isinstance(mine, int):
        parts += [
            svg.el("circle", cx=x + 11, cy=y + 55, r=7, fill=owner),
            svg.text(x + 11, y + 59, mine, 10, anchor="middle", fill="#ffffff"),
            svg.text(x + 21, y + 60, f"{a.get('miners', 0)}/{a.get('capacity', 0)}", 12),
        ]
    for i, mark in enumerate(reversed(marks)):
        bx, size = x + BOX_W - 4 - 17 * (i + 1), 10 if len(mark) > 1 else 11
        parts.append(svg.rect(bx, y + 48, 15, 15, rx=2, fill="#424a53"))
        parts.append(svg.text(bx + 7.5, y + 60, mark, size, anchor="middle", fill="#ffffff"))
    words_marks = [w for w, on in (("port", a.get("port")), ("railway", a.get("railway"))) if on]
    if a.get("calciner") is not None:
        words_marks.append(f"calciner of {scene.name(int(a['calciner']))}")
    words = [f"water {a.get('water', 0)}, tin {a.get('tin', 0)}, copper {a.get('copper', 0)}"]
    if isinstance(mine, int):
        words.append(
            f"mine of {scene.name(mine)} with {a.get('miners', 0)} of {a.get('capacity', 0)} miners"
        )
    words += words_marks
    return svg.group(
        parts,
        label=f"{a.get('name')}: {', '.join(words)}",
        id=f"area-{a.get('id')}",
        data_area=a.get("id"),
        data_lit=lit,
    )


def _map(scene: Scene, view: Mapping[str, Any], top: float) -> tuple[list[str], float]:
    areas = list(view.get("areas", []))
    lit = scene.touched("area") | scene.touched("areas")
    edges = []
    for a in areas:
        for b in a.get("neighbours", []):
            if isinstance(b, int) and b > int(a.get("id", 0)):
                (x1, y1), (x2, y2) = _centre(int(a["id"]), top), _centre(b, top)
                edges.append(
                    svg.el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#afb8c1", stroke_width=3)
                )
    for pair in view.get("adits", []):
        if isinstance(pair, list) and len(pair) == 2:
            (x1, y1), (x2, y2) = _centre(pair[0], top), _centre(pair[1], top)
            edges.append(
                svg.el(
                    "line",
                    x1=x1,
                    y1=y1,
                    x2=x2,
                    y2=y2,
                    stroke="#6e7781",
                    stroke_width=7,
                    stroke_dasharray="4 3",
                )
            )
    legend = [
        "Legend:",
        "T tin, C copper,",
        "W water cubes;",
        "(n) a/c: mine of seat n,",
        "miners/capacity;",
        "P port, R railway,",
        "Kn calciner of n;",
        "dashed: adit",
    ]
    body = [svg.el("g", *edges, aria_hidden="true")]
    body += [
        svg.text(MARGIN, top + 14 + 16 * i, t, 12, fill=svg.MUTED) for i, t in enumerate(legend)
    ]
    body += [_area(scene, a, top, a.get("id") in lit) for a in areas]
    rows = max((PLACES.get(int(a.get("id", 0)), (0, 5))[1] for a in areas), default=0)
    return [svg.group(body, label="Map of Cornwall", id="map")], top + BOX_H + rows * PITCH_Y + 8


def _markets(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    prices = view.get("prices", {})
    parts = []
    for i, metal in enumerate(("tin", "copper")):
        p = prices.get(metal, {})
        x = MARGIN + 250 * i
        parts.append(
            svg.group(
                [
                    svg.rect(x, y, 240, 34, fill=svg.PANEL, stroke=svg.LINE),
                    svg.rect(x + 8, y + 9, 16, 16, rx=2, fill=TIN if metal == "tin" else COPPER),
                    svg.text(
                        x + 32,
                        y + 23,
                        f"{metal.capitalize()} price £{p.get('price', '?')}"
                        f" (row {p.get('row', '?')})",
                        BODY,
                    ),
                ],
                label=f"{metal} sells for {p.get('price')} pounds",
                id=f"price-{metal}",
            )
        )
    d = view.get("display", {})
    pumps = ", ".join(str(n) for n in d.get("pumps", []))
    line = (
        f"Display: ports {d.get('ports', 0)} · miners {d.get('miners', 0)} · adits "
        f"{d.get('adits', 0)} · railways {d.get('railways', 0)} · pumps {pumps}"
    )
    parts.append(svg.text(MARGIN, y + 58, line, SMALL, id="display"))
    market = view.get("arsenic_market")
    if view.get("options", {}).get("arsenic") and isinstance(market, dict):
        cells = [f"{m.get('value')}" + (f"×{m['cubes']}" if m.get("cubes") else "")
                 for m in market.get("spaces", [])]  # fmt: skip
        text = "Arsenic market £ " + " ".join(cells) + " (×cubes)"
        parts.append(svg.text(MARGIN, y + 80, text, 13, id="arsenic"))
        y += 22
    return parts, y + 70


def _investments(scene: Scene, view: Mapping[str, Any], y: float) -> tuple[str, float]:
    rounds = list(view.get("investments", []))
    parts = [
        svg.text(MARGIN, y + 16, "Investments (cost → VP; seats invested)", SMALL, weight="bold")
    ]
    for r, row in enumerate(rounds):
        ry = y + 24 + 26 * r
        parts.append(svg.text(MARGIN, ry + 17, f"Round {row.get('round')}", 13))
        for s, space in enumerate(row.get("spaces", [])):
            cubes = ",".join(str(c) for c in space.get("cubes", []))
            parts += [
                svg.rect(
                    MARGIN + 76 + 104 * s,
                    ry,
                    100,
                    22,
                    rx=3,
                    fill="#dafbe1" if cubes else svg.PANEL,
                    stroke=svg.LINE,
                ),
                svg.text(
                    MARGIN + 80 + 104 * s,
                    ry + 16,
                    f"£{space.get('cost')}→{space.get('vp')}" + (f" [{cubes}]" if cubes else ""),
                    13,
                ),
            ]
    return svg.group(parts, label="Investment spaces", id="investments"), y + 32 + 26 * len(rounds)


def _player(scene: Scene, p: Mapping[str, Any], y: float, active: bool) -> tuple[str, float]:
    lines = [
        f"£{p.get('money', 0)} · tin {p.get('tin', 0)} · copper {p.get('copper', 0)} · "
        f"arsenic {p.get('arsenic', 0)}" + (" · passed" if p.get("passed") else ""),
        f"Mines left {p.get('mines_left', 0)} · investment cubes "
        f"{p.get('investment_cubes_left', 0)} · time {p.get('column', 0)}",
    ]
    score = f"{p.get('victory_points', 0)} VP"
    return frame.player_panel(scene, int(p.get("seat", 0)), y, active, score, lines)


def _pending(view: Mapping[str, Any]) -> str:
    auction = view.get("auction")
    if isinstance(auction, Mapping):
        return f"auction of area {auction.get('area')}, bid £{auction.get('bid')}"
    if isinstance(view.get("pumping"), Mapping):
        return "pumping water"
    if isinstance(view.get("calciner_offer"), Mapping):
        return "calciner offered"
    return str(view.get("phase", ""))


def render(scene: Scene) -> str:
    view = scene.view
    finished = bool(view.get("finished"))
    to_act = [s for s in view.get("to_act", []) if isinstance(s, int)]
    extra = f"round {view.get('round')} of {view.get('rounds')}, {_pending(view)}"
    if finished:
        extra = "winner: " + ", ".join(scene.name(s) for s in view.get("winners", []))
    status = turn_line(scene, to_act, finished, extra)
    body, y = _map(scene, view, frame.HEADER + 4)
    markets, y = _markets(view, y)
    players = list(view.get("players", []))
    last = max((int(p.get("final_column", 10)) for p in players), default=10)
    places = {int(p.get("seat", 0)): int(p.get("column", 0)) for p in players}
    track, y = frame.track(scene, "Time", last, places, y, "time-track", "")
    invest, y = _investments(scene, view, y)
    body += [*markets, track, invest]
    panels, y, summary = frame.players(scene, y, to_act, _player, ("victory_points", "VP"))
    return frame.finish(scene, "Tinners' Trail", status, body + panels, y, summary)
