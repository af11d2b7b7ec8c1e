"""The bot jobs a worker holds, served fairly across creators and games (issue 27).

A worker takes every waiting job from the Redis stream into this queue (at most its
capacity) and starts the next one whenever one of its thinkers is free. The next job is the
oldest of the next creator in turn (round robin over creators, as a fair scheduler serves its
users), skipping a creator that already has `per_creator` jobs thinking: so a creator with
thirty bot games gets at most `per_creator` of the worker's thinkers, and any other creator's
job starts as soon as a thinker is free, never after the flood. Within one creator the oldest
job goes first; a bot game has one job waiting at a time (its next move is asked for only
after this one is played), so that is round robin over the creator's games too.

A job is known by its stream entry: the same entry again (the worker reclaimed its own job)
is ignored; another entry for a decision already queued or thinking (the steward asked again)
is a duplicate, to be acknowledged at once. Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict, deque

from boardstate.service.store.work.bot_jobs import BotJob


@dataclasses.dataclass(frozen=True, slots=True)
class Turn:
    """A job and the creator of its game (its fairness group)."""

    job: BotJob
    creator: str


def _decision(job: BotJob) -> tuple[str, int, int]:
    return job.game_id, job.version, job.seat


class FairQueue:
    """Waiting bot jobs by creator, and how many each creator has thinking."""

    def __init__(self, per_creator: int) -> None:
        self.per_creator = per_creator
        self._waiting: OrderedDict[str, deque[Turn]] = OrderedDict()
        self._thinking: dict[str, int] = {}
        self._entries: set[str] = set()
        self._decisions: set[tuple[str, int, int]] = set()
        self._count = 0

    def __len__(self) -> int:
        """Jobs waiting (not thinking)."""
        return self._count

    def knows(self, job: BotJob) -> bool:
        """Whether this very entry is waiting or thinking."""
        return job.entry in self._entries

    def add(self, turn: Turn) -> bool:
        """Queues a job; False (not queued) for a duplicate of a decision queued or thinking."""
        if _decision(turn.job) in self._decisions:
            return False
        self._entries.add(turn.job.entry)
        self._decisions.add(_decision(turn.job))
        self._waiting.setdefault(turn.creator, deque()).append(turn)
        self._count += 1
        return True

    def next(self) -> Turn | None:
        """The next job to think about (now counted as thinking), or None."""
        for creator in list(self._waiting):
            if self._thinking.get(creator, 0) >= self.per_creator:
                continue
            queue = self._waiting.pop(creator)
            turn = queue.popleft()
            if queue:
                self._waiting[creator] = queue  # back of the round
            self._thinking[creator] = self._thinking.get(creator, 0) + 1
            self._count -= 1
            return turn
        return None

    def done(self, turn: Turn) -> None:
        """A job taken by `next` is finished."""
        self._entries.discard(turn.job.entry)
        self._decisions.discard(_decision(turn.job))
        left = self._thinking.get(turn.creator, 0) - 1
        if left > 0:
            self._thinking[turn.creator] = left
        else:
            self._thinking.pop(turn.creator, None)
