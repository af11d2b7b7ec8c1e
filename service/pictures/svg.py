"""A small SVG builder: every text and attribute value is XML-escaped here, and nothing else.

Elements are plain strings built by `el`; `attrs` turns keyword names into attribute names
(`font_size` → `font-size`, `data_card` → `data-card`, `class_` → `class`). Characters XML 1.0
forbids (control characters, lone surrogates) are dropped and every text is cut to `MAX_TEXT`
characters, so a player's name can neither break the document nor stretch the picture.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MAX_TEXT = 120
"""The longest text drawn (longer texts are cut with an ellipsis; names at 24)."""
SVG_NS = "http://www.w3.org/2000/svg"
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"
INK = "#1f2328"
MUTED = "#57606a"
PAPER = "#ffffff"
PANEL = "#f6f8fa"
LINE = "#d0d7de"
HIGHLIGHT = "#ff8c00"
ACTIVE = "#0969da"
SEAT_COLOURS = ("#cf222e", "#0969da", "#1a7f37", "#9a6700", "#8250df", "#bc4c00")
_BAD_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_SPECIAL = re.compile("[&<>\"']")


def clean(value: object, limit: int = MAX_TEXT) -> str:
    """Returns `value` as text XML can carry, at most `limit` characters."""
    text = _BAD_XML.sub("", str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def esc(value: object, limit: int = MAX_TEXT) -> str:
    """Returns `value` cleaned and escaped for text and (double- or single-quoted) attributes."""
    return _SPECIAL.sub(lambda m: _ENTITIES[m.group(0)], clean(value, limit))


def wrap(content: str, width: int, lines: int) -> list[str]:
    """Returns `content` in at most `lines` lines of about `width` characters (the last one
    cut with an ellipsis when it does not fit)."""
    out: list[str] = []
    for word in content.split():
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = [*out[: lines - 1], " ".join(out[lines - 1 :])]
    return [clean(line, width) for line in out]


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def attrs(values: dict[str, object]) -> str:
    """Returns ` name="value"` pairs; None and False values are left out."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = (
            "true"
            if value is True
            else _number(value)
            if isinstance(value, (int, float))
            else value
        )
        out.append(f' {name}="{esc(text, 200)}"')
    return "".join(out)


def el(tag: str, *children: str, **values: object) -> str:
    """Returns an element; `children` are already-built strings (use `esc` for text)."""
    inner = "".join(children)
    return f"<{tag}{attrs(values)}>{inner}</{tag}>" if inner else f"<{tag}{attrs(values)}/>"


def text(x: float, y: float, content: object, size: float = 18, **values: object) -> str:
    """Returns a `<text>` element (escaped); `values` may set fill, anchor, weight..."""
    values.setdefault("fill", INK)
    anchor = values.pop("anchor", None)
    weight = values.pop("weight", None)
    return el(
        "text",
        esc(content),
        x=x,
        y=y,
        font_size=size,
        text_anchor=anchor,
        font_weight=weight,
        **values,
    )


def rect(x: float, y: float, w: float, h: float, **values: object) -> str:
    values.setdefault("rx", 6)
    return el("rect", x=x, y=y, width=w, height=h, **values)


def edge(lit: bool, stroke: str, width: float = 1) -> dict[str, object]:
    """The outline of a shape: orange and thick when the last move touched it."""
    return {"stroke": HIGHLIGHT if lit else stroke, "stroke_width": 4 if lit else width}


def group(children: Iterable[str], label: str | None = None, **values: object) -> str:
    """Returns a `<g>`: with a `label`, a named group a screen reader announces."""
    role = "group" if label is not None else None
    return el("g", *children, role=role, aria_label=label, **values)


def title(content: object) -> str:
    return el("title", esc(content, 200))


def document(width: float, height: float, name: str, summary: str, body: Iterable[str]) -> str:
    """Returns the whole picture: scalable (viewBox, no fixed size), titled and described."""
    head = el("title", esc(name, 200), id="picture-title") + el(
        "desc", esc(summary, 2000), id="picture-desc"
    )
    background = rect(0, 0, width, height, rx=0, fill=PAPER)
    return el(
        "svg",
        head,
        background,
        *body,
        xmlns=SVG_NS,
        viewBox=f"0 0 {_number(width)} {_number(height)}",
        width="100%",
        role="img",
        aria_labelledby="picture-title picture-desc",
        preserveAspectRatio="xMidYMin meet",
        font_family=FONT,
    )
