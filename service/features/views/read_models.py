"""Turning records and stored events into the schema's read models (`service.contract.ports`).

Redaction (architecture §5): while a game runs each viewer sees every event with what the rules let
it know at the time (`rules.redact`), and a move (`StoredEvent.move`) only if it is its own;
once the game has ended (`complete`) everything is shown to everyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.engine.core.rules import GameRules
from boardstate.service.contract.ports import EventView, ForkOrigin, GameView, ResultView
from boardstate.service.features.views import table_views
from boardstate.service.features.views.event_words import describe_event
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import SERVICE_EVENTS, decode_engine_event
from boardstate.service.store import StoredEvent


def redacted_data(
    rules: GameRules[Any, Any, Any], event: StoredEvent, viewer: int | None
) -> dict[str, Any]:
    """Returns the event's data as `viewer` may see it (service events are public)."""
    if event.type in SERVICE_EVENTS:
        return dict(event.data)
    wire = rules.events.encode(rules.redact(decode_engine_event(rules, event), viewer))
    wire.pop("type")
    return wire


def fact_data(rules: GameRules[Any, Any, Any], fact: Any, viewer: int | None) -> dict[str, Any]:
    """`redacted_data` of a stored engine event, computed from the engine's fact itself (the
    event the rules just decided), without decoding the stored form again."""
    wire = rules.events.encode(rules.redact(fact, viewer))
    wire.pop("type")
    return wire


def visible_move(event: StoredEvent, viewer: int | None, complete: bool) -> dict[str, Any] | None:
    """Returns the event's move if `viewer` may see it: its own, or any once the game ended."""
    if event.move is None or not (complete or (viewer is not None and viewer == event.seat)):
        return None
    return dict(event.move)


def game_view(record: GameRecord) -> GameView:
    """Returns the GraphQL layer's view of a record (the record rides along as the handle)."""
    result = record.result
    fork = record.created.get("forkedFrom")
    return GameView(
        id=record.game_id,
        game_type=record.rules.info.id,
        status=record.status,
        version=record.version,
        players=record.players,
        seats=record.seats,
        to_act=record.to_act,
        created_at=str(record.created["createdAt"]),
        # An imported game's seed was not drawn here, and a log cannot prove that a server drew
        # it: the view says client-seeded whatever the log claims (docs/history.md §6).
        seeded_by_client=record.imported or bool(record.created["seededByClient"]),
        result=None
        if result is None
        else ResultView(result.scores, result.winners, result_details(record)),
        handle=record,
        rules_version=str(record.created["rulesVersion"]),
        data_set=str(record.created["dataSet"]),
        seed_commitment=str(record.created["seedCommitment"]),
        seed=record.seed if record.result is not None else None,
        imported=record.imported,
        forked_from=None
        if not isinstance(fork, dict)
        else ForkOrigin(str(fork["gameId"]), int(fork["version"])),
        max_game_length=record.rules.max_length(record.options),
        standings=table_views.standings(record),
        clock=table_views.clock_view(record),
        takeback=table_views.takeback_view(record),
        rated=record.created.get("rated") is True,
    )


def result_details(record: GameRecord) -> dict[str, Any]:
    """The result's details (`GameEnded.data.details`), plus `variants`: the departures from
    the printed rules the game was played with (player count, option values), when any."""
    assert record.result is not None
    details = dict(record.result.details)
    variants = record.rules.variants.applied(record.players, record.options)
    return details | {"variants": variants} if variants else details


def event_view(
    record: GameRecord,
    event: StoredEvent,
    viewer: int | None,
    complete: bool,
    fact: Any = None,
    language: str | None = None,
) -> EventView:
    """Returns `event` as `viewer` sees it; `complete` (a finished game) skips redaction.
    `fact`: the engine event `event` stores, when the caller has it (a move just decided);
    `language`: of its `describe` (None: the request's, `service.contract.languages`)."""
    if complete:
        data = dict(event.data)
    elif fact is not None:
        data = fact_data(record.rules, fact, viewer)
    else:
        data = redacted_data(record.rules, event, viewer)
    return EventView(
        version=event.version,
        type=event.type,
        seat=event.seat,
        move_id=event.move_id,
        data=data,
        at=event.at,
        state_hash=event.state_hash,
        move=visible_move(event, viewer, complete),
        describe=describe_event(record.rules, event.type, event.seat, data, language),
    )


def move_views(
    record: GameRecord, events: Sequence[StoredEvent], facts: Sequence[Any], seat: int
) -> tuple[EventView, ...]:
    """The events of a move as its seat sees them in the reply: redacted from the engine's
    `facts` (aligned with `events`, None for a service event) when given, else from the
    stored events; complete once the game has ended (`record`: the game after the move)."""
    complete = record.result is not None
    aligned = facts or (None,) * len(events)
    return tuple(
        event_view(record, e, seat, complete, fact) for e, fact in zip(events, aligned, strict=True)
    )


def export_line(
    record: GameRecord, event: StoredEvent, viewer: int | None, complete: bool
) -> dict[str, Any]:
    """Returns the flat export object of an event (`StoredEvent.to_export`), redacted."""
    out = event.to_export()
    if not complete:
        out["data"] = redacted_data(record.rules, event, viewer)
        if visible_move(event, viewer, complete) is None:
            out.pop("move", None)
    return out


def state_view(record: GameRecord, viewer: int | None) -> dict[str, Any]:
    """The viewer's view of the state, as the state reads give it (an open game's state is the
    initial one)."""
    rules = record.rules
    state = record.state
    if state is None:
        state = rules.initial_state(record.players, record.options)
    return rules.view(state, viewer)
