"""Turning records and stored events into the schema's read models (`schema.ports`)."""

from __future__ import annotations

from schema.ports import EventView, GameView, ResultView
from service.records import GameRecord, redacted_data
from service.store import StoredEvent


def game_view(record: GameRecord) -> GameView:
    """Returns the GraphQL layer's view of a record (the record rides along as the handle)."""
    result = record.result
    return GameView(
        id=record.game_id,
        game_type=record.rules.info.id,
        status=record.status,
        version=record.version,
        players=record.players,
        seats=record.seats,
        to_act=record.to_act,
        created_at=str(record.created["createdAt"]),
        seeded_by_client=bool(record.created["seededByClient"]),
        result=None
        if result is None
        else ResultView(result.scores, result.winners, dict(result.details)),
        handle=record,
    )


def event_view(
    record: GameRecord, event: StoredEvent, viewer: int | None, complete: bool
) -> EventView:
    """Returns `event` as `viewer` sees it; `complete` (a finished game) skips redaction."""
    data = dict(event.data) if complete else redacted_data(record.rules, event, viewer)
    return EventView(
        version=event.version,
        type=event.type,
        seat=event.seat,
        move_id=event.move_id,
        data=data,
        at=event.at,
        state_hash=event.state_hash,
    )


def export_line(
    record: GameRecord, event: StoredEvent, viewer: int | None, complete: bool
) -> dict[str, object]:
    """Returns the flat export object of an event (`StoredEvent.to_export`), redacted."""
    out = event.to_export()
    if not complete:
        out["data"] = redacted_data(record.rules, event, viewer)
    return out
