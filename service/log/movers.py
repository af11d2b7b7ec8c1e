"""Who makes a seat's moves: its player, the game's stand-in, or a bot (architecture §5c, issue 17).

* a bot seat of the game's creation (`createGame(bots:)`) is played by its bot's policy;
* a seat an admin handed to a policy (`StandInSeated {policy}`) by that policy;
* a seat that resigned or forfeited on time by the game's `standIn` option (the rule-based
  stand-in by default, or a bot policy);
* any other seat by its player.

`STAND_IN` moves are decided inline by the steward (they are instant and deterministic); a
bot's by a bot worker (`service.features.bots.bot_worker`), which may think for its budget.
"""

from __future__ import annotations

from boardstate.engine.table.options import STAND_IN
from boardstate.service.log.game_record import GameRecord

DEFAULT_BUDGET_MS = 1000
NOT_BOTS = (None, STAND_IN)
"""The `mover`s no bot worker plays: the seat's player, and the stand-in the steward plays."""


def mover(record: GameRecord, seat: int) -> str | None:
    """The policy id that moves for `seat` (`stand-in` or a bot policy), or None (its player)."""
    bot = record.setup.bot(seat)
    if bot is not None:
        return bot.policy
    chosen = record.table.policy_of(seat)
    if chosen is not None:
        return chosen
    if record.table.stood_in(seat):
        return record.setup.stand_in
    return None


def policies(record: GameRecord) -> tuple[str | None, ...]:
    """`mover` of every seat, in seat order: who moves for each, in one question."""
    return tuple(mover(record, seat) for seat in range(record.players))


def budget_ms(record: GameRecord, seat: int) -> int:
    """How long the bot of `seat` may think."""
    bot = record.setup.bot(seat)
    return DEFAULT_BUDGET_MS if bot is None else bot.budget_ms


def bot_seats(record: GameRecord) -> list[int]:
    """The seats owing a decision now that a bot worker must play."""
    return [s for s in record.to_act if mover(record, s) not in NOT_BOTS]
