"""Checkpoints: folded records of past versions kept in memory, so `state(version: k)` for any
past k folds at most `EVERY - 1` events (plus the read of those events), whatever the length
of the game.

A record is kept when an append crosses a multiple of `EVERY` (the record after it:
`GameLoader.appended`) and at every multiple of `EVERY` a fold of a past version passes. A
checkpoint is never served on trust: `GameLoader.at_version` reads the log from the
checkpoint's version on and uses it only when the log's stateHash there is the checkpoint's
(else it is dropped and the version is folded from a snapshot as before), and checks the
stateHash of the version it serves.

Bounded: at most `limit` records in all, the games used least recently dropped first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from boardstate.service.log.game_record import GameRecord

EVERY = 8
"""Versions between checkpoints of one game (a past version folds fewer events than this)."""

LIMIT = 4096
"""Checkpoint records kept in one process, over all games."""


class Checkpoints:
    """Past records by game and version (see the module docstring)."""

    def __init__(self, limit: int = LIMIT, every: int = EVERY) -> None:
        self.limit = limit
        self.every = every
        self._games: OrderedDict[str, dict[int, GameRecord]] = OrderedDict()
        self._count = 0

    def nearest(self, game_id: str, version: int) -> GameRecord | None:
        """Returns the checkpoint of the game at the largest version <= `version`, or None."""
        kept = self._games.get(game_id)
        if not kept:
            return None
        below = [v for v in kept if v <= version]
        if not below:
            return None
        self._games.move_to_end(game_id)
        return kept[max(below)]

    def passed(self, records: Iterable[GameRecord]) -> None:
        """Keeps the records of a fold that stand at a multiple of `every`."""
        self.keep(r for r in records if r.version % self.every == 0)

    def keep(self, records: Iterable[GameRecord]) -> None:
        """Keeps `records` (evicting the least recently used games over the limit)."""
        if self.limit <= 0:
            return
        for record in records:
            kept = self._games.setdefault(record.game_id, {})
            if record.version not in kept:
                self._count += 1
            kept[record.version] = record
            self._games.move_to_end(record.game_id)
        while self._count > self.limit and self._games:
            _, dropped = self._games.popitem(last=False)
            self._count -= len(dropped)

    def drop(self, game_id: str, version: int) -> None:
        """Forgets a checkpoint the log contradicts."""
        kept = self._games.get(game_id)
        if kept is not None and kept.pop(version, None) is not None:
            self._count -= 1

    def forget(self, game_id: str) -> None:
        """Forgets every checkpoint of a game (its cache diverged from the log)."""
        self._count -= len(self._games.pop(game_id, {}))
