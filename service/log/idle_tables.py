"""Tables nobody sits at end (issue 27): the idle rule, a deterministic rule of the log.

A clocked game whose players have all gone away is played on by the stand-ins at every deadline
until the game's own end (a 200-round 4-player TF22 Mine game: about 6,900 events, hours of
timeouts). Like Lichess aborting games nobody plays and BGA ending tables of absent players, such
a table ends:

* **The parameter is in the log.** A game created with a clock while `BOARDSTATE_IDLE_TIMEOUTS`
  (K, default 3) is above 0 records it in `GameCreated.data.table.idleTimeouts` (`table_wire`).
  The rule applies to exactly the games that record it, whatever the server's setting is later,
  so every log (those written before the rule, whose `GameCreated` records none, too) replays
  and verifies the same everywhere.
* **The count.** Each seat counts its timeouts since its last move of its own (`Table.idle`,
  folded by `service.log.lifecycle`): `TimedOut` adds one; a move of the seat resets it, except
  the stand-in's move that the timeout itself appends for the seat (`Table.standing_in`).
* **The people at the table** are the seats in play (not resigned or forfeited) that are not bot
  seats of the game's creation and were not handed to a policy by an admin (`humans`).
* **The end.** Right after a `TimedOut` (and only then), when the game records K, at least one
  person is at the table and every person at it has timed out K times in a row, the game ends
  at once: `GameEnded` follows the `TimedOut` in the same append (instead of the stand-in's
  move), `ABANDONED`, no winner, all scores 0, `details.endedBy: "idle"` and
  `details.idleTimeouts: K` (`service.log.endings.idle`). The verifier checks it like a forfeit's
  end: after every `TimedOut` it re-derives the rule, so an idle end that comes too early, too
  late or not at all fails verification.

Games of bots only have nobody to wait for; the event cap bounds them
(`service.features.moves.game_bounds`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardstate.engine.table.options import TableOptions
from boardstate.service.log.game_record import GameRecord

FIELD = "idleTimeouts"
"""The parameter's name in `GameCreated.data.table`."""


def table_wire(setup: TableOptions, idle_timeouts: int) -> dict[str, Any]:
    """`GameCreated.data.table` of a new game: its table options, and K when it has a clock and
    the rule is on (`idle_timeouts` > 0)."""
    wire = setup.to_wire()
    if setup.clock is not None and idle_timeouts > 0:
        wire[FIELD] = idle_timeouts
    return wire


def recorded(table: Any) -> int | None:
    """K as `GameCreated.data.table` records it (None: the rule does not apply); raises
    `ValueError` for a value that is not a positive integer."""
    value = table.get(FIELD) if isinstance(table, Mapping) else None
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"GameCreated.data.table.{FIELD} must be a positive integer")
    return value


def threshold(record: GameRecord) -> int | None:
    """The game's K, or None when its log records none (the rule does not apply)."""
    try:
        return recorded(record.created.get("table"))
    except ValueError:
        return None


def humans(record: GameRecord) -> list[int]:
    """The seats in play that people play: not bot seats, not handed to a policy."""
    table, setup = record.table, record.setup
    in_play = table.in_play(record.players)
    return [s for s in in_play if setup.bot(s) is None and table.policy_of(s) is None]


def abandoned(record: GameRecord) -> int | None:
    """K when the rule ends the game now (every person at the table timed out K times in a
    row), else None. Asked right after a `TimedOut` only."""
    limit = threshold(record)
    if limit is None or record.result is not None or not record.table.idle:
        return None
    people = humans(record)
    if people and all(record.table.idle[s] >= limit for s in people):
        return limit
    return None
