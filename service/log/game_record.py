"""The records the fold builds: `GameRecord`, a game folded up to a version, and its `Table`,
what the service adds around the game (resignations, stand-ins, clocks, takebacks: architecture
§5c).

They are frozen values with the questions one asks of them (`status`, `to_act`, `state_hash()`,
`Table.in_play`, ...); what each event does to them is the fold's: `service.log.record_model`
(its dispatch table, `FOLDS`) and, for the table's events, `service.log.lifecycle`. How the
stateHash and a decision's seed are defined: `service.log.record_model`.

`Table.history` keeps the engine state before each of the last `lifecycle.HISTORY` moves (what
a takeback returns to); `Table.idle` counts each seat's timeouts since its last move of its own
(the rule that ends tables nobody sits at: `service.log.idle_tables`); `Table.moved` counts each
seat's moves of its own that stand (what rates a game: `service.features.ratings.outcomes`).
They are derived from the log and not part of the stateHash (so logs written before them hash
as before); every other field is (`Table.hashed`).

**A move of the seat's own** is one its holder submitted (with the seat's token or its player's
token): not the stand-in's move that a `TimedOut` appends for the seat, nor any move once the
seat is stood in (it resigned, forfeited on time, or an admin handed it to a policy: every
later move of the seat is the stand-in's or the policy's). A move taken back no longer stands:
`TakenBack` takes its count back with it.
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


@dataclasses.dataclass(frozen=True, slots=True)
class Mark:
    """The engine state before a move: the version before it and the seat that made it."""

    version: int
    seat: int
    state: Any
    own: bool = False
    """The move was the seat's own (see the module docstring), not a stand-in's or a policy's."""


@dataclasses.dataclass(frozen=True, slots=True)
class Takeback:
    """A pending takeback request: by `seat`, back to `to_version`, accepted so far by."""

    seat: int
    to_version: int
    accepted: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Table:
    """Everything about a game's seats and time that is not the game itself."""

    out: tuple[int, ...] = ()
    """Seats that resigned or forfeited on time, in the order they left (they rank last)."""
    resigned: tuple[int, ...] = ()
    stand_ins: tuple[int, ...] = ()
    """Seats whose turns the stand-in plays (sorted)."""
    timeouts: tuple[int, ...] = ()
    """Timeouts per seat (empty: none yet)."""
    remaining_ms: tuple[int, ...] = ()
    """Budget clocks: each seat's remaining time (empty: no budget clock)."""
    due_since_ms: tuple[int | None, ...] = ()
    """Clocked games: since when each seat has owed its decision (None: it owes none)."""
    takeback: Takeback | None = None
    token_generation: tuple[int, ...] = ()
    """How often each seat's token was reissued (empty: never)."""
    policies: tuple[tuple[int, str], ...] = ()
    """Seats an admin handed to a policy (`StandInSeated`): (seat, policy id), by seat."""
    abandoned: bool = False
    """The game ended ABANDONED (aborted, or every seat out)."""
    idle: tuple[int, ...] = ()
    """Timeouts per seat since its last move of its own (empty: none yet;
    `service.log.idle_tables`). Derived from the log, not part of the stateHash."""
    standing_in: int | None = None
    """The seat that just timed out: the next move of that seat is the stand-in's, not its own."""
    moved: tuple[int, ...] = ()
    """Moves of each seat's own that stand (empty: none yet; taken-back moves are taken off).
    Derived from the log, not part of the stateHash."""
    history: tuple[Mark, ...] = dataclasses.field(default=(), compare=False)

    def hashed(self) -> dict[str, Any] | None:
        """The part the stateHash covers, or None while nothing has happened (so logs without
        lifecycle events hash exactly as before)."""
        doc = {
            "out": list(self.out),
            "resigned": list(self.resigned),
            "standIns": list(self.stand_ins),
            "timeouts": list(self.timeouts),
            "remainingMs": list(self.remaining_ms),
            "dueSinceMs": list(self.due_since_ms),
            "takeback": None
            if self.takeback is None
            else [self.takeback.seat, self.takeback.to_version, list(self.takeback.accepted)],
            "tokens": list(self.token_generation),
            "policies": [list(p) for p in self.policies],
            "abandoned": self.abandoned,
        }
        return doc if any(v for v in doc.values()) else None

    def deadline(self, clock: Clock, seat: int) -> int | None:
        """When `seat` runs out of time for its pending decision, in ms since the epoch (None:
        it owes none): the start of that decision plus `clock`'s time per move, or plus its
        remaining budget (`service.log.clocks`)."""
        start = self.due_since_ms[seat] if self.due_since_ms else None
        if start is None:
            return None
        if clock.per_move_ms is not None:
            return start + clock.per_move_ms
        return start + (self.remaining_ms[seat] if self.remaining_ms else 0)

    def is_out(self, seat: int) -> bool:
        return seat in self.out

    def stood_in(self, seat: int) -> bool:
        return seat in self.stand_ins

    def policy_of(self, seat: int) -> str | None:
        """The policy an admin put in `seat`, if any."""
        return next((p for s, p in self.policies if s == seat), None)

    def has_moved(self, seat: int) -> bool:
        """Whether a move of the seat's own stands in the game (see the module docstring)."""
        return bool(self.moved) and self.moved[seat] > 0

    def generation(self, seat: int) -> int:
        return self.token_generation[seat] if self.token_generation else 0

    def in_play(self, players: int) -> list[int]:
        """The seats not out."""
        return [s for s in range(players) if s not in self.out]

    def answerers(self, players: int) -> list[int]:
        """The seats that must accept a pending takeback (in play, not stood in, not its
        requester)."""
        if self.takeback is None:
            return []
        return [
            s for s in self.in_play(players) if s != self.takeback.seat and s not in self.stand_ins
        ]


EMPTY = Table()
"""The table before anything has happened at it."""

FORKED_FROM = "forkedFrom"
"""The field of `GameCreated.data` that marks a fork (`service.history.forking`)."""
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
    """Resignations, stand-ins, clocks, takebacks (what the table's events made of it)."""
    setup: TableOptions = NO_TABLE_OPTIONS
    """The table's options (`GameCreated.data.table`): clock, bots, stand-in, hints."""
    player_ids: tuple[str | None, ...] = ()
    """The integrator's opaque player id per seat (`GameCreated.data.playerIds`, replaced by
    `SeatJoined.data.playerId`, cleared by `SeatLeft`); not part of the stateHash. A name as the
    log records it: only `member_ids` say which are the players' memberships."""
    members: tuple[bool, ...] = ()
    """Whether each seat's playerId is a membership (`GameCreated.data.members`,
    `SeatJoined.data.member`): put there by that player's own token, the admin token or the
    service itself (matchmaking). Empty: every playerId is one (a record made without a log)."""
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
    def member_ids(self) -> tuple[str | None, ...]:
        """Each seat's playerId where it is a membership, else None (`members`): the players
        whose token acts for the seat and whose own stream and game list hear of the game.
        A fork or an imported game holds names only: its players never joined it."""
        if self.imported or FORKED_FROM in self.created:
            return (None,) * self.players
        ids = self.player_ids or (None,) * self.players
        members = self.members or (True,) * self.players
        return tuple(p if m else None for p, m in zip(ids, members, strict=True))

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
