"""The report of `verify_log` (`service.history.verify`): what was checked, what could not be,
and the first event that does not hold; shown by `boardstate verify` and `POST /games/import`."""

from __future__ import annotations

import dataclasses
from typing import Any

from boardstate.service.history.rederive import Mismatch
from boardstate.service.log.game_record import GameRecord


@dataclasses.dataclass
class Report:
    """What `verify_log` checked, what it could not, and the first failure (if any)."""

    events: int
    game_type: str = "?"
    rules_version: str = "?"
    data_set: str = "?"
    players: int = 0
    seed_revealed: bool = False
    """The seed is known (revealed in `GameEnded`, or given) and matches the commitment."""
    finished: bool = False
    moves: int = 0
    inferred: int = 0
    lifecycle: int = 0
    checked: list[str] = dataclasses.field(default_factory=list)
    unchecked: list[str] = dataclasses.field(default_factory=list)
    failure: Mismatch | None = None
    record: GameRecord | None = None
    """The final fold (only when fully verified)."""

    @property
    def ok(self) -> bool:
        """Everything that could be checked holds."""
        return self.failure is None

    @property
    def complete(self) -> bool:
        """Everything was checked and holds (the seed was revealed)."""
        return self.ok and self.seed_revealed and self.record is not None

    def to_json(self) -> dict[str, Any]:
        """Returns the report as a JSON-safe dict."""
        failure = self.failure
        return {
            "ok": self.ok,
            "complete": self.complete,
            "gameType": self.game_type,
            "rulesVersion": self.rules_version,
            "dataSet": self.data_set,
            "players": self.players,
            "events": self.events,
            "seedRevealed": self.seed_revealed,
            "finished": self.finished,
            "moves": self.moves,
            "inferredMoves": self.inferred,
            "checked": self.checked,
            "unchecked": self.unchecked,
            "failure": None
            if failure is None
            else {"version": failure.version, "message": failure.message},
        }
