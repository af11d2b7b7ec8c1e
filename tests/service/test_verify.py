"""Offline verification of exported logs: a genuine log verifies; a forged one never does.

The logs are the golden exports (one finished game per game type), read from the files.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib

import pytest

from boardstate.engine.registry import GAMES
from boardstate.service.features.views.read_models import export_line
from boardstate.service.history.log_format import read_log
from boardstate.service.history.verify import verify_log
from boardstate.service.log import record_model
from boardstate.service.log.rulebook import RETAINED
from boardstate.service.store import StoredEvent
from tests.golden.logs import LOG_CASES
from tests.service.tamper import first_index, rehashed, renumbered, with_data

CASES = {case.game: case for case in LOG_CASES}


@functools.cache
def golden(game: str) -> tuple[StoredEvent, ...]:
    """The golden log of `game`."""
    return tuple(read_log(CASES[game].path.read_bytes()))


def failure_at(events: list[StoredEvent]) -> int:
    """Verifies; returns the version of the first failure (the test fails if there is none)."""
    report = verify_log(events)
    assert report.failure is not None, "a forged log verified"
    return report.failure.version


def inner_move(events: tuple[StoredEvent, ...]) -> int:
    """Returns the index of the second event of the first move with several events."""
    return next(
        i
        for i in range(1, len(events) - 1)
        if events[i].move is None
        and events[i].move_id is not None
        and events[i - 1].move_id == events[i].move_id
        and events[i].type != "GameEnded"
        and events[i].data != events[i - 1].data
    )


def test_an_edited_dice_face_is_detected_even_with_every_hash_recomputed() -> None:
    events = golden("tinners-trail")
    index = first_index(events, "PriceSet", after=first_index(events, "RoundEnded"))
    assert events[index].move_id is not None, "a roll decided by a move"
    dice = list(events[index].data["dice"])
    dice[0] = 1 if dice[0] != 1 else 2
    forged = with_data(events, index, dice=dice)
    assert failure_at(forged) == events[index].version
    assert failure_at(rehashed(forged)) == events[index].version


def test_an_edited_reshuffle_is_detected_even_with_every_hash_recomputed() -> None:
    events = golden("trambahn")
    index = first_index(events, "DiscardsReshuffled")
    order = list(events[index].data["order"])
    order[0], order[-1] = order[-1], order[0]
    assert failure_at(rehashed(with_data(events, index, order=order))) == events[index].version


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_dropped_event_is_detected(game: str) -> None:
    events = golden(game)
    index = inner_move(events)
    dropped = [*events[:index], *events[index + 1 :]]
    assert failure_at(dropped) == events[index + 1].version
    assert failure_at(renumbered(dropped)) <= events[index].version
    assert failure_at(rehashed(dropped)) <= events[index].version


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_reordered_event_is_detected(game: str) -> None:
    events = golden(game)
    index = inner_move(events)
    swapped = [*events[: index - 1], events[index], events[index - 1], *events[index + 1 :]]
    assert failure_at(swapped) == events[index].version
    assert failure_at(rehashed(swapped)) <= events[index].version


@pytest.mark.parametrize("game", sorted(CASES))
def test_an_edited_state_hash_is_detected(game: str) -> None:
    events = list(golden(game))
    index = len(events) // 2
    events[index] = dataclasses.replace(events[index], state_hash="0" * 64)
    assert failure_at(events) == events[index].version


def test_a_seed_that_does_not_match_its_commitment_is_detected() -> None:
    events = list(golden("trambahn"))
    events[-1] = dataclasses.replace(events[-1], data={**events[-1].data, "seed": "other"})
    assert failure_at(events) == events[-1].version


def test_a_new_seed_with_a_new_commitment_does_not_give_the_logged_outcomes() -> None:
    events = list(golden("trekking"))
    commitment = hashlib.sha256(b"other").hexdigest()
    events = with_data(events, 0, seedCommitment=commitment)
    events = with_data(events, len(events) - 1, seed="other")
    report = verify_log(rehashed(events))
    assert report.failure is not None
    assert report.failure.version <= first_index(events, "DeckShuffled") + 1
    assert "the setup re-derived from the rules and the seed" in report.failure.message


def test_an_edited_move_is_detected() -> None:
    events = list(golden("trambahn"))
    index = next(i for i, e in enumerate(events) if e.move and e.move["type"] == "end_turn")
    other = next(e.move for e in events if e.move and e.move["type"] != "end_turn")
    events[index] = dataclasses.replace(events[index], move=other)
    assert failure_at(events) == events[index].version


def test_a_current_log_whose_move_was_removed_is_detected() -> None:
    events = list(golden("trambahn"))
    index = next(i for i, e in enumerate(events) if e.move)
    events[index] = dataclasses.replace(events[index], move=None)
    assert failure_at(events) == events[index].version


def test_a_log_without_moves_written_as_v1_is_upcast_by_inferring_every_move() -> None:
    events = [dataclasses.replace(e, v=1, move=None) for e in golden("trekking")]
    report = verify_log(events)
    assert report.complete, report.to_json()
    assert report.inferred == report.moves > 0


def test_rules_a_server_does_not_have_fail_and_retained_rules_replay() -> None:
    events = with_data(golden("trambahn"), 0, rulesVersion="0.9.0")
    report = verify_log(events)
    assert report.failure is not None
    assert report.failure.version == 1
    assert "0.9.0" in report.failure.message
    rules = GAMES["trambahn"]
    RETAINED[("trambahn", "0.9.0", rules.data.content_hash)] = rules
    try:
        assert verify_log(events).complete
    finally:
        del RETAINED[("trambahn", "0.9.0", rules.data.content_hash)]


@pytest.mark.parametrize("viewer", [None, 0])
def test_an_unfinished_redacted_export_is_checked_as_far_as_possible_and_says_so(
    viewer: int | None,
) -> None:
    events = golden("trambahn")
    record = record_model.start_record("x", events[0], "")
    redacted = [
        dataclasses.replace(
            e,
            data=export_line(record, e, viewer, False)["data"],
            move=e.move if e.seat == viewer else None,
        )
        for e in events[:120]
    ]
    report = verify_log(redacted)
    assert report.ok, report.to_json()
    assert not report.complete
    assert any("seed" in item for item in report.unchecked)
    gap = [*redacted[:50], *redacted[51:]]
    assert failure_at(gap) == 52
