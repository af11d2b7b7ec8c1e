"""Trekking components (rules/trekking.md Part A, 1B.2), loaded from the validated data file.

History cards (`I-01` … `III-36`), ancestor cards (`A-01` … `A-12`) and itineraries (`IT-01` …
`IT-24`) are referred to by id everywhere; their faces live here. Itinerary spaces are
`(column, row)` pairs of indices: columns in `Colour` order, rows from 0 at the top.
`engine.trekking.validate` checks the data against Part A and raises `DataFileError`.
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.data import DataFileError, DataSet, load_data_set
from boardstate.engine.trekking.component_types import (
    AncestorCard,
    Components,
    Group,
    HistoryCard,
    Itinerary,
)
from boardstate.engine.trekking.kinds import COLUMNS, Bonus, Colour, Token
from boardstate.engine.trekking.validate import validate


def _tokens(raw: Any) -> tuple[Token, ...]:
    return tuple(Token(t) for t in raw)


def _itinerary(raw: dict[str, Any], rows: int) -> Itinerary:
    pp = [[0] * rows for _ in COLUMNS]
    crystals = [[0] * rows for _ in COLUMNS]
    for reward in raw["rewards"]:
        col, row = COLUMNS.index(Colour(reward["column"])), int(reward["row"]) - 1
        pp[col][row] += int(reward.get("pp", 0))
        crystals[col][row] += int(reward.get("crystal", 0))
    groups = tuple(
        Group(
            spaces=tuple(
                (COLUMNS.index(Colour(s["column"])), int(s["row"]) - 1) for s in g["spaces"]
            ),
            pp=int(g["pp"]),
        )
        for g in raw["groups"]
    )
    return Itinerary(
        id=raw["id"],
        pp=tuple(tuple(c) for c in pp),
        crystals=tuple(tuple(c) for c in crystals),
        groups=groups,
    )


def load_components(data: DataSet) -> Components:
    """Builds the components and checks them (`validate`); raises `DataFileError`."""
    try:
        rows = int(data["spaces_per_column"])
        cards = {}
        for name, value in data.values.items():
            if name.startswith("card:"):
                card = HistoryCard(
                    id=value["id"],
                    day=int(value["day"]),
                    title=value["title"],
                    year=int(value["year"]),
                    circa=bool(value["circa"]),
                    hours=int(value["hours"]),
                    tokens=_tokens(value["tokens"]),
                    crystals=int(value["crystals"]),
                )
                if name != f"card:{card.id}" or card.id in cards:
                    raise DataFileError(f"{data.id}: {name} holds card {card.id}")
                cards[card.id] = card
        days = int(data["days"])
        comps = Components(
            data=data,
            cards=cards,
            day_decks=tuple(
                tuple(c.id for c in cards.values() if c.day == day) for day in range(1, days + 1)
            ),
            ancestors={
                a["id"]: AncestorCard(
                    a["id"], int(a["hours"]), int(a.get("pp", 0)), _tokens(a.get("tokens", ()))
                )
                for a in data["ancestor_cards"]
            },
            itineraries={i["id"]: _itinerary(i, rows) for i in data["itineraries"]},
            display_bonuses=tuple(Bonus(b) for b in data["display_bonuses"]),
            trek_table=tuple(
                int(data["trek_points"][str(n)]) for n in range(1, len(data["trek_points"]) + 1)
            ),
            year_ranges=tuple((int(lo), int(hi)) for lo, hi in data["day_year_ranges"]),
            days=days,
            hours_per_day=int(data["hours_per_day"]),
            punctuality_bonus=int(data["punctuality_bonus"]),
            minimum_hours=int(data["minimum_hours"]),
            start_crystals=int(data["start_crystals"]),
            itineraries_per_player=int(data["itineraries_per_player"]),
            ancestors_per_player=int(data["ancestors_per_player"]),
            display_spaces=int(data["display_spaces"]),
            spaces_per_column=rows,
            crystal_end_value=int(data["crystal_end_value"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, DataFileError):
            raise
        raise DataFileError(f"{data.id}: malformed component data: {exc!r}") from None
    validate(comps)
    return comps


DATA = load_data_set("boardstate.engine.trekking.data", "trekking-underdog-2022.json")
COMPONENTS = load_components(DATA)

__all__ = ["COLUMNS", "COMPONENTS", "DATA", "Bonus", "Colour", "Components", "Token"]
