"""Integrator player ids (issue 19): attached at creation or join, folded from the log, cleared
when the seat is left, kept by snapshots, and carried by the announcements. Memberships (issue
37): which ids are the players' own, not names someone else wrote, as the log records them."""

from __future__ import annotations

import dataclasses
from typing import Any

from boardstate.engine.registry import get
from boardstate.service.features.moves import snapshot_writer
from boardstate.service.log import announce, event_builder, lifecycle, record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft

AT = "2026-01-01T00:00:00.000Z"


def created(player_ids: list[str | None] | None, members: list[bool] | None = None) -> GameRecord:
    rules = get("trambahn")
    extra: dict[str, Any] | None = None if player_ids is None else {"playerIds": player_ids}
    if extra is not None and members is not None:
        extra["members"] = members
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
    assert events[0].data == {"name": "bob", "playerId": "b", "member": False}
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
    assert (back.members, back.member_ids) == ((True, False), ("a", None))


def test_only_memberships_are_members_and_names_stay_in_the_log_and_announcements() -> None:
    record = created(["a", "b"], [True, False])
    assert (record.player_ids, record.member_ids) == (("a", "b"), ("a", None))
    record, events, _ = event_builder.seat_events(record, 0, "ann", AT)
    record, events, _ = event_builder.seat_events(record, 1, "bob", AT, "c", member=True)
    assert events[0].data == {"name": "bob", "playerId": "c", "member": True}
    assert record.member_ids == ("a", "c")
    record = created(["a", "b"], [True, False])
    record, events, _ = event_builder.seat_events(record, 1, "bob", AT)  # keeps the name
    seats = announce.announcements(None, record, events)[0]["data"]["seats"]
    assert [(s["playerId"], s["member"]) for s in seats] == [("a", True), ("b", False)]


def test_a_log_from_before_memberships_keeps_every_id_a_membership() -> None:
    record = created(["a", "b"])  # no `members`: written before issue 37
    assert record.member_ids == ("a", "b")
    first = event_builder.created_event(
        get("trambahn"), 2, get("trambahn").parse_options(None), "s", True, AT
    )
    proto = record_model.start_record("g", first, "s")
    joined = Draft(record_model.SEAT_JOINED, {"name": "ann", "playerId": "x"}, 0)
    record, _ = record_model.extend(proto, [joined], None, AT)
    assert record.member_ids == ("x", None)


def test_forks_and_imports_hold_names_only() -> None:
    record = created(["a", "b"], [True, True])
    assert dataclasses.replace(record, imported=True).member_ids == (None, None)
    forked = dataclasses.replace(record, created={**record.created, "forkedFrom": {}})
    assert forked.member_ids == (None, None)
    assert forked.player_ids == ("a", "b")
