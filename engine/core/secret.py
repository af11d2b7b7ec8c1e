"""Bookkeeping for simultaneous secret choices: commit one by one, reveal together.

A game keeps a `SecretChoices` in its state while a simultaneous choice is open. `to_act` is
`waiting`; each seat's move is recorded with `commit`, its event redacted for other viewers; when
`complete`, the game emits one reveal event carrying `revealed()`. Choices are encoded by the
game (any wire-safe value).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from boardstate.engine.core.records import replace


@dataclasses.dataclass(frozen=True, slots=True)
class SecretChoices:
    """Which seats owe a choice, and the choices already committed (seat, choice)."""

    seats: tuple[int, ...]
    committed: tuple[tuple[int, Any], ...] = ()

    @property
    def waiting(self) -> frozenset[int]:
        """Seats that have not chosen yet."""
        done = {seat for seat, _ in self.committed}
        return frozenset(s for s in self.seats if s not in done)

    @property
    def complete(self) -> bool:
        """Tells whether every seat has chosen."""
        return not self.waiting

    def commit(self, seat: int, choice: Any) -> SecretChoices:
        """Returns the bookkeeping with `seat`'s choice recorded; raises if it may not choose."""
        if seat not in self.waiting:
            raise ValueError(f"seat {seat} has no open choice")
        return replace(self, committed=(*self.committed, (seat, choice)))

    def revealed(self) -> tuple[Any, ...]:
        """Returns the choices in seat order (only when complete)."""
        if not self.complete:
            raise ValueError("choices are revealed only when every seat has chosen")
        by_seat = dict(self.committed)
        return tuple(by_seat[s] for s in self.seats)
