"""The service leaves "not started", "finished" and "whose turn" to the engine's `decide`.

`event_builder.decide` parses the move and hands it to the rules; for every game type the
engine refuses a move before the last seat is filled, after the end and by a seat that may not
act, with the stable codes (architecture §3), and the referee repeats none of these checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine import registry
from boardstate.engine.core.errors import GameFinished, GameNotStarted, MalformedMove, NotYourTurn
from boardstate.service.log import event_builder, record_model
from boardstate.service.log.game_record import GameRecord

AT = "2026-01-01T00:00:00.000Z"


def first_move(rules: Any, players: int) -> tuple[GameRecord, GameRecord, int, Any]:
    """Returns the game while seats are empty, once active, a seat to act and its first legal
    move (wire form)."""
    options = rules.parse_options(None)
    created = event_builder.created_event(rules, players, options, "s", True, AT)
    record = opened = record_model.start_record("g", created, "s")
    for seat in range(players):
        record, _, _ = event_builder.seat_events(record, seat, f"p{seat}", AT)
    seat = min(record.to_act)
    move = rules.moves.encode(rules.legal_moves(record.state, seat)[0])
    return opened, record, seat, move


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
def test_a_move_before_the_start_is_refused_by_the_engine(game_type: str) -> None:
    rules = registry.GAMES[game_type]
    opened, _, seat, move = first_move(rules, rules.info.min_players)
    assert opened.status == "OPEN"
    with pytest.raises(GameNotStarted):
        event_builder.decide(opened, seat, move)


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
def test_a_move_by_a_seat_that_may_not_act_is_refused_by_the_engine(game_type: str) -> None:
    rules = registry.GAMES[game_type]
    _, active, _, move = first_move(rules, rules.info.min_players)
    idle = [s for s in range(active.players) if s not in active.to_act]
    if not idle:
        pytest.skip("every seat acts at once at the start of this game")
    with pytest.raises(NotYourTurn):
        event_builder.decide(active, idle[0], move)


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
def test_a_move_after_the_end_is_refused_by_the_engine(game_type: str) -> None:
    rules = registry.GAMES[game_type]
    _, active, seat, move = first_move(rules, rules.info.min_players)
    finished, _ = event_builder.play_on(active, "pick", AT)
    assert finished.status == "FINISHED"
    with pytest.raises(GameFinished):
        event_builder.decide(finished, seat, move)


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
def test_an_unparsable_move_before_the_start_is_refused_as_not_started(game_type: str) -> None:
    rules = registry.GAMES[game_type]
    opened, _, seat, _ = first_move(rules, rules.info.min_players)
    with pytest.raises(GameNotStarted):
        event_builder.decide(opened, seat, {"type": "no_such_move"})


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
def test_an_unparsable_move_after_the_end_is_refused_as_finished(game_type: str) -> None:
    rules = registry.GAMES[game_type]
    _, active, seat, _ = first_move(rules, rules.info.min_players)
    finished, _ = event_builder.play_on(active, "pick", AT)
    with pytest.raises(GameFinished):
        event_builder.decide(finished, seat, "not a move")


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
def test_an_unparsable_move_of_an_idle_seat_is_malformed(game_type: str) -> None:
    """The parse comes before the turn check, as it did when the service made both checks."""
    rules = registry.GAMES[game_type]
    _, active, _, _ = first_move(rules, rules.info.min_players)
    idle = [s for s in range(active.players) if s not in active.to_act] or [0]
    with pytest.raises(MalformedMove):
        event_builder.decide(active, idle[0], {"type": "no_such_move"})
