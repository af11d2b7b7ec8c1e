"""`heuristic`: one-ply lookahead on sampled positions with the game's evaluation.

For each legal move (at most `WIDTH`, a seeded sample of them when there are more) the policy
samples `SAMPLES` positions the seat cannot tell apart (`BotHooks.resample`), plays the move
there (its random outcomes drawn by the sample's RNG), and scores the result as the seat's
evaluation minus the best other seat's. The move with the best mean wins; ties go to the first in
`legal_moves` order. Fast (a few hundred decisions per second) and a real player wherever the
evaluation counts what the game rewards. Between candidates it asks the budget's timer: past it,
the candidates scored so far decide (at least the first is always scored).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.seen import Seen
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.replay import apply
from boardstate.engine.core.rng import Rng

WIDTH = 48
SAMPLES = 3


def margin(
    seen: Seen,
    state: Any,
    seat: int | None = None,
    evaluate: Callable[[Any, int], float] | None = None,
) -> float:
    """`seat`'s (default: the bot's own) evaluation minus the best other seat's (a won game
    counts big); by `evaluate`, else the game's `BotHooks.evaluate`."""
    rules = seen.rules
    seat = seen.seat if seat is None else seat
    outcome = rules.outcome(state) if rules.is_finished(state) else None
    if outcome is not None:
        return 1000.0 if seat in outcome.winners else -1000.0
    if evaluate is None:
        hooks = rules.bots
        assert hooks is not None
        evaluate = hooks.evaluate
    mine = evaluate(state, seat)
    others = [evaluate(state, s) for s in range(seen.players) if s != seat]
    return mine - max(others, default=0.0)


def one_ply(
    seen: Seen,
    rng: Rng,
    over: Callable[[], bool] | None = None,
    evaluate: Callable[[Any, int], float] | None = None,
    width: int = WIDTH,
) -> list[tuple[float, Any]]:
    """Each candidate move (at most `width`) with its summed margin (by `evaluate`, else the
    game's) over `SAMPLES` sampled positions, in `legal_moves` order; only the candidates
    scored before `over()` said so."""
    legal = list(seen.legal)
    candidates = legal if len(legal) <= width else list(rng.sample(legal, width))
    samples = [
        seen.sample(Rng.for_decision(f"heuristic:{k}", len(seen.events))) for k in range(SAMPLES)
    ]
    scored: list[tuple[float, Any]] = []
    for index, move in enumerate(candidates):
        if scored and over is not None and over():
            break
        total = 0.0
        for k, state in enumerate(samples):
            try:
                after, _ = apply(
                    seen.rules, state, seen.seat, move, Rng.for_decision(f"h:{k}", index)
                )
            except MoveError:
                continue
            total += margin(seen, after, evaluate=evaluate)
        scored.append((total, move))
    return scored


def heuristic_policy(seen: Seen, rng: Rng, budget: Budget) -> Any:
    """Chooses the move with the best mean margin over a few sampled positions."""
    legal = list(seen.legal)
    if len(legal) == 1:
        return legal[0]
    if seen.rules.bots is None:
        return rng.choice(legal)
    best, best_score = legal[0], float("-inf")
    for total, move in one_ply(seen, rng, budget.timer()):
        if total > best_score:
            best, best_score = move, total
    return best
