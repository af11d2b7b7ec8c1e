"""What a bot may know: its seat's view and the log redacted for that seat, never the state.

`observe(rules, state, seat, events)` is the one place a policy's input is built: the view of
`seat` (`rules.view`), every event so far redacted for `seat` (`rules.redact`), and the seat's
legal moves (`observe_redacted` takes events redacted already, for a caller that keeps them).
A policy receives only this `Seen`, so it cannot look at another seat's cards: two states that
look the same from the seat give the same `Seen` and so the same choice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules


@dataclasses.dataclass(frozen=True, slots=True)
class Seen:
    """A seat's knowledge of the game."""

    rules: GameRules[Any, Any, Any]
    seat: int
    players: int
    view: dict[str, Any]
    events: tuple[Any, ...]
    """Every engine event so far, redacted for `seat`."""
    legal: tuple[Any, ...]
    sample: Callable[[Rng], Any] = dataclasses.field(repr=False, compare=False, default=None)  # type: ignore[assignment]
    """A position the seat cannot tell apart from the real one, hidden information dealt anew
    (`BotHooks.resample`, a function of the seat's information set only)."""

    @property
    def wire_legal(self) -> list[dict[str, Any]]:
        """The legal moves in wire form (stable keys for search trees)."""
        return [self.rules.moves.encode(m) for m in self.legal]


def observe(
    rules: GameRules[Any, Any, Any], state: Any, seat: int, players: int, events: Iterable[Any]
) -> Seen:
    """The `Seen` of `seat` in `state`, whose engine events so far are `events`."""
    return observe_redacted(
        rules, state, seat, players, tuple(rules.redact(e, seat) for e in events)
    )


def observe_redacted(
    rules: GameRules[Any, Any, Any], state: Any, seat: int, players: int, redacted: tuple[Any, ...]
) -> Seen:
    """`observe` for engine events already redacted for `seat` (`redact(e, seat)` each): a
    caller that keeps them from move to move redacts each event once."""
    return Seen(
        rules=rules,
        seat=seat,
        players=players,
        view=rules.view(state, seat),
        events=redacted,
        legal=tuple(rules.legal_moves(state, seat)),
        sample=_sampler(rules, state, seat),
    )


def _sampler(rules: GameRules[Any, Any, Any], state: Any, seat: int) -> Callable[[Rng], Any]:
    hooks = rules.bots

    def sample(rng: Rng) -> Any:
        return state if hooks is None else hooks.resample(state, seat, rng)

    return sample
