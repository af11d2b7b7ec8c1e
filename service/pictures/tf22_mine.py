"""TF22 Mine: the 6×6 mine (each card's colour, tunnels and symbol), the ranium, the loaders on
the track around it, every crew (with its owner and base), the ore, and every player's crew
colours, points, carried ranium and symbol cards; a fight or other pending step in words.

Ids: `cell-{row}-{col}` (with `data-row`, `data-col`, `data-card`), `loader-{n}`,
`crew-{colour}`; symbol piles are drawn only where the view shows them (strategic mode, owner).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardstate.service.pictures import frame, svg
from boardstate.service.pictures.frame import MARGIN, WIDTH
from boardstate.service.pictures.scene import Scene, turn_line

CELL = 70
LEFT = (WIDTH - 6 * CELL) / 2
TINTS = {"white": "#f6f8fa", "red": "#ffebe9", "blue": "#ddf4ff", "yellow": "#fff8c5"}
CREWS = {"white": "#ffffff", "red": "#cf222e", "blue": "#0969da", "yellow": "#d4a72c"}
BASES = {**CREWS, "white": "#57606a"}
SYMBOLS = {"square": "■", "triangle": "▲", "circle": "●", "hexagon": "⬢", "star": "★"}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def _tile(r: int, c: int, tile: Mapping[str, Any], top: float, lit: bool, ranium: bool) -> str:
    x, y = LEFT + c * CELL, top + r * CELL
    mx, my = x + CELL / 2, y + CELL / 2
    colour = str(tile.get("colour"))
    parts = [
        svg.rect(
            x + 1,
            y + 1,
            CELL - 2,
            CELL - 2,
            rx=3,
            fill=TINTS.get(colour, "#ffffff"),
            stroke=svg.HIGHLIGHT if lit else "#8c959f",
            stroke_width=4 if lit else 1,
        )
    ]
    for side in str(tile.get("openings", "")):
        dx, dy = STEP.get(side, (0, 0))
        parts.append(
            svg.el(
                "line",
                x1=mx,
                y1=my,
                x2=mx + dx * CELL / 2,
                y2=my + dy * CELL / 2,
                stroke="#57606a",
                stroke_width=12,
                stroke_linecap="butt",
            )
        )
    parts.append(svg.el("circle", cx=mx, cy=my, r=6, fill="#57606a"))
    symbol = tile.get("symbol")
    if symbol:
        parts.append(svg.text(x + 5, y + 17, SYMBOLS.get(str(symbol), "?"), 14, fill="#1f2328"))
    if ranium:
        parts += [
            svg.el(
                "polygon",
                points=f"{x + CELL - 18},{y + 6} {x + CELL - 8},{y + 14} "
                f"{x + CELL - 12},{y + 26} {x + CELL - 24},{y + 26} {x + CELL - 28},{y + 14}",
                fill="#2da44e",
                stroke="#116329",
            ),
            svg.text(
                x + CELL - 18, y + 38, "Ra", 10, anchor="middle", fill="#116329", weight="bold"
            ),
        ]
    parts.append(
        svg.text(x + 3, y + CELL - 4, f"{tile.get('card')}{tile.get('face')}", 9, fill=svg.MUTED)
    )
    label = (
        f"row {r + 1} column {c + 1}: {colour} card {tile.get('card')}, tunnels "
        f"{tile.get('openings') or 'none'}"
        + (f", symbol {symbol}" if symbol else "")
        + (", ranium" if ranium else "")
    )
    return svg.group(
        parts,
        label=label,
        id=f"cell-{r}-{c}",
        data_row=r,
        data_col=c,
        data_card=tile.get("card"),
        data_lit=lit,
    )


def _loader(ld: Mapping[str, Any], top: float, lit: bool) -> str:
    r, c = (ld.get("cell") or [0, 0])[:2]
    side = str(ld.get("faces") or "N")[0]
    dx, dy = STEP.get(side, (0, -1))
    cx, cy = (
        LEFT + c * CELL + CELL / 2 + dx * (CELL / 2 + 18),
        top + r * CELL + CELL / 2 + dy * (CELL / 2 + 18),
    )
    parts = [
        svg.rect(cx - 17, cy - 13, 34, 26, rx=4, fill="#424a53", **svg.edge(lit, "#1f2328")),
        svg.text(
            cx, cy + 5, f"L{ld.get('loader')}", 13, anchor="middle", fill="#ffffff", weight="bold"
        ),
    ]
    return svg.group(
        parts,
        label=f"Loader {ld.get('loader')} at track position "
        f"{ld.get('position')}, by row {r + 1} column {c + 1}",
        id=f"loader-{ld.get('loader')}",
        data_loader=ld.get("loader"),
        data_lit=lit,
    )


def _crews(scene: Scene, crews: list[Mapping[str, Any]], top: float, lit: set[Any]) -> list[str]:
    out: list[str] = []
    placed: dict[tuple[int, int], int] = {}
    for crew in crews:
        r, c = (crew.get("cell") or [0, 0])[:2]
        n = placed.get((r, c), 0)
        placed[(r, c)] = n + 1
        cx, cy = LEFT + c * CELL + 22 + 26 * (n % 2), top + r * CELL + 30 + 20 * (n // 2)
        colour = str(crew.get("colour"))
        owner = crew.get("owner")
        ring = svg.SEAT_COLOURS[owner % 6] if isinstance(owner, int) else "#1f2328"
        hit = colour in lit
        parts = [
            svg.el(
                "circle",
                cx=cx,
                cy=cy,
                r=13,
                fill=CREWS.get(colour, "#8c959f"),
                stroke=svg.HIGHLIGHT if hit else ring,
                stroke_width=5 if hit else 3,
            ),
            svg.text(
                cx,
                cy + 5,
                colour[:1].upper(),
                13,
                anchor="middle",
                weight="bold",
                fill="#1f2328" if colour in ("white", "yellow") else "#ffffff",
            ),
        ]
        owner_name = scene.name(owner) if isinstance(owner, int) else "nobody"
        out.append(
            svg.group(
                parts,
                label=f"{colour} crew of {owner_name} at row {r + 1} column "
                f"{c + 1}, carrying {crew.get('ranium', 0)} ranium",
                id=f"crew-{colour}",
                data_crew=colour,
                data_lit=hit,
            )
        )
    return out


def _board(scene: Scene, view: Mapping[str, Any], top: float) -> tuple[list[str], float]:
    grid = list(view.get("grid", []))
    lit = scene.touched_cells("cell", "to", "a", "b", "from")
    ranium = {tuple(c[:2]) for c in view.get("ranium", []) if isinstance(c, list)}
    tiles = [
        _tile(r, c, t, top, (r, c) in lit, (r, c) in ranium)
        for r, row in enumerate(grid)
        for c, t in enumerate(row)
    ]
    bases = [
        svg.rect(
            LEFT + b[1] * CELL + 6,
            top + b[0] * CELL + 6,
            CELL - 12,
            CELL - 12,
            rx=2,
            fill="none",
            stroke=BASES.get(str(k.get("colour")), "#8c959f"),
            stroke_width=3,
            stroke_dasharray="6 3",
        )
        for k in view.get("crews", [])
        if isinstance(b := k.get("base"), list)
    ]
    loaders = scene.touched("loader")
    parts = [
        svg.group(tiles, label="The mine, 6 by 6 cards", id="mine"),
        svg.el("g", *bases, aria_hidden="true"),
        *[_loader(ld, top, ld.get("loader") in loaders) for ld in view.get("loaders", [])],
        *_crews(scene, list(view.get("crews", [])), top, scene.touched("crew")),
    ]
    legend = "■▲●★⬢ symbols · green gem: ranium · dashed: crew bases · L: loaders"
    parts.append(svg.text(MARGIN, top + 6 * CELL + 30, legend, 13, fill=svg.MUTED))
    return parts, top + 6 * CELL + 44


def _player(scene: Scene, p: Mapping[str, Any], y: float, active: bool) -> tuple[str, float]:
    colours = ", ".join(map(str, p.get("colours", []))) or "none yet"
    pile = p.get("symbol_pile")
    cards = (
        ", ".join(map(str, pile))
        if isinstance(pile, list)
        else f"{p.get('symbol_pile_count', 0)} face down"
    )
    discard = ", ".join(map(str, p.get("symbol_discard", []))) or "none"
    lines = [
        f"Crews {colours} · ranium carried {p.get('ranium_carried', 0)}",
        f"Symbol cards: {cards} · used: {discard}",
    ]
    score = f"{p.get('points', 0)} pts"
    return frame.player_panel(scene, int(p.get("seat", 0)), y, active, score, lines)


def _pending(scene: Scene, view: Mapping[str, Any]) -> str:
    pending, choice = view.get("pending"), view.get("colour_choice") or {}
    if isinstance(pending, Mapping) and pending.get("kind") == "fight":
        mine = [c for c in pending.get("commitments", []) if c is not None]
        return f"fight: {pending.get('attacker')} crew attacks {pending.get('defender')}" + (
            f", your card {mine[0]}" if mine else ""
        )
    if isinstance(pending, Mapping):
        return str(pending.get("kind", "")).replace("_", " ")
    if choice.get("free"):
        return "free colours: " + ", ".join(map(str, choice["free"]))
    if view.get("swaps_left"):
        return f"set-up swaps left {view.get('swaps_left')}"
    return f"round {view.get('round')}, {view.get('phase')}, ore {view.get('ore')}"


def render(scene: Scene) -> str:
    view = scene.view
    finished = bool(view.get("finished"))
    to_act = [s for s in view.get("to_act", []) if isinstance(s, int)]
    extra = _pending(scene, view)
    if finished:
        extra = "winners: " + ", ".join(scene.name(s) for s in view.get("winners", []))
    status = turn_line(scene, to_act, finished, extra)
    body, y = _board(scene, view, frame.HEADER + 40)
    panels, y, summary = frame.players(scene, y, to_act, _player, ("points", "points"))
    ore = f"Ore in supply {view.get('ore')}."
    return frame.finish(scene, "TF22 Mine", status, body + panels, y, [ore, *summary])
