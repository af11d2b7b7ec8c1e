"""How a game ends when people leave it, and the result it then carries (architecture §5c).

* A seat out (resigned, or forfeited on time) ranks last. When at most one seat is left in
  play, the game ends at once: the one left wins (scores 1 for it, 0 for the others), or, when
  no seat is left, the game is ABANDONED. So a two-player game ends with the first resignation.
* A game that reaches its rules' end with seats out keeps the rules' scores, but only seats in
  play can win: the rules' winners still in play, else the best score among those in play.
* An admin's abort ends the game ABANDONED (no winner, all scores 0).
* A game that reaches its event limit (`service.features.moves.game_bounds`) ends ABANDONED the same
way,
  and so does a table nobody sits at (`service.log.idle_tables`), right after a `TimedOut`.

`details` always says who left: `resigned`, `timedOut` (forfeits), `ranking` (best first, the
seats out last, the last to leave first) and `endedBy` (`rules`, `resignation`, `timeout`,
`abort`, `limit`, `idle`), besides the rules' own details.
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.rules import Outcome
from boardstate.engine.core.wire import encode_value
from boardstate.service.log import idle_tables
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import GAME_ENDED, Draft


def ended_draft(record: GameRecord, outcome: Outcome, abandoned: bool = False) -> Draft:
    """Returns the `GameEnded` draft, which reveals the seed (`status: ABANDONED` when the
    game was abandoned)."""
    data: dict[str, Any] = {
        "seed": record.seed,
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "details": encode_value(dict(outcome.details)),
    }
    if abandoned:
        data["status"] = "ABANDONED"
    return Draft(GAME_ENDED, data)


def _details(record: GameRecord, ended_by: str, ranking: list[int]) -> dict[str, Any]:
    table = record.table
    forfeits = [s for s in table.out if s not in table.resigned]
    return {
        "endedBy": ended_by,
        "resigned": list(table.resigned),
        "timedOut": forfeits,
        "ranking": ranking,
    }


def _out_ranking(record: GameRecord) -> list[int]:
    return list(reversed(record.table.out))


def forced_end(record: GameRecord, cause: str) -> Draft | None:
    """The `GameEnded` draft when the seats out leave at most one in play (`cause`:
    `resignation` or `timeout`), else None."""
    players = record.players
    in_play = record.table.in_play(players)
    if len(in_play) > 1:
        return None
    ranking = in_play + _out_ranking(record)
    scores = tuple(1 if s in in_play else 0 for s in range(players))
    outcome = Outcome(scores, tuple(in_play), _details(record, cause, ranking))
    return ended_draft(record, outcome, abandoned=not in_play)


def aborted(record: GameRecord, by: str) -> Draft:
    """The `GameEnded` draft of an abort."""
    details = _details(record, "abort", [])
    details["abortedBy"] = by
    return ended_draft(record, Outcome((0,) * record.players, (), details), abandoned=True)


def limited(record: GameRecord, limit: int) -> Draft:
    """The `GameEnded` draft of a game that reached its limit of `limit` events."""
    details = _details(record, "limit", [])
    details["eventLimit"] = limit
    return ended_draft(record, Outcome((0,) * record.players, (), details), abandoned=True)


def idle(record: GameRecord) -> Draft | None:
    """The `GameEnded` draft when the idle rule ends the game now (`idle_tables.abandoned`)."""
    limit = idle_tables.abandoned(record)
    if limit is None:
        return None
    details = _details(record, "idle", [])
    details["idleTimeouts"] = limit
    return ended_draft(record, Outcome((0,) * record.players, (), details), abandoned=True)


def after_timeout(record: GameRecord) -> Draft | None:
    """The `GameEnded` draft that must follow a `TimedOut` (the game after it), if any: the
    forfeit's (`forced_end`), else the idle rule's."""
    return forced_end(record, "timeout") or idle(record)


def adjusted(record: GameRecord, outcome: Outcome) -> Outcome:
    """The rules' outcome with the seats out ranked last (unchanged when nobody left)."""
    table = record.table
    if not table.out:
        return outcome
    in_play = table.in_play(record.players)
    winners = [s for s in outcome.winners if s in in_play]
    if not winners and in_play:
        best = max(outcome.scores[s] for s in in_play)
        winners = [s for s in in_play if outcome.scores[s] == best]
    first = sorted(in_play, key=lambda s: (s not in winners, -outcome.scores[s], s))
    details = {**dict(outcome.details), **_details(record, "rules", first + _out_ranking(record))}
    return Outcome(outcome.scores, tuple(winners), details)


def rules_end(record: GameRecord) -> Draft | None:
    """The `GameEnded` draft when the rules end the game now, else None."""
    outcome = record.rules.outcome(record.state) if record.state is not None else None
    return None if outcome is None else by_rules(record, outcome)


def by_rules(record: GameRecord, outcome: Outcome) -> Draft:
    """The `GameEnded` draft of a game its rules have just ended with `outcome`."""
    return ended_draft(record, adjusted(record, outcome))
