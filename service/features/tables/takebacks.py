"""Takeback by agreement: which version a seat may return to, and whether it still may.

A seat may take back its last move (the latest the table remembers, `Table.history`) while
nothing since it was random or hidden: no move since drew from the game's RNG (checked by
deciding it again from the remembered state and seeing whether the RNG was read), no event
since is redacted for any viewer (a card drawn into a hand), and nobody left, timed out or was
replaced since. Otherwise `TAKEBACK_NOT_ALLOWED` with `details.reason`.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardstate.engine.core.rng import Rng
from boardstate.service.failures import TakebackNotAllowed
from boardstate.service.log import lifecycle
from boardstate.service.log.game_record import GameRecord, Mark
from boardstate.service.log.record_model import decode_engine_event
from boardstate.service.store import StoredEvent

HARMLESS = frozenset(
    {lifecycle.MOVE_TIMED, lifecycle.TAKEBACK_ANSWERED, lifecycle.SEAT_TOKEN_REISSUED}
)
"""Lifecycle events that do not stand in a takeback's way."""


def target(record: GameRecord, seat: int) -> Mark:
    """The remembered state before `seat`'s last move; raises `TakebackNotAllowed`."""
    if record.table.takeback is not None:
        raise TakebackNotAllowed("a takeback request is pending already", {"reason": "pending"})
    marks = [m for m in record.table.history if m.seat == seat]
    if not marks:
        raise TakebackNotAllowed(
            f"seat {seat} has no move the table remembers "
            f"(the last {lifecycle.HISTORY} moves) to take back",
            {"reason": "no_move"},
        )
    return marks[-1]


def check_since(record: GameRecord, mark: Mark, events: Sequence[StoredEvent]) -> None:
    """Raises `TakebackNotAllowed` if anything since `mark` was random, hidden or a
    departure. `events` are the log's events after `mark.version`."""
    rules = record.rules
    viewers: list[int | None] = [None, *range(record.players)]
    for event in events:
        if event.type in lifecycle.LIFECYCLE_EVENTS:
            if event.type not in HARMLESS:
                raise TakebackNotAllowed(
                    f"{event.type} at version {event.version} came after the move",
                    {"reason": "lifecycle", "version": event.version},
                )
            continue
        fact = decode_engine_event(rules, event)
        if any(rules.redact(fact, viewer) != fact for viewer in viewers):
            raise _revealed(event.version, "hidden information")
    by_version = {m.version: m for m in record.table.history if m.version >= mark.version}
    for event in events:
        if event.move is None or event.seat is None:
            continue
        before = by_version.get(event.version - 1)
        if before is None:
            raise TakebackNotAllowed("the move is too far back", {"reason": "no_move"})
        version = event.version - 1
        rng = Rng.for_decision(record.seed_for(version), version)
        rules.decide_wire(before.state, event.seat, dict(event.move), rng)
        if rng.drawn:
            raise _revealed(event.version, "a random outcome")


def _revealed(version: int, what: str) -> TakebackNotAllowed:
    return TakebackNotAllowed(
        f"{what} was revealed at version {version}, after the move",
        {"reason": "revealed", "version": version},
    )
