"""The stand-in: who plays the turns of a seat that resigned or ran out of time (architecture §5c).

Each game declares its stand-in as data: an ordered list of preferred moves, each a wire-form
pattern (`{"type": "pass"}`, or with fields that must match, e.g. a swap of nothing), and the
rule it relies on. The stand-in plays the first legal move (in `legal_moves` order) that matches
the first pattern any legal move matches; when none matches, the first legal move. It is
deterministic and always legal, and the patterns are chosen per game to cost the other seats as
little as possible (pass where the rules allow it); docs/lifecycle.md lists them with their rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any


@dataclasses.dataclass(frozen=True, slots=True)
class StandIn:
    """A game's stand-in policy: preferred move patterns, in order, and why."""

    prefer: tuple[Mapping[str, Any], ...] = ()
    rule: str = "no move can be skipped: the first legal move in the order the rules list them"

    def choose(self, legal: Sequence[Any], wire: Sequence[Mapping[str, Any]]) -> Any:
        """The move to play among `legal` (whose wire forms are `wire`, in the same order)."""
        if not legal:
            raise ValueError("the stand-in has no legal move to play")
        for pattern in self.prefer:
            for move, form in zip(legal, wire, strict=True):
                if all(form.get(k) == v for k, v in pattern.items()):
                    return move
        return legal[0]
