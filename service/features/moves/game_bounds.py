"""Every game is bounded (issue 27): games that could run unattended for ever are refused, every
game is bounded in events, and no bot may think longer than this server allows.

The rules, documented in docs/lifecycle.md ("Every game is bounded") and docs/security.md:

* **Refused at creation**: options with which a game may never end (`GameRules.max_length` is
  None: today TF22 Mine with `max_rounds: 0`) together with a bot seat or a clock.
  Such a game needs nobody to move: bots play it, or every seat times out and the stand-ins
  play on (the attack that made one process append 10,200 events in 90 s). `BAD_OPTIONS`,
  `details.reason: "unbounded"`, on both doors (and for a fork of such a game).
* **A hard cap on events**: an ACTIVE game whose log holds `cap(rules, configured)` events
  ends at once, `ABANDONED` with no winner and `result.details.endedBy: "limit"`
  (`endings.limited`), through the ordinary `GameEnded` append; the steward appends it
  (`service.features.tables.steward`) after any append that reaches the cap. The cap is the smaller
  of
  `BOARDSTATE_MAX_GAME_EVENTS` (default 20,000) and a bound derived from the rules'
  `max_game_length` (moves): `HEADROOM × FACTS_PER_MOVE × max_game_length`, so no game that
  ends by its rules is cut short, while a game without a natural end (a human game of
  `max_rounds: 0`, a seat an admin handed to a bot) still ends.
* **Unstarted games are bounded too**: an OPEN game records at most
  `BOARDSTATE_OPEN_SEAT_CHANGES` (default 4) × players `SeatJoined`/`SeatLeft` events. A
  `leaveGame` that would leave fewer than the seats it frees to fill them is refused
  (`QUOTA_EXCEEDED`, `details: {limit, scope: "seatChanges"}`; `check_leave`); joins never
  are, so the game can always still start. Without it, join and leave churned one OPEN game's
  log under the rate limits until its TTL (about 2 events a second for a day).
* **Tables nobody sits at end** (`service.log.idle_tables`): a rule of the log, so it lives
  with the fold, not here.
* **Bot budgets**: a bot's `budgetMs` above `BOARDSTATE_MAX_BOT_BUDGET_MS` is refused at
  creation (`BAD_OPTIONS`, `details.max`); a bot worker also never thinks longer than that.

`check_new` makes the creation checks (`service.features.lobby.seating.Lobby.store_new`: games
created and forks), `check_leave` the leave check
(`service.features.tables.table_ops.TableOps.leave`).
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.errors import BadOptions
from boardstate.engine.core.rules import GameRules
from boardstate.service.failures import QuotaExceeded
from boardstate.service.log import endings, record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.store import StoredEvent

FACTS_PER_MOVE = 16
"""More events than any game's move appends (Trekking's richest move: 15)."""
HEADROOM = 2
"""Room for lifecycle events (timeouts, takebacks and the moves taken back, stand-ins)."""


def cap(rules: GameRules[Any, Any, Any], configured: int) -> int:
    """The most events a game of `rules` may hold before it ends (`configured`: the setting)."""
    return min(configured, HEADROOM * FACTS_PER_MOVE * rules.info.max_game_length)


def reached(record: GameRecord, configured: int) -> bool:
    """Whether the game is ACTIVE and holds at least its cap of events."""
    return record.status == "ACTIVE" and record.version >= cap(record.rules, configured)


def limit_end(
    record: GameRecord, configured: int, at: str
) -> tuple[GameRecord, list[StoredEvent]] | None:
    """The game after its `GameEnded` (limit), and the event; None under the cap."""
    if not reached(record, configured):
        return None
    limit = cap(record.rules, configured)
    move_id = f"limit-{record.version + 1}"
    return record_model.extend(record, [endings.limited(record, limit)], move_id, at)


def check_new(record: GameRecord, max_budget_ms: int) -> None:
    """Raises `BadOptions` for a new game over a bound (see the module docstring)."""
    for bot in record.setup.bots:
        if bot.budget_ms > max_budget_ms:
            raise BadOptions(
                f"budgetMs must be at most {max_budget_ms} on this server, not {bot.budget_ms}",
                {"field": "bots.budgetMs", "max": max_budget_ms},
            )
    check_unattended(record)


def check_unattended(record: GameRecord) -> None:
    """Raises `BadOptions` for a new game that may never end and needs nobody to move."""
    rules = record.rules
    if rules.max_length(record.options) is not None:
        return
    table = record.setup
    drivers = [name for name, on in (("bots", table.bots), ("clock", table.clock)) if on]
    if not drivers:
        return
    wire = rules.options_to_wire(record.options)
    endless = sorted(v.option for v in rules.variants.options if wire.get(v.option) in v.unbounded)
    settings = ", ".join(f"{name}: {wire.get(name)!r}" for name in endless)
    raise BadOptions(
        f"options.{settings} let a {rules.info.name} game go on for ever, and with "
        f"{' and '.join(drivers)} it would play on with nobody at the table: choose options "
        "with an end",
        {"reason": "unbounded", "options": endless, "with": drivers},
    )


def check_leave(record: GameRecord, per_seat: int) -> None:
    """Raises `QuotaExceeded` when a `SeatLeft` in OPEN `record` would leave fewer of its
    `per_seat` × players seat changes than it takes to fill the seats (0: no bound)."""
    if per_seat <= 0 or record.state is not None:
        return
    limit = per_seat * record.players
    changes = record.version  # the events after GameCreated, with this SeatLeft
    free = record.seats.count(None) + 1  # the seats to fill after it
    if changes + free > limit:
        raise QuotaExceeded(
            f"this unstarted game has had {record.version - 1} joins and leaves (at most "
            f"{limit}, counting the joins still needed to fill it): the seat cannot be "
            "left now; the game starts when its seats are filled, or expires",
            {"limit": limit, "scope": "seatChanges"},
        )
