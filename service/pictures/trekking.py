"""Trekking through History: the 12-hour clock, the five display spaces with their history
cards, the deck's face-up top card, the ancestors, and every player's itinerary (tokens placed,
bonuses, groups), treks, crystals, prestige and score.

Ids: `clock`, `display-{space}`, `deck`, `ancestors`, `seat-{n}`, `itinerary-{n}`; cards carry
`data-card` (e.g. `II-19`). Unused itineraries are drawn only in their owner's picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardstate.service.pictures import frame, svg
from boardstate.service.pictures.frame import BODY, MARGIN, SMALL, WIDTH
from boardstate.service.pictures.scene import Scene, turn_line

TOKENS = {"red": "#cf222e", "blue": "#0969da", "yellow": "#d4a72c", "green": "#1a7f37",
          "world": "#6e7781", "crystal": "#8250df"}  # fmt: skip
COLUMNS = ("red", "blue", "yellow", "green")
HOURS = 12
CARD_W, CARD_H = 96, 124


def _year(card: Mapping[str, Any]) -> str:
    year = int(card.get("year", 0))
    text = f"{-year} BC" if year < 0 else str(year)
    return ("c. " if card.get("circa") else "") + text


def _token(x: float, y: float, colour: str) -> list[str]:
    return [
        svg.el("circle", cx=x, cy=y, r=7, fill=TOKENS.get(colour, "#8c959f")),
        svg.text(x, y + 4, colour[:1].upper(), 10, anchor="middle", fill="#ffffff", weight="bold"),
    ]


def _card(x: float, y: float, card: Mapping[str, Any], lit: bool, **values: object) -> str:
    title = str(card.get("title", card.get("id", "")))
    parts = [
        svg.rect(
            x,
            y,
            CARD_W,
            CARD_H,
            fill="#fffdf5",
            stroke=svg.HIGHLIGHT if lit else "#bf8700",
            stroke_width=4 if lit else 1.5,
        ),
        svg.text(x + 5, y + 20, _year(card), 15 if len(_year(card)) < 10 else 13, weight="bold"),
        svg.text(
            x + CARD_W - 6,
            y + CARD_H - 24,
            f"{card.get('hours')}h",
            15,
            anchor="end",
            fill=svg.ACTIVE,
            weight="bold",
        ),
    ]
    for i, line in enumerate(svg.wrap(title, 14, 3)):
        parts.append(svg.text(x + 6, y + 40 + 14 * i, line, 12))
    tokens = list(card.get("tokens", []))
    for i, colour in enumerate(tokens[:6]):
        parts += _token(x + 12 + 15 * i, y + CARD_H - 30, str(colour))
    crystals = card.get("crystals", 0)
    foot = f"{card.get('id')}" + (f" · ◆{crystals}" if crystals else "")
    parts.append(svg.text(x + 6, y + CARD_H - 8, foot, 11, fill=svg.MUTED))
    label = (
        f"{title}, {_year(card)}, {card.get('hours')} hours, tokens "
        f"{', '.join(map(str, tokens)) or 'none'}, {crystals} crystals"
    )
    return svg.group(parts, label=label, data_card=card.get("id"), data_lit=lit, **values)


def _table(scene: Scene, view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    lit, spaces = scene.touched("card"), scene.touched("space")
    parts = [svg.text(MARGIN, y + 16, "Display", BODY, weight="bold")]
    for i, space in enumerate(view.get("display", [])):
        x = MARGIN + 100 * i
        card = space.get("card")
        bonus = str(space.get("bonus") or "")
        inner = [
            svg.text(
                x + 2,
                y + 38,
                f"#{space.get('space')} {bonus}",
                13,
                fill=TOKENS.get(bonus, svg.MUTED),
                weight="bold",
            )
        ]
        if isinstance(card, Mapping):
            here = card.get("id") in lit or space.get("space") in spaces
            inner.append(_card(x, y + 44, card, here))
        else:
            inner.append(
                svg.rect(
                    x,
                    y + 44,
                    CARD_W,
                    CARD_H,
                    fill="none",
                    stroke_dasharray="4 4",
                    stroke=svg.HIGHLIGHT if space.get("space") in spaces else svg.LINE,
                )
            )
        parts.append(
            svg.group(
                inner,
                label=f"Display space {space.get('space')}, bonus {bonus}",
                id=f"display-{space.get('space')}",
                data_space=space.get("space"),
            )
        )
    y += 44 + CARD_H + 10
    deck = view.get("deck", {})
    top = deck.get("top")
    counts = " / ".join(str(c) for c in view.get("deck_counts", []))
    parts.append(
        svg.text(MARGIN, y + 16, f"Deck {deck.get('count', 0)} left", SMALL, weight="bold")
    )
    if isinstance(top, Mapping):
        parts.append(_card(MARGIN, y + 24, top, top.get("id") in lit, id="deck"))
    parts.append(svg.text(MARGIN, y + CARD_H + 40, f"days {counts}", 11, fill=svg.MUTED))
    ancestors = list(view.get("ancestors", []))
    ax = MARGIN + 112
    parts.append(svg.text(ax, y + 16, f"Ancestors ({len(ancestors)})", SMALL, weight="bold"))
    for i, a in enumerate(ancestors[:8]):
        cx, cy = ax + 96 * (i % 4), y + 24 + 44 * (i // 4)
        parts.append(
            svg.group(
                [
                    svg.rect(
                        cx,
                        cy,
                        90,
                        38,
                        rx=4,
                        fill="#f6f0ff",
                        stroke=svg.HIGHLIGHT if a.get("id") in lit else "#8250df",
                    ),
                    svg.text(cx + 6, cy + 16, a.get("id"), 13, weight="bold"),
                    svg.text(cx + 6, cy + 32, f"{a.get('hours')}h · {a.get('pp', 0)} PP", 12),
                ],
                label=f"Ancestor {a.get('id')}, {a.get('hours')} hours, {a.get('pp', 0)} prestige",
                data_card=a.get("id"),
            )
        )
    return parts, y + 24 + CARD_H + 30


def _itinerary(seat: int, it: Mapping[str, Any], x: float, y: float, placed: set[Any]) -> str:
    filled = it.get("filled", {})
    parts = [svg.text(x, y + 12, f"Itinerary {it.get('id')}", 13, weight="bold")]
    for c, colour in enumerate(COLUMNS):
        spaces = list(it.get("columns", {}).get(colour, []))
        for r, space in enumerate(spaces):
            on = r < int(filled.get(colour, 0))
            sx, sy = x + 36 * c, y + 18 + 22 * r
            bonus = (f"+{space['pp']}" if space.get("pp") else "") + (
                "◆" if space.get("crystals") else ""
            )
            parts += [
                svg.rect(
                    sx,
                    sy,
                    34,
                    20,
                    rx=3,
                    fill=TOKENS[colour] if on else "#ffffff",
                    stroke=svg.HIGHLIGHT if (colour, r + 1) in placed else TOKENS[colour],
                    stroke_width=4 if (colour, r + 1) in placed else 1.5,
                ),
                svg.text(
                    sx + 17,
                    sy + 15,
                    bonus or "·",
                    12,
                    anchor="middle",
                    fill="#ffffff" if on else svg.INK,
                ),
            ]
    groups = [
        "+".join(f"{s[0][:1].upper()}{s[1]}" for s in g.get("spaces", [])) + f"→{g.get('pp')}"
        for g in it.get("groups", [])
    ]
    parts.append(svg.text(x, y + 124, "Groups " + ", ".join(groups), 11, fill=svg.MUTED))
    done = ", ".join(f"{k} {v}" for k, v in filled.items())
    return svg.group(
        parts, label=f"Itinerary {it.get('id')}: tokens placed {done}", id=f"itinerary-{seat}"
    )


def _player(scene: Scene, p: Mapping[str, Any], y: float, active: bool) -> tuple[str, float]:
    seat = int(p.get("seat", 0))
    parts = [
        frame.panel(MARGIN, y, WIDTH - 2 * MARGIN, 170, active),
        *frame.seat_heading(scene, seat, y + 26, active, f"{p.get('score', 0)} pts"),
    ]
    it = p.get("itinerary")
    if isinstance(it, Mapping):
        placed = {
            (e["data"].get("column"), e["data"].get("row"))
            for e in scene.last
            if e.get("type") == "TokenPlaced" and e.get("data", {}).get("seat") == seat
        }
        parts.append(_itinerary(seat, it, MARGIN + 10, y + 34, placed))
    facts = [
        f"Prestige {p.get('pp', 0)} · crystals {p.get('crystals', 0)}",
        f"Hours today {p.get('hours', 0)}",
        f"Trek points {p.get('trek_points', 0)} (year {p.get('reference_year')})",
        "Open trek: " + (", ".join(map(str, p.get("open_trek", []))) or "none"),
        f"Closed treks: {len(p.get('closed_treks', []))}",
    ]
    hand = p.get("itineraries")
    if isinstance(hand, list):
        facts.append("Itineraries: " + ", ".join(str(i.get("id")) for i in hand))
    else:
        facts.append(f"Itineraries: {p.get('itinerary_count', 0)} (hidden)")
    fx = MARGIN + (168 if isinstance(it, Mapping) else 12)
    parts += [svg.text(fx, y + 52 + 18 * i, line, 14) for i, line in enumerate(facts)]
    label = f"{scene.name(seat)}: {p.get('score', 0)} points. " + ". ".join(facts)
    return svg.group(parts, label=label, id=f"seat-{seat}", data_seat=seat), 178


def render(scene: Scene) -> str:
    view = scene.view
    finished = bool(view.get("finished"))
    to_act = [s for s in view.get("to_act", []) if isinstance(s, int)]
    status = turn_line(
        scene, to_act, finished, f"day {view.get('day')} of {view.get('days')}, {view.get('phase')}"
    )
    hours = dict(enumerate(int(h) for h in view.get("clock", {}).get("hours", [])))
    clock, y = frame.track(scene, "Clock", HOURS, hours, frame.HEADER, "clock", "hours")
    body, y = _table(scene, view, y)
    body.insert(0, clock)
    panels, y, summary = frame.players(scene, y, to_act, _player, ("score", "points"))
    return frame.finish(scene, "Trekking through History", status, body + panels, y, summary)
