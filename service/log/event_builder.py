"""How games become stored events: creation, seats, setup and moves (pure, no store).

The lobby and the referee write through these functions, and `play_offline` uses them to write
a whole seeded game played by `engine.core.driver` exactly as the service would (golden logs,
benchmarks, tests), so an offline log and a served one cannot differ in layout. A move is one
pass (`move`): `decide` checks it and keeps each fact with the state after it, `move_events`
folds them (`record_model.extend`) and adds what follows the move: `GameEnded` when the rules'
outcome says the game is over, else `MoveTimed` in a clocked game.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from boardstate.engine.core import driver
from boardstate.engine.core.errors import GameFinished
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules
from boardstate.service.log import clocks, endings, lifecycle, record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft
from boardstate.service.store import StoredEvent


def created_event(
    rules: GameRules[Any, Any, Any],
    players: int,
    options: Any,
    seed: str,
    by_client: bool,
    at: str,
    extra: Mapping[str, Any] | None = None,
) -> StoredEvent:
    """Returns `GameCreated` (without its stateHash) for a new game."""
    data = {
        "gameType": rules.info.id,
        "rulesVersion": rules.info.rules_version,
        "options": rules.options_to_wire(options),
        "players": players,
        "dataSet": rules.data.id,
        "dataHash": rules.data.content_hash,
        "seedCommitment": seed_commitment(seed),
        "seededByClient": by_client,
        "createdAt": at,
        **(extra or {}),
    }
    return StoredEvent(
        1, record_model.GAME_CREATED, record_model.EVENT_SCHEMA_VERSION, None, None, data, at, ""
    )


def seed_commitment(seed: str) -> str:
    """Returns the lowercase hex SHA-256 of the seed's UTF-8 bytes (`GameCreated`)."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def engine_draft(
    rules: GameRules[Any, Any, Any], event: Any, seat: int | None, after: Any = None
) -> Draft:
    """Returns the draft of an engine event (its wire dict without `type`); `after` is the
    engine state after it when the caller has it (`GameRules.decide_folded`)."""
    wire = rules.events.encode(event)
    kind = wire.pop("type")
    return Draft(kind, wire, seat, event, after)


def setup_drafts(record: GameRecord) -> list[Draft]:
    """Returns the setup events of a game whose last seat was just filled."""
    rng = Rng.for_decision(record.seed_for(record.version), record.version)
    rules = record.rules
    return [engine_draft(rules, e, None) for e in rules.setup(record.state, rng)]


def seat_events(
    record: GameRecord,
    seat: int,
    name: str,
    at: str,
    player_id: str | None = None,
    member: bool = False,
) -> tuple[GameRecord, list[StoredEvent], str | None]:
    """Returns the game after `seat` joins (with the integrator's `player_id`, if given: a
    membership when `member`, `GameRecord.member_ids`), the events to append, and the new status
    when the last seat was filled (its setup events, and `GameEnded` if setup already ends it,
    included)."""
    data: dict[str, Any] = {"name": name}
    if player_id is not None:
        data |= {"playerId": player_id, "member": member}
    after, events = record_model.extend(
        record, [Draft(record_model.SEAT_JOINED, data, seat)], None, at
    )
    if after.state is None:
        return after, events, None
    after, more = record_model.extend(after, setup_drafts(after), None, at)
    events += more
    if (ended_draft := endings.rules_end(after)) is not None:
        after, ended = record_model.extend(after, [ended_draft], None, at)
        events += ended
    return after, events, after.status


def decide(record: GameRecord, seat: int, move: Any) -> tuple[list[Draft], dict[str, Any]]:
    """Checks a move (wire form) against the rules; returns its drafts and its canonical wire
    form (each draft carries its fact and the state after it, folded while deciding). Raises
    GAME_FINISHED once the log has ended, however it ended (the engine's state alone does not
    know of resignations, timeouts or aborts), then the rules' `MoveError`s, in the engine's
    order (`GameRules.decide_wire`): GAME_NOT_STARTED / GAME_FINISHED, MALFORMED_MOVE,
    NOT_YOUR_TURN, ILLEGAL_MOVE, ... While a seat is empty the engine gets the table before
    setup, which it refuses as not started."""
    if record.result is not None:  # ended by its rules, a resignation, a timeout or an abort
        raise GameFinished(f"game {record.game_id} has ended at version {record.version}")
    rules = record.rules
    state = record.state
    if state is None:
        state = rules.initial_state(record.players, record.options)
    rng = Rng.for_decision(record.seed_for(record.version), record.version)
    parsed, events, states = rules.decide_folded(state, seat, move, rng)
    drafts = [engine_draft(rules, e, seat, after) for e, after in zip(events, states, strict=True)]
    return drafts, rules.moves.encode(parsed)


@dataclasses.dataclass(frozen=True, slots=True)
class Moved:
    """A move decided and folded: its drafts (each with its fact), its canonical wire form, the
    game after it and the events to append."""

    drafts: list[Draft]
    wire: dict[str, Any]
    after: GameRecord
    events: list[StoredEvent]


def move(record: GameRecord, seat: int, submitted: Any, move_id: str, at: str) -> Moved:
    """`decide`s a move (raising its `MoveError`s) and folds it into its events
    (`move_events`): the whole move in one pass."""
    drafts, wire = decide(record, seat, submitted)
    after, events = move_events(record, drafts, move_id, at, wire)
    return Moved(drafts, wire, after, events)


def move_events(
    record: GameRecord,
    drafts: Sequence[Draft],
    move_id: str,
    at: str,
    move: Mapping[str, Any],
) -> tuple[GameRecord, list[StoredEvent]]:
    """Returns the game after a decided move and its events (`move` on the first one), with
    `GameEnded` appended when the move ends the game, and in a clocked game `MoveTimed` (the
    time the move used) when it does not."""
    after, events = record_model.extend(record, drafts, move_id, at, move)
    if not events:
        return after, events
    outcome = after.rules.outcome(after.state)  # the rules' end (`endings.rules_end`)
    if outcome is not None:
        after, ended = record_model.extend(after, [endings.by_rules(after, outcome)], move_id, at)
        return after, events + ended
    seat = drafts[0].seat
    if after.clock is not None and seat is not None and not after.table.is_out(seat):
        data = clocks.timed(record.table, after.clock, seat, at)
        timed = Draft(lifecycle.MOVE_TIMED, data, seat)
        after, more = record_model.extend(after, [timed], move_id, at)
        events += more
    return after, events


def play_offline(
    rules: GameRules[Any, Any, Any],
    names: Sequence[str],
    seed: str,
    options: Any = None,
    at: str = "2026-01-01T00:00:00.000Z",
    max_moves: int | None = None,
) -> list[StoredEvent]:
    """Returns the log of a seeded random game as the service would store it.

    `engine.core.driver.play` plays it from the record's state and versions: uniform random
    moves picked with `"pick:" + seed`, the game's draws with the service's seed per version;
    a move's id is `m<version of its first event>`; every timestamp is `at`.
    """
    parsed = rules.parse_options(options)
    first = created_event(rules, len(names), parsed, seed, True, at)
    record = record_model.start_record("offline", first, seed)
    log = [_with_hash(first, record)]
    for seat, name in enumerate(names):
        record, events, _ = seat_events(record, seat, name, at)
        log += events
    _, played = play_on(record, "pick:" + seed, at, max_moves)
    return log + played


def play_on(
    record: GameRecord, pick_seed: str, at: str, max_moves: int | None = None
) -> tuple[GameRecord, list[StoredEvent]]:
    """Plays `record` on with uniform random moves picked with `pick_seed` (by
    `engine.core.driver.play`, the game's draws from the service's seed per version) until
    the game ends or `max_moves`; returns the record after and the events written."""
    rules = record.rules
    seeds = record.seed_for
    steps = driver.play(
        rules,
        record.state,
        draws=lambda version: Rng.for_decision(seeds(version), version),
        picks=driver.seeded(pick_seed),
        version=record.version,
        max_moves=max_moves,
    )
    log: list[StoredEvent] = []
    for step in steps:
        drafts = [engine_draft(rules, e, step.seat) for e in step.events]
        wire = rules.moves.encode(step.move)
        record, events = move_events(record, drafts, f"m{record.version + 1}", at, wire)
        log += events
    return record, log


def _with_hash(event: StoredEvent, record: GameRecord) -> StoredEvent:
    return dataclasses.replace(event, state_hash=record.state_hash())
