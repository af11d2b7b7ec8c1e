"""One rated game's update as the store writes it: every player's rating before and after, its
place on the board and its history entry, each encoded once here (pure, no store).

The live path (`features.ratings.applier`) and the rebuild (`features.ratings.rebuild`) both
encode through `game_rows`, so equal inputs give byte-equal stored values.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from boardstate.service.features.ratings.outcomes import RatedResult
from boardstate.service.features.ratings.skill import NEW, Skill, rate


@dataclasses.dataclass(frozen=True, slots=True)
class Row:
    """One player's part of a game's update."""

    player: str
    before: bytes
    """The stored rating it was computed from (b'' for a player's first rated game)."""
    after: bytes
    score: float
    """The player's new place on the board (`Skill.rating`)."""
    entry: bytes
    """The player's history entry for this game."""


def encode(value: dict[str, Any]) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def decode_skill(raw: bytes | None) -> Skill:
    return NEW if not raw else Skill.from_wire(json.loads(raw))


def game_rows(result: RatedResult, stored: Sequence[bytes | None]) -> list[Row]:
    """The update of `result` from the players' stored ratings (None: never rated)."""
    before = [decode_skill(raw) for raw in stored]
    after = rate(before, result.ranks)
    rows = []
    for seat, player in enumerate(result.players):
        old, new = before[seat], after[seat]
        entry = {
            "gameId": result.game_id,
            "endedAt": result.ended_at,
            "seat": seat,
            "rank": result.ranks[seat],
            "players": len(result.players),
            "rating": new.rating,
            "change": new.rating - old.rating,
            "mu": new.mu,
            "sigma": new.sigma,
            "games": new.games,
        }
        raw = stored[seat] or b""
        rows.append(Row(player, raw, encode(new.to_wire()), new.rating, encode(entry)))
    return rows
