"""The map of Tinners' Trail (rules/tinners_trail.md Part A A.3): areas and their borders.

Adjacency derives from the borders; adits sit on borders. The map must be one connected
component, every border must join two different known areas once, and an area that is not
seeded at set-up cannot show printed cubes. Violations raise `DataFileError`.
"""

from __future__ import annotations

import dataclasses

from boardstate.engine.core.data import DataFileError, DataSet


@dataclasses.dataclass(frozen=True, slots=True)
class AreaInfo:
    """One mining area of the map (A.3)."""

    id: int
    name: str
    coastal: bool
    seeded: bool
    """Carries printed cubes and is seeded at set-up."""
    printed_tin: int
    printed_copper: int
    neighbours: tuple[int, ...]


def _fail(data: DataSet, message: str) -> DataFileError:
    return DataFileError(f"{data.id}: {message}")


def load_map(data: DataSet) -> tuple[tuple[AreaInfo, ...], tuple[tuple[int, int], ...]]:
    """Returns the checked areas (by id) and borders (sorted pairs) of the data set."""
    raw = data["areas"]
    ids = [a["id"] for a in raw]
    if ids != list(range(1, len(raw) + 1)):
        raise _fail(data, "areas must be numbered 1..n in order")
    borders: list[tuple[int, int]] = []
    for pair in data["borders"]:
        a, b = sorted(pair)
        if len(pair) != 2 or a == b or a not in ids or b not in ids:
            raise _fail(data, f"border {pair} must join two different known areas")
        if (a, b) in borders:
            raise _fail(data, f"border {pair} is listed twice")
        borders.append((a, b))
    neighbours = {
        i: sorted({b for a, b in borders if a == i} | {a for a, b in borders if b == i})
        for i in ids
    }
    reached, frontier = {1}, [1]
    while frontier:
        for n in neighbours[frontier.pop()]:
            if n not in reached:
                reached.add(n)
                frontier.append(n)
    if reached != set(ids):
        raise _fail(data, "the map must be one connected component")
    areas = []
    for a in raw:
        if not a["seeded"] and (a["printed_tin"] or a["printed_copper"]):
            raise _fail(data, f"unseeded area {a['id']} cannot show printed cubes")
        areas.append(
            AreaInfo(
                id=a["id"],
                name=str(a["name"]),
                coastal=bool(a["coastal"]),
                seeded=bool(a["seeded"]),
                printed_tin=int(a["printed_tin"]),
                printed_copper=int(a["printed_copper"]),
                neighbours=tuple(neighbours[a["id"]]),
            )
        )
    return tuple(areas), tuple(sorted(borders))
