"""`GameRecord`: a game folded up to a version. The fold that builds it, how a decision's seed
and the `stateHash` are defined, and how new events become stored ones:
`service.log.record_model`; the table's part of the fold: `service.log.table_fold`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
from collections.abc import Mapping
from typing import Any

from boardstate.engine.core.canonical import canonical_bytes
from boardstate.engine.core.rules import GameRules, Outcome
from boardstate.engine.table.options import Clock, TableOptions
from boardstate.service.log.lifecycle import EMPTY, Table

NO_TABLE_OPTIONS = TableOptions()
"""The table options of a game created without any."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameRecord:
    """A game folded up to `version`."""

    game_id: str
    rules: GameRules[Any, Any, Any]
    seed: str
    created: Mapping[str, Any]
    """The data of `GameCreated`."""
    options: Any
    seats: tuple[str | None, ...]
    state: Any
    version: int
    result: Outcome | None = None
    imported: bool = False  # imported from an exported log (`POST /games/import`)
    table: Table = EMPTY
    """Resignations, stand-ins, clocks, takebacks (`service.log.lifecycle`)."""
    setup: TableOptions = NO_TABLE_OPTIONS
    """The table's options (`GameCreated.data.table`): clock, bots, stand-in, hints."""
    player_ids: tuple[str | None, ...] = ()
    """The integrator's opaque player id per seat (`GameCreated.data.playerIds`, replaced by
    `SeatJoined.data.playerId`, cleared by `SeatLeft`); not part of the stateHash."""
    _hash: str | None = dataclasses.field(default=None, init=False, compare=False, repr=False)
    """`state_hash()`, once computed (a copy made with `dataclasses.replace` starts without)."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)

    @property
    def status(self) -> str:
        """OPEN (seats empty), ACTIVE, FINISHED or ABANDONED, as derived from the log."""
        if self.result is not None:
            return "ABANDONED" if self.table.abandoned else "FINISHED"
        return "OPEN" if self.state is None else "ACTIVE"

    @property
    def clock(self) -> Clock | None:
        """The game's clock, if any."""
        return self.setup.clock

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that may move now (none unless ACTIVE)."""
        if self.status != "ACTIVE":
            return ()
        return tuple(sorted(self.rules.to_act(self.state)))

    def seed_for(self, version: int) -> str:
        """Returns the seed of the decision taken at `version` (`service.log.record_model`)."""
        fork = self.created.get("forkedFrom")
        for part in fork["seeds"] if isinstance(fork, Mapping) else ():
            if version < int(part["before"]):
                return str(part["seed"])
        return self.seed

    def state_hash(self) -> str:
        """Returns the stateHash of this record (`service.log.record_model`); computed once."""
        if self._hash is None:
            doc = {"version": self.version, "seats": list(self.seats), "state": self.state}
            table = self.table.hashed()
            if table is not None:
                doc["table"] = table
            key = self.seed.encode("utf-8")
            digest = hmac.new(key, canonical_bytes(doc), hashlib.sha256).hexdigest()
            object.__setattr__(self, "_hash", digest)
            return digest
        return self._hash
