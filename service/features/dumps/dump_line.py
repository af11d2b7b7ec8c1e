"""One line of a dump: an ended game's summary, seats, result and complete log
(`contract.dump_lines.DUMP_LINE_SCHEMA`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.service.contract.dump_lines import DUMP_FORMAT
from boardstate.service.features.views.read_models import export_line
from boardstate.service.log.game_record import GameRecord
from boardstate.service.store import StoredEvent


def ended_at(events: Sequence[StoredEvent]) -> str:
    """When the game ended: the time of its last event (`GameEnded`)."""
    return events[-1].at


def dump_line(record: GameRecord, events: Sequence[StoredEvent]) -> dict[str, Any]:
    """The line of an ended game whose whole log is `events` (as a finished game's export:
    nothing redacted, the seed revealed in `GameEnded`)."""
    result = record.result
    assert result is not None, "only ended games are dumped"
    ids = record.player_ids or (None,) * record.players
    last = events[-1]
    ended_by = last.data.get("endedBy") if last.type == "GameEnded" else None
    return {
        "format": DUMP_FORMAT,
        "gameId": record.game_id,
        "gameType": record.rules.info.id,
        "rulesVersion": str(record.created["rulesVersion"]),
        "dataSet": str(record.created["dataSet"]),
        "players": record.players,
        "seats": [
            {
                "seat": seat,
                "name": record.seats[seat],
                "playerId": ids[seat],
                "bot": record.setup.bot(seat) is not None,
            }
            for seat in range(record.players)
        ],
        "status": record.status,
        "endedBy": None if ended_by is None else str(ended_by),
        "winners": list(result.winners),
        "scores": list(result.scores),
        "createdAt": str(record.created["createdAt"]),
        "endedAt": ended_at(events),
        "versions": record.version,
        "imported": record.imported,
        "log": [export_line(record, event, None, True) for event in events],
    }
