"""The table around a game: resignations, stand-ins, clocks and takebacks (DESIGN §5c).

The engine state is the game on the table; `Table` is what the service adds around it, folded
from the log's lifecycle events like any other state, so replays never read the wall clock:

* `Resigned` (seat): the seat concedes. It is *out* (ranks last); its later turns are played
  by the game's stand-in (`engine.core.stand_in`).
* `TimedOut` (seat, data `onTimeout`): the seat's deadline passed. With `forfeit` it is out like
  a resigned seat; with `stand-in` the stand-in plays that one move (appended with it) and the
  seat keeps its place.
* `StandInSeated` (seat, data `policy`): an admin put a stand-in in the seat.
* `MoveTimed` (seat, data `usedMs`, `remainingMs`): appended after each move of a clocked game,
  the time the move took and every seat's remaining budget (per-move clocks: null).
* `TakebackRequested` (seat, data `toVersion`), `TakebackAnswered` (seat, data `accept`),
  `TakenBack` (seat, data `toVersion`): the state returns to the one at `toVersion`.
* `SeatLeft` (seat): before the start, the seat is free again. `SeatTokenReissued` (seat): an
  admin replaced the seat's token (the token itself is never logged).

`Table.history` keeps the engine state before each of the last `HISTORY` moves (what a takeback
returns to); `Table.idle` counts each seat's timeouts since its last move of its own (the rule
that ends tables nobody sits at: `service.log.idle_tables`). Both are derived from the log and
not part of the stateHash (so logs written before them hash as before); every other field is.
"""

from __future__ import annotations

import dataclasses
from typing import Any

RESIGNED = "Resigned"
TIMED_OUT = "TimedOut"
STAND_IN_SEATED = "StandInSeated"
MOVE_TIMED = "MoveTimed"
TAKEBACK_REQUESTED = "TakebackRequested"
TAKEBACK_ANSWERED = "TakebackAnswered"
TAKEN_BACK = "TakenBack"
SEAT_LEFT = "SeatLeft"
SEAT_TOKEN_REISSUED = "SeatTokenReissued"  # noqa: S105 (an event name)
LIFECYCLE_EVENTS = frozenset(
    {
        RESIGNED,
        TIMED_OUT,
        STAND_IN_SEATED,
        MOVE_TIMED,
        TAKEBACK_REQUESTED,
        TAKEBACK_ANSWERED,
        TAKEN_BACK,
        SEAT_LEFT,
        SEAT_TOKEN_REISSUED,
    }
)
HISTORY = 8
"""How many moves back the table remembers the state (the reach of a takeback)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Mark:
    """The engine state before a move: the version before it and the seat that made it."""

    version: int
    seat: int
    state: Any


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

    def is_out(self, seat: int) -> bool:
        return seat in self.out

    def stood_in(self, seat: int) -> bool:
        return seat in self.stand_ins

    def policy_of(self, seat: int) -> str | None:
        """The policy an admin put in `seat`, if any."""
        return next((p for s, p in self.policies if s == seat), None)

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


def _bump(counts: tuple[int, ...], seat: int, players: int) -> tuple[int, ...]:
    values = list(counts or (0,) * players)
    values[seat] += 1
    return tuple(values)


def with_mark(table: Table, mark: Mark) -> Table:
    """The table after a move started (its before-state remembered); a pending takeback ends.
    A move of the seat's own (not the stand-in's for its timeout) ends its run of timeouts."""
    history = (*table.history, mark)[-HISTORY:]
    idle = table.idle
    if table.standing_in != mark.seat and idle and idle[mark.seat]:
        idle = tuple(0 if s == mark.seat else n for s, n in enumerate(idle))
    return dataclasses.replace(table, history=history, takeback=None, idle=idle, standing_in=None)


def apply(table: Table, kind: str, seat: int, data: Any, players: int) -> Table:
    """The table after one lifecycle event (not `TakenBack`'s state, see `rewind`)."""
    if kind in (RESIGNED, TIMED_OUT) and (kind == RESIGNED or data.get("onTimeout") == "forfeit"):
        out = (*table.out, seat) if seat not in table.out else table.out
        resigned = (*table.resigned, seat) if kind == RESIGNED else table.resigned
        stand_ins = tuple(sorted({*table.stand_ins, seat}))
        table = dataclasses.replace(
            table, out=out, resigned=resigned, stand_ins=stand_ins, takeback=None
        )
    if kind == TIMED_OUT:
        timeouts, idle = _bump(table.timeouts, seat, players), _bump(table.idle, seat, players)
        table = dataclasses.replace(table, timeouts=timeouts, idle=idle, standing_in=seat)
        if table.remaining_ms:
            remaining = list(table.remaining_ms)
            remaining[seat] = 0
            table = dataclasses.replace(table, remaining_ms=tuple(remaining))
    elif kind == STAND_IN_SEATED:
        policy = str(data.get("policy", "stand-in"))
        policies = tuple(sorted({*(p for p in table.policies if p[0] != seat), (seat, policy)}))
        stand_ins = tuple(sorted({*table.stand_ins, seat}))
        table = dataclasses.replace(table, stand_ins=stand_ins, policies=policies)
    elif kind == MOVE_TIMED:
        remaining = data.get("remainingMs")
        if isinstance(remaining, list) and all(isinstance(r, int) for r in remaining):
            table = dataclasses.replace(table, remaining_ms=tuple(remaining))
    elif kind == TAKEBACK_REQUESTED:
        table = dataclasses.replace(table, takeback=Takeback(seat, int(data["toVersion"])))
    elif kind == TAKEBACK_ANSWERED:
        pending = table.takeback
        if pending is not None and data.get("accept") is True:
            accepted = (*pending.accepted, seat)
            table = dataclasses.replace(
                table, takeback=dataclasses.replace(pending, accepted=accepted)
            )
        else:
            table = dataclasses.replace(table, takeback=None)
    elif kind in (SEAT_TOKEN_REISSUED, SEAT_LEFT):
        table = dataclasses.replace(
            table, token_generation=_bump(table.token_generation, seat, players)
        )
    return table


def rewind(table: Table, to_version: int) -> tuple[Table, Any]:
    """`TakenBack`: the table without the marks from `to_version` on, and the state there.
    Raises `ValueError` when the table does not remember that version."""
    for index, mark in enumerate(table.history):
        if mark.version == to_version:
            kept = dataclasses.replace(table, history=table.history[:index], takeback=None)
            return kept, mark.state
    raise ValueError(f"TakenBack to version {to_version}, which no remembered move started at")
