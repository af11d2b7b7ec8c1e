"""The analysis of a finished game's log (issue 42): a verdict on every move, pure and bounded.

`analyse(events, playouts, stop)` folds the log (`service.log.record_model`) and, at the first
event of every move a seat submitted (`StoredEvent.move`), asks the search bot for its verdict
on that decision (`engine.bots.verdicts.judge`) from the mover's knowledge at the time: the
seat's view and its redacted log (`engine.bots.seen.observe`), never the hidden cards it could
not see, although the game has ended and revealed them. So a verdict judges the decision the
seat could make.

Bounded work: a game gets at most `playouts` playouts in all, shared out evenly over its moves
(`per_move`, at least `MIN_PER_MOVE` and at most `MAX_PER_MOVE` each, so a game of more moves than
`playouts / MIN_PER_MOVE` costs `MIN_PER_MOVE` per move); `stop` (the caller's time limit) ends
it early, and the moves not reached get no verdict (`complete: false`). Deterministic: the
search's RNG comes from the game's revealed seed and the move's version, so the same log and
budget give the same analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import structlog

from boardstate.engine.bots.seen import observe
from boardstate.engine.bots.verdicts import Verdict, judge
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.rng import Rng
from boardstate.service.log import record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import GAME_ENDED, SERVICE_EVENTS, decode_engine_event
from boardstate.service.store import StoredEvent

log = structlog.get_logger("boardstate.analysis")

POLICY = "search"
MIN_PER_MOVE = 4
MAX_PER_MOVE = 200


def per_move(playouts: int, moves: int) -> int:
    """The playouts each move gets from a game's `playouts`."""
    return max(MIN_PER_MOVE, min(MAX_PER_MOVE, playouts // max(1, moves)))


def _chance(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _entry(
    rules: Any, version: int, seat: int, move: dict[str, Any], verdict: Verdict | None
) -> dict[str, Any]:
    """One move's verdict in wire form (`best`, `bestWords`, `before`, `after`, `label` null:
    not reached); `bestWords` is the bot's move in the rules' words, as the legal moves say it."""
    if verdict is None:
        return {
            "version": version,
            "seat": seat,
            "move": move,
            "best": None,
            "bestWords": None,
            "before": None,
            "after": None,
            "label": None,
        }
    return {
        "version": version,
        "seat": seat,
        "move": move,
        "best": rules.moves.encode(verdict.best),
        "bestWords": rules.describe_move(verdict.best),
        "before": _chance(verdict.before),
        "after": _chance(verdict.after),
        "label": verdict.label,
    }


def _judged(
    record: GameRecord,
    event: StoredEvent,
    engine_events: list[Any],
    seed: str,
    playouts: int,
    stop: Callable[[], bool],
) -> Verdict | None:
    """The verdict on the move `event` begins, made in `record` (before it); None when the move
    cannot be judged (a move this version of the rules no longer reads, a search that fails):
    that move gets no verdict, the others still do, and nothing is retried."""
    rules, seat = record.rules, event.seat
    assert seat is not None
    assert event.move is not None
    try:
        seen = observe(rules, record.state, seat, record.players, engine_events)
        played = rules.moves.decode(dict(event.move))
        rng = Rng.for_decision(f"analysis:{seed}", record.version)
        return judge(seen, played, rng, playouts, stop)
    except (MoveError, ValueError, TypeError, KeyError) as exc:
        log.warning(
            "verdict_failed", game_id=record.game_id, version=event.version, error=repr(exc)
        )
        return None


def analyse(
    game_id: str,
    events: Sequence[StoredEvent],
    playouts: int,
    stop: Callable[[], bool] = lambda: False,
) -> dict[str, Any]:
    """The analysis of a finished game's whole log (see the module's docstring)."""
    ended = events[-1]
    if ended.type != GAME_ENDED:
        raise ValueError(f"game {game_id}: the log does not end with {GAME_ENDED}")
    seed = str(ended.data.get("seed", ""))
    moves = [e for e in events if e.move is not None and e.seat is not None]
    each = per_move(playouts, len(moves))
    record = record_model.start_record(game_id, events[0], "")
    engine_events: list[Any] = []
    out: list[dict[str, Any]] = []
    used, complete = 0, True
    for event in events[1:]:
        if event.move is not None and event.seat is not None and event.type not in SERVICE_EVENTS:
            verdict = None
            if stop():
                complete = False
            else:
                verdict = _judged(record, event, engine_events, seed, each, stop)
                used += 0 if verdict is None else verdict.playouts
            out.append(_entry(record.rules, event.version, event.seat, dict(event.move), verdict))
        if event.type not in SERVICE_EVENTS:
            engine_events.append(decode_engine_event(record.rules, event))
        record = record_model.apply(record, event)
    return {
        "gameId": game_id,
        "status": "DONE",
        "policy": POLICY,
        "playoutsPerMove": each,
        "playouts": used,
        "complete": complete,
        "moves": out,
    }
