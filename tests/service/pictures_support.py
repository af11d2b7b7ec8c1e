"""Positions for the picture tests: golden playthroughs (tests/golden) replayed through the
engine, each step drawn as a seat or the spectator would get it from the API."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

from boardstate.engine.core.driver import Opening, playthrough
from boardstate.engine.registry import GAMES
from boardstate.service.pictures import Scene, render
from tests.golden.golden import CASES, Case

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Ada", "Brian", "Chloé", "Dmitri")


@dataclasses.dataclass(frozen=True)
class Position:
    """A state of a golden game after `version` events, with the last move's events."""

    case: Case
    version: int
    state: Any
    events: tuple[Any, ...]

    def scene(self, viewer: int | None) -> Scene:
        rules = GAMES[self.case.game]
        last = []
        for event in self.events[-12:]:
            wire = rules.events.encode(rules.redact(event, viewer))
            kind = wire.pop("type")
            last.append({"type": kind, "seat": None, "moveId": "m", "data": wire})
        view = rules.view(self.state, viewer)
        names = NAMES[: self.case.players]
        return Scene(self.case.game, self.version, view, names, viewer, tuple(last))

    def svg(self, viewer: int | None) -> str:
        return render(self.scene(viewer))


def positions(case: Case, every: int = 1) -> Iterator[Position]:
    """Yields the opening and every `every`-th move of `case` (and its last)."""
    rules = GAMES[case.game]
    options = rules.parse_options(case.options)
    items = list(playthrough(rules, case.players, f"golden-{case.seed}", options))
    for n, item in enumerate(items):
        if isinstance(item, Opening):
            yield Position(case, len(item.events), item.state, item.events)
        elif n % every == 0 or n == len(items) - 1:
            yield Position(case, item.version + len(item.events), item.after, item.events)


def case(game: str, players: int, seed: int) -> Case:
    return next(c for c in CASES if (c.game, c.players, c.seed) == (game, players, seed))


def parse(svg: str) -> ET.Element:
    """Parses a picture and checks the structure every picture has."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox", "").startswith("0 0 ")
    assert root.get("aria-labelledby") == "picture-title picture-desc"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None
    assert title.text
    assert desc is not None
    assert desc.text
    return root


def group(root: ET.Element, ident: str) -> ET.Element:
    found = root.find(f".//*[@id='{ident}']")
    assert found is not None, ident
    return found


def cards(element: ET.Element) -> list[str]:
    """The `data-card` values under `element`, in document order."""
    return [e.get("data-card", "") for e in element.iter() if e.get("data-card") is not None]


def strings(value: Any) -> set[str]:
    """Every string leaf of a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()
