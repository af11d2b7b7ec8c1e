"""The bot workers' fair queue (issue 27): round robin over creators, at most `per_creator` of a
creator's jobs thinking, duplicates recognised."""

from __future__ import annotations

from boardstate.service.features.bots.bot_queue import FairQueue, Turn
from boardstate.service.store.work.bot_jobs import BotJob


def _turn(entry: str, creator: str, game: str = "", version: int = 5, seat: int = 0) -> Turn:
    return Turn(BotJob(entry, game or f"g-{entry}", version, seat), creator)


def _drain(queue: FairQueue) -> list[str]:
    """Entries in the order `next` gives them, each finished at once."""
    out = []
    while (turn := queue.next()) is not None:
        out.append(turn.job.entry)
        queue.done(turn)
    return out


def test_creators_take_turns_whatever_order_their_jobs_came_in() -> None:
    queue = FairQueue(per_creator=1)
    for i in range(30):
        queue.add(_turn(f"a{i}", "flood"))
    queue.add(_turn("h0", "honest"))
    queue.add(_turn("h1", "honest"))
    order = _drain(queue)
    assert order[:4] == ["a0", "h0", "a1", "h1"]
    assert len(order) == 32


def test_a_creator_never_holds_more_thinkers_than_its_share() -> None:
    queue = FairQueue(per_creator=2)
    for i in range(10):
        queue.add(_turn(f"a{i}", "flood"))
    first, second = queue.next(), queue.next()
    assert first is not None
    assert second is not None
    assert queue.next() is None  # the flood's share is taken; nobody else waits
    queue.add(_turn("h0", "honest"))
    honest = queue.next()
    assert honest is not None
    assert honest.job.entry == "h0"
    queue.done(first)
    again = queue.next()
    assert again is not None
    assert again.job.entry == "a2"
    assert len(queue) == 7


def test_a_duplicate_decision_is_refused_and_the_same_entry_is_known() -> None:
    queue = FairQueue(per_creator=1)
    assert queue.add(_turn("e1", "c", game="g", version=7, seat=1))
    assert queue.knows(BotJob("e1", "g", 7, 1))
    assert not queue.add(_turn("e2", "c", game="g", version=7, seat=1))  # asked again
    thinking = queue.next()
    assert thinking is not None
    assert not queue.add(_turn("e3", "c", game="g", version=7, seat=1))  # still thinking
    assert queue.add(_turn("e4", "c", game="g", version=7, seat=2))  # another seat
    queue.done(thinking)
    assert not queue.knows(BotJob("e1", "g", 7, 1))
    assert queue.add(_turn("e5", "c", game="g", version=9, seat=1))  # the next decision
