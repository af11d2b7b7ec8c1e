"""The lean move path (docs/performance.md): an accepted move's records take the states the
engine folded while deciding, and its reply is redacted from the engine's facts. Both must give
exactly what the stored events give: the stored stateHashes are those of folding the stored
events from the log, and the reply's redaction is that of the stored event, for every game,
every seat and the spectator."""

from __future__ import annotations

import re
from typing import Any

import pytest

from boardstate.engine.core.rng import Rng
from boardstate.engine.registry import GAMES
from boardstate.service.features.views.read_models import fact_data, move_views, redacted_data
from boardstate.service.log import event_builder, record_model
from boardstate.service.log.game_record import GameRecord

AT = "2026-01-01T00:00:00.000Z"
CASES = [
    (game_id, players, seed)
    for game_id, rules in sorted(GAMES.items())
    for players in sorted({rules.info.min_players, rules.info.max_players})
    for seed in range(3)
]


def started(game_id: str, players: int, seed: str) -> GameRecord:
    """A game with every seat taken (its setup events folded), as the lobby writes it."""
    rules = GAMES[game_id]
    first = event_builder.created_event(rules, players, rules.parse_options(None), seed, True, AT)
    record = record_model.start_record("g", first, seed)
    for seat in range(players):
        record, _, _ = event_builder.seat_events(record, seat, f"p{seat}", AT)
    return record


def moves_of(record: GameRecord, pick: str, limit: int = 400) -> Any:
    """Yields `(record before, seat, wire move)` of a seeded random game, move by move."""
    rules = record.rules
    for number in range(limit):
        if record.status != "ACTIVE":
            return
        rng = Rng.for_decision(pick, number)
        seat = rng.choice(record.to_act)
        move = rules.moves.encode(rng.choice(rules.legal_moves(record.state, seat)))
        yield record, seat, move
        drafts, wire = event_builder.decide(record, seat, move)
        record, _ = event_builder.move_events(record, drafts, f"m{number}", AT, wire)


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_the_engines_states_hash_as_the_refold_of_the_stored_events(
    game_id: str, players: int, seed: int
) -> None:
    start = started(game_id, players, f"lean-{seed}")
    refolded = start
    for record, seat, move in moves_of(start, f"pick-{seed}"):
        drafts, wire = event_builder.decide(record, seat, move)
        assert all(d.after is not None and d.fact is not None for d in drafts)
        after, events = event_builder.move_events(record, drafts, "m", AT, wire)
        for event in events:  # the old path: decode, upcast and evolve each stored event
            refolded = record_model.apply(refolded, event)
            assert refolded.state_hash() == event.state_hash, event
        assert refolded.state == after.state
        assert refolded.result == after.result


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_the_replys_redaction_from_the_engines_fact_is_that_of_the_stored_event(
    game_id: str, players: int, seed: int
) -> None:
    start = started(game_id, players, f"redact-{seed}")
    rules = start.rules
    viewers: list[int | None] = [None, *range(players)]
    checked = 0
    for record, seat, move in moves_of(start, f"pick-{seed}"):
        drafts, wire = event_builder.decide(record, seat, move)
        after, events = event_builder.move_events(record, drafts, "m", AT, wire)
        for draft, event in zip(drafts, events, strict=False):
            for viewer in viewers:
                from_fact = fact_data(rules, draft.fact, viewer)
                assert from_fact == redacted_data(rules, event, viewer), (event.type, viewer)
                checked += 1
        facts = [d.fact for d in drafts] + [None] * (len(events) - len(drafts))
        assert move_views(after, events, facts, seat) == move_views(after, events, (), seat)
    assert checked > 0


def test_now_iso_is_utc_with_milliseconds() -> None:
    stamp = record_model.now_iso()
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", stamp), stamp
    assert record_model.now_iso() >= stamp
