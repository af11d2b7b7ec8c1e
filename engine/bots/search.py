"""`search`: information-set Monte Carlo tree search (single-observer ISMCTS, UCT).

At the root only the `root_width` best moves of a one-ply ranking (`heuristic.one_ply`, of at
most `rank_width` legal moves) are searched (a pruned root, as in progressive widening with a
heuristic prior): random rollouts judge a few strong candidates well and many weak ones badly.
What differs by game is the game's `BotHooks.search` (`engine.core.bot_hooks.SearchTuning`):
the root's widths, the rollouts' depth and sample, and the search's evaluation (by default the
heuristic's), which ranks the root's moves, picks the rollouts' moves and judges a cut-off
rollout.

Each playout samples a position the seat cannot tell apart from the real one (`BotHooks.resample`:
other hands, deck orders and secret choices dealt anew), then walks one shared tree keyed by moves
(frozen values, equal when their wire forms are) from the seat's information set: at each node the
moves legal in this sample are counted as available, an untried one is expanded, else UCB1 picks
among the tried ones (Cowling, Powley and Whitehouse 2012). Simultaneous choices are taken one seat
after the other (the lowest seat first), each seat's node keyed by its own moves only, so no seat's
choice is seen by another's. From the new node a rollout of at most `rollout_depth` moves follows,
each move the best, by its mover's evaluation margin, of `rollout_sample` random legal moves (an
informed playout: uniformly random ones let every seat blunder, which misjudged positions most at
tables of four and five); the game's outcome (1 for a winner) or, cut off, a squashed evaluation
margin (the search's evaluation) is backed up per seat. The shortlisted move visited most is chosen
(ties: the heuristic's order). The budget bounds the playouts and the time (by `budget.clock`,
or its `stop`), checked between the heuristic's candidates and between playouts, so a search
asked to stop returns its best move within one playout.
"""

from __future__ import annotations

import math
from typing import Any

from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.heuristic import margin, one_ply
from boardstate.engine.bots.seen import Seen
from boardstate.engine.core.bot_hooks import SearchTuning
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.replay import apply
from boardstate.engine.core.rng import Rng

EXPLORE = 0.7
TREE_DEPTH = 12
SCALE = 8.0
"""Evaluation points that make a cut-off margin count as about a 73 % win."""


class Node:
    """A node of the information-set tree."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.total = [0.0] * players
        self.children: dict[Any, Node] = {}
        self.avail: dict[Any, int] = {}


def _reward(seen: Seen, state: Any) -> list[float]:
    rules, players = seen.rules, seen.players
    outcome = rules.outcome(state) if rules.is_finished(state) else None
    if outcome is not None:
        return [1.0 / len(outcome.winners) if s in outcome.winners else 0.0 for s in range(players)]
    evaluate = _tuning(seen)[1]
    values = [evaluate(state, s) for s in range(players)]
    out = []
    for s in range(players):
        best_other = max((v for o, v in enumerate(values) if o != s), default=0.0)
        out.append(1.0 / (1.0 + math.exp(-(values[s] - best_other) / SCALE)))
    return out


def _tuning(seen: Seen) -> tuple[SearchTuning, Any]:
    """The game's `SearchTuning` and the search's evaluation."""
    hooks = seen.rules.bots
    assert hooks is not None
    return hooks.search, hooks.search_evaluate


def _step(seen: Seen, state: Any, rng: Rng) -> tuple[int, list[Any]] | None:
    """The seat to move in `state` and its legal moves (None at the end)."""
    rules = seen.rules
    if rules.is_finished(state):
        return None
    waiting = sorted(rules.to_act(state))
    if not waiting:
        return None
    seat = waiting[0]
    return seat, list(rules.legal_moves(state, seat))


def _playout(seen: Seen, root: Node, rng: Rng, index: int, shortlist: list[Any]) -> None:
    rules = seen.rules
    tuning = _tuning(seen)[0]
    state = seen.sample(rng)
    node, path = root, [root]
    for depth in range(TREE_DEPTH):
        turn = _step(seen, state, rng)
        if turn is None or not turn[1]:
            break
        seat, legal = turn
        moves = list(dict.fromkeys(legal))
        if depth == 0:
            moves = [m for m in moves if m in shortlist] or moves
        for move in moves:
            node.avail[move] = node.avail.get(move, 0) + 1
        untried = [m for m in moves if m not in node.children]
        if untried:
            move = untried[rng.below(len(untried))]
        else:
            move = max(moves, key=lambda m: _ucb(node, m, seat))
        try:
            state, _ = apply(rules, state, seat, move, Rng.for_decision(f"s{index}", depth))
        except MoveError:
            break
        node = node.children.setdefault(move, Node(seen.players))
        path.append(node)
        if untried:
            break
    for depth in range(tuning.rollout_depth):
        turn = _step(seen, state, rng)
        if turn is None or not turn[1]:
            break
        seat, legal = turn
        after = _rollout_move(seen, state, seat, legal, rng, Rng.for_decision(f"r{index}", depth))
        if after is None:
            break
        state = after
    reward = _reward(seen, state)
    for visited in path:
        visited.visits += 1
        for s, r in enumerate(reward):
            visited.total[s] += r


def _rollout_move(seen: Seen, state: Any, seat: int, legal: list[Any], rng: Rng, draws: Rng) -> Any:
    """The state after the rollout's move for `seat`: the best, by the seat's margin, of
    `rollout_sample` random legal moves (all of them at random when 1); None if refused."""
    rules = seen.rules
    tuning, evaluate = _tuning(seen)
    candidates = [rng.choice(legal) for _ in range(max(1, tuning.rollout_sample))]
    best, best_margin = None, float("-inf")
    for move in candidates:
        try:
            after, _ = apply(rules, state, seat, move, draws)
        except MoveError:
            continue
        if len(candidates) == 1:
            return after
        value = margin(seen, after, seat, evaluate)
        if value > best_margin:
            best, best_margin = after, value
    return best


def _ucb(node: Node, move: Any, seat: int) -> float:
    child = node.children[move]
    if child.visits == 0:
        return float("inf")
    mean = child.total[seat] / child.visits
    return mean + EXPLORE * math.sqrt(math.log(max(node.avail.get(move, 1), 1)) / child.visits)


def root_search(
    seen: Seen, rng: Rng, budget: Budget, include: tuple[Any, ...] = ()
) -> tuple[list[Any], Node, int]:
    """The shortlist (the best `root_width` moves of the one-ply ranking by the search's
    evaluation, then `include`), the searched root and the playouts run; the root has no
    children when the shortlist holds one move."""
    over = budget.timer()
    tuning, evaluate = _tuning(seen)
    ranked = sorted(
        one_ply(seen, rng, over, evaluate, tuning.rank_width), key=lambda scored: -scored[0]
    )
    shortlist = list(dict.fromkeys([*(m for _, m in ranked[: tuning.root_width]), *include]))
    root = Node(seen.players)
    played = 0
    if len(shortlist) > 1:
        for index in range(max(1, budget.playouts)):
            if over():
                break
            _playout(seen, root, rng, index, shortlist)
            played += 1
    return shortlist, root, played


def most_visited(shortlist: list[Any], root: Node) -> Any:
    """The shortlisted move visited most (ties: the shortlist's order)."""
    return max(
        shortlist,
        key=lambda m: (root.children[m].visits if m in root.children else -1, -shortlist.index(m)),
    )


def search_policy(seen: Seen, rng: Rng, budget: Budget) -> Any:
    """The move of the root visited most after the budget's playouts."""
    legal = list(seen.legal)
    if len(legal) == 1 or seen.rules.bots is None:
        return legal[0] if len(legal) == 1 else rng.choice(legal)
    shortlist, root, _ = root_search(seen, rng, budget)
    return most_visited(shortlist, root)
