"""Trambahn: the four terminals, the tram display, the piles, and every player's hand, money,
lines (stations, conductors, tram, points), journeys and score.

Ids: `terminal-{colour}`, `tram-display-{i}`, `seat-{n}`, `hand-{n}`, `line-{n}-{id}`;
cards carry `data-card` (e.g. `red-7`, `conductor`; `hidden` for a face-down card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardstate.service.pictures import frame, svg
from boardstate.service.pictures.frame import BODY, MARGIN, SMALL, WIDTH
from boardstate.service.pictures.scene import Scene, turn_line

COLOURS = {"blue": "#1f6feb", "red": "#cf222e", "green": "#1a7f37", "yellow": "#d4a72c"}
INKS = {"yellow": "#1f2328"}
CONDUCTOR = "#6e7781"
BOARDING, SCORED = ("PassengerBoarded",), ("FahrtScored",)
DRAWS = ("CardsDrawn", "IncomeTaken")
TRAMS = {"horse": "#8c6d3f", "steam": "#57606a", "electric": "#0969da"}


def _card(x: float, y: float, name: Any, lit: bool) -> str:
    if not isinstance(name, str):
        return frame.card(x, y, "?", "#8c959f", lit=lit, data_card="hidden")
    if name == "conductor":
        return frame.card(x, y, "C", CONDUCTOR, sub="cond", lit=lit, data_card=name)
    colour, _, value = name.partition("-")
    fill = COLOURS.get(colour, "#8c959f")
    return frame.card(
        x,
        y,
        value,
        fill,
        ink=INKS.get(colour, "#ffffff"),
        sub=colour[:3],
        lit=lit,
        data_card=name,
    )


def _cards(x: float, y: float, cards: list[Any], lit: set[Any]) -> list[str]:
    room = int((WIDTH - MARGIN - 8 - x) // 33)
    fits = room if len(cards) <= room else room - 1
    out = [_card(x + 33 * i, y, c, c in lit) for i, c in enumerate(cards[:fits])]
    if len(cards) > fits:
        out.append(svg.text(x + 33 * fits + 4, y + 26, f"+{len(cards) - fits}", BODY))
    return out


def _table(view: Mapping[str, Any], scene: Scene, y: float) -> tuple[list[str], float]:
    lit = scene.touched("card", BOARDING)
    touched_terminals = scene.touched("terminal", BOARDING) | scene.touched("colour", SCORED)
    parts = [svg.text(MARGIN, y + 18, "Terminals (waiting passengers)", BODY, weight="bold")]
    y += 28
    for colour, cards in view.get("terminals", {}).items():
        here = colour in touched_terminals
        row = [
            svg.rect(
                MARGIN,
                y,
                WIDTH - 2 * MARGIN,
                46,
                fill="#fff8c5" if here else svg.PANEL,
                stroke=svg.HIGHLIGHT if here else svg.LINE,
                stroke_width=2 if here else 1,
            ),
            svg.rect(MARGIN + 6, y + 8, 12, 30, rx=3, fill=COLOURS.get(colour, "#8c959f")),
            svg.text(MARGIN + 24, y + 29, colour.capitalize(), BODY, weight="bold"),
            *_cards(MARGIN + 100, y + 3, list(cards), lit),
        ]
        if not cards:
            row.append(svg.text(MARGIN + 100, y + 29, "empty", SMALL, fill=svg.MUTED))
        label = f"{colour} terminal: {len(cards)} passengers: {', '.join(map(str, cards))}"
        parts.append(
            svg.group(row, label=label, id=f"terminal-{colour}", data_colour=colour, data_lit=here)
        )
        y += 50
    display = list(view.get("tram_display", []))
    stack = list(view.get("tram_stack", []))
    trams = [svg.text(MARGIN, y + 26, "Trams for sale", BODY, weight="bold")]
    for i, tram in enumerate(display):
        x = MARGIN + 140 + 92 * i
        trams.append(
            svg.group(
                [
                    svg.rect(x, y + 6, 86, 30, fill=TRAMS.get(tram, "#8c959f")),
                    svg.text(
                        x + 43, y + 27, tram, SMALL, anchor="middle", fill="#ffffff", weight="bold"
                    ),
                ],
                label=f"{tram} tram for sale",
                id=f"tram-display-{i}",
                data_tram=tram,
            )
        )
    parts.append(svg.group(trams, label="Trams for sale: " + (", ".join(display) or "none")))
    y += 44
    discard = list(view.get("discard_pile", []))
    piles = (
        f"Draw pile {view.get('draw_pile_count', 0)} cards · tram stack {len(stack)}"
        + (f" (next {stack[0]})" if stack else "")
        + f" · discards {len(discard)}"
    )
    parts.append(svg.text(MARGIN, y + 16, piles, SMALL, fill=svg.MUTED, id="piles"))
    return parts, y + 30


def _line(seat: int, line: Mapping[str, Any], x: float, y: float, lit: bool) -> str:
    colour = str(line.get("colour"))
    values = [f"{colour}-{v}" for v in line.get("values", [])]
    tram = line.get("tram")
    words = [f"vp {line.get('vp', 0)}", f"{line.get('points', 0)} pts"]
    if line.get("conductors"):
        words.insert(0, f"+{line['conductors']} conductor")
    if line.get("closed"):
        words.insert(0, "closed")
    parts = [
        svg.rect(
            x,
            y,
            WIDTH - MARGIN - 8 - x,
            64,
            fill="#fff8c5" if lit else "#ffffff",
            stroke=svg.HIGHLIGHT if lit else svg.LINE,
            stroke_width=3 if lit else 1,
        ),
        svg.text(x + 8, y + 20, f"Line {line.get('id')} · {colour}", SMALL, weight="bold"),
        svg.text(x + 8, y + 40, tram or "no tram", SMALL, fill=TRAMS.get(str(tram), svg.MUTED)),
        svg.text(x + 8, y + 58, " · ".join(words), 13, fill=svg.MUTED),
        *[_card(x + 170 + 31 * i, y + 12, c, False) for i, c in enumerate(values[:9])],
    ]
    label = (
        f"{colour} line {line.get('id')}: stations {', '.join(map(str, line.get('values', [])))}"
        f", {tram or 'no'} tram, {', '.join(words)}"
    )
    return svg.group(
        parts,
        label=label,
        id=f"line-{seat}-{line.get('id')}",
        data_seat=seat,
        data_line=line.get("id"),
        data_colour=colour,
        data_lit=lit,
    )


def _player(scene: Scene, p: Mapping[str, Any], y: float, active: bool) -> tuple[str, float]:
    seat = int(p.get("seat", 0))
    lines = list(p.get("lines", []))
    lit_lines = scene.touched("line", seat=seat) | scene.touched("lines", seat=seat)
    lit_cards = scene.touched("cards", DRAWS, seat) | scene.touched("card", DRAWS, seat)
    height = 132 + 70 * len(lines)
    total = p.get("total", 0)
    parts = [
        frame.panel(MARGIN, y, WIDTH - 2 * MARGIN, height - 8, active),
        *frame.seat_heading(scene, seat, y + 26, active, f"{total} pts"),
    ]
    hand = p.get("hand")
    count = int(p.get("hand_count", 0))
    if isinstance(hand, list):
        row = _cards(MARGIN + 70, y + 40, hand, lit_cards)
        hand_label = f"hand: {', '.join(map(str, hand))}"
    else:
        row = [_card(MARGIN + 70 + 33 * i, y + 40, None, False) for i in range(min(count, 13))]
        hand_label = f"hand: {count} hidden cards"
    parts.append(
        svg.group(
            [svg.text(MARGIN + 10, y + 66, "Hand", SMALL, weight="bold"), *row],
            label=hand_label,
            id=f"hand-{seat}",
            data_seat=seat,
        )
    )
    journeys = len(p.get("fahrten", [])) + len(p.get("extra_tours", []))
    parts.append(
        svg.text(
            MARGIN + 10,
            y + 106,
            f"Money: {p.get('money_count', 0)} cards, face down · journeys scored: {journeys}",
            SMALL,
            fill=svg.MUTED,
        )
    )
    for i, line in enumerate(lines):
        parts.append(_line(seat, line, MARGIN + 8, y + 118 + 70 * i, line.get("id") in lit_lines))
    label = f"{scene.name(seat)}: {total} points, {count} cards in hand, {len(lines)} lines"
    return svg.group(parts, label=label, id=f"seat-{seat}", data_seat=seat), height


def render(scene: Scene) -> str:
    view = scene.view
    active = view.get("active_seat")
    finished = bool(view.get("finished"))
    extra = (
        f"turn {view.get('turn')}, {view.get('step')}, scoring {view.get('scorings')}/"
        f"{view.get('scorings_to_end')}"
        if not finished
        else str(view.get("end_reason") or "").replace("_", " ")
    )
    status = turn_line(scene, [active] if isinstance(active, int) else [], finished, extra)
    body, y = _table(view, scene, frame.HEADER)
    to_act = [active] if isinstance(active, int) else []
    panels, y, summary = frame.players(scene, y, to_act, _player, ("total", "points"))
    scoring = f"Scoring {view.get('scorings')} of {view.get('scorings_to_end')}."
    return frame.finish(scene, "Trambahn", status, body + panels, y, [scoring, *summary])
