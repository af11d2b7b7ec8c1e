"""One rated game's update as the store writes it: every player's rating before and after, its
place on the board and its history entry, each encoded once here, and the records of its pairs
(`features.ratings.pairs`) (pure, no store).

The live path (`features.ratings.applier`) and the rebuild (`features.ratings.rebuild`) both
encode through `game_update`, so equal inputs give byte-equal stored values and hold the same
games.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from boardstate.service.features.ratings import pairs
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
    ranked: bool = True
    """The new rating is not provisional: the player stands on the leaderboard."""


@dataclasses.dataclass(frozen=True, slots=True)
class PairRow:
    """One pair's part of a game's update: its record as read, and as written (if counted)."""

    field: str
    before: bytes
    """The stored record the decision was made from (b'' for none)."""
    after: bytes | None
    """The record to write (None: the game is held)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Update:
    """A game's update: its players' rows (none when it is held) and its pairs' rows."""

    rows: list[Row]
    pairs: list[PairRow]

    @property
    def held(self) -> bool:
        """The pair bound holds the game: applied, moving no rating."""
        return not self.rows


def encode(value: dict[str, Any]) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def decode_skill(raw: bytes | None) -> Skill:
    return NEW if not raw else Skill.from_wire(json.loads(raw))


def game_rows(result: RatedResult, stored: Sequence[bytes | None]) -> list[Row]:
    """The update of `result` from the players' stored ratings (None: never rated)."""
    before = [decode_skill(raw) for raw in stored]
    after = rate(before, result.ranks)
    rows = []
    for index, player in enumerate(result.players):
        old, new = before[index], after[index]
        entry = {
            "gameId": result.game_id,
            "endedAt": result.ended_at,
            "seat": result.seat(index),
            "rank": result.ranks[index],
            "players": len(result.players),
            "rating": new.rating,
            "change": new.rating - old.rating,
            "mu": new.mu,
            "sigma": new.sigma,
            "games": new.games,
        }
        raw = stored[index] or b""
        ranked = not new.provisional
        rows.append(Row(player, raw, encode(new.to_wire()), new.rating, encode(entry), ranked))
    return rows


def game_update(
    result: RatedResult, stored: Sequence[bytes | None], pair_records: Sequence[bytes | None]
) -> Update:
    """The whole update of `result`: from its players' stored ratings and its pairs' stored
    records (`pairs.pairs_of` order)."""
    fields = pairs.pairs_of(result)
    counts, written = pairs.decide(result, pair_records)
    rows = game_rows(result, stored) if counts else []
    after: list[bytes | None] = list(written) if counts else [None] * len(fields)
    pair_rows = [
        PairRow(field, raw or b"", new)
        for field, raw, new in zip(fields, pair_records, after, strict=True)
    ]
    return Update(rows, pair_rows)
