"""Integrator player ids (issue 19): attached at creation or join, folded from the log, cleared
when the seat is left, kept by snapshots, and carried by the announcements."""

from __future__ import annotations

from boardstate.engine.registry import get
from boardstate.service.features.moves import snapshot_writer
from boardstate.service.log import announce, event_builder, lifecycle, record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft

AT = "2026-01-01T00:00:00.000Z"


def created(player_ids: list[str | None] | None) -> GameRecord:
    rules = get("trambahn")
    extra = None if player_ids is None else {"playerIds": player_ids}
    first = event_builder.created_event(rules, 2, rules.parse_options(None), "s", True, AT, extra)
    return record_model.start_record("g", first, "s")


def test_ids_given_at_creation_are_kept_through_the_start_of_the_game() -> None:
    record = created(["a", None])
    record, _, _ = event_builder.seat_events(record, 0, "ann", AT)
    record, events, status = event_builder.seat_events(record, 1, "bob", AT)
    assert status == "ACTIVE"
    assert len(events) > 1  # setup events folded on top
    assert record.player_ids == ("a", None)


def test_an_id_given_at_join_replaces_the_one_given_at_creation_and_is_logged() -> None:
    record = created(["a", "reserved"])
    record, events, _ = event_builder.seat_events(record, 1, "bob", AT, "b")
    assert events[0].data == {"name": "bob", "playerId": "b"}
    assert record.player_ids == ("a", "b")
    record, events, _ = event_builder.seat_events(record, 0, "ann", AT)
    assert events[0].data == {"name": "ann"}
    assert record.player_ids == ("a", "b")
    seats = announce.announcements(None, record, events)[0]["data"]["seats"]
    assert [s["playerId"] for s in seats] == ["a", "b"]


def test_a_seat_left_before_the_start_loses_its_id() -> None:
    record, _, _ = event_builder.seat_events(created(None), 0, "ann", AT, "a")
    record, _ = record_model.extend(record, [Draft(lifecycle.SEAT_LEFT, {}, 0)], None, AT)
    assert record.seats == (None, None)
    assert record.player_ids == (None, None)


def test_a_snapshot_keeps_the_ids() -> None:
    proto = created(["a", None])
    record, _, _ = event_builder.seat_events(proto, 1, "bob", AT, "b")
    back = snapshot_writer.decode(proto, snapshot_writer.encode(record))
    assert back.player_ids == ("a", "b")
