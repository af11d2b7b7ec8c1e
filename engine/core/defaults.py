"""What a small perfect-information game need not declare (issue 40): the defaults of
`GameRules`.

A game with no component data, no hidden information and no cited rules declares only its
info, wire codecs, `new_state`, `to_act`, `legal_moves`, `play`, `evolve` and `outcome`:

* `options_type` is `NoOptions` (a game without options), `data` is `NO_DATA` (an empty data
  set with a stable hash), `cited` is `NO_CITATIONS`;
* `opening` emits nothing (no shuffle, no deal) and `is_started` is always true;
* `is_finished` is "`outcome` is not `None`" (set by `GameRules` itself);
* `view` is the state's wire form for every viewer and `redact` returns the event as it is:
  nothing is hidden, so nothing is removed;
* `words` names moves and events after their types (`engine.core.describe`);
* when `view` and `redact` are both these defaults (nothing hidden) and no `bots` are given,
  the bots know the state (`same_state`) and judge a position by its outcome only
  (`outcome_evaluation`), so the heuristic and search bots play any such game.

A game with hidden information must declare `view` and `redact` (and test them with the
conformance kit's `perturb`); these defaults show everything to everyone.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable
from typing import Any

from boardstate.engine.core.canonical import canonical_bytes
from boardstate.engine.core.cited import Citations
from boardstate.engine.core.data import DataSet
from boardstate.engine.core.emitter import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.wire import encode_value


@dataclasses.dataclass(frozen=True, slots=True)
class NoOptions:
    """The options of a game that has none (`{}` on the wire)."""


NO_DATA = DataSet(
    id="none",
    content_hash=hashlib.sha256(canonical_bytes({"id": "none", "values": {}})).hexdigest(),
    values={},
    provenance={},
)
"""The data set of a game without component data."""

NO_CITATIONS = Citations({})


def no_opening(out: Emitter, rng: Rng) -> None:
    """Default `opening`: a game that starts without shuffles, deals or rolls."""


def always_started(state: Any) -> bool:
    """Default `is_started`: with no opening facts, a table is under way from the start."""
    return True


def whole_state(state: Any, viewer: int | None) -> dict[str, Any]:
    """Default `view`: the state's wire form, the same for every viewer."""
    out = encode_value(state)
    if not isinstance(out, dict):
        raise TypeError(f"the default view needs a dataclass state, got {type(state).__name__}")
    return out


def unredacted(event: Any, viewer: int | None) -> Any:
    """Default `redact`: nothing is hidden."""
    return event


def finished_when_outcome(state: Any) -> bool:
    """Placeholder default of `is_finished`; `GameRules` replaces it by `outcome(s) is not None`."""
    raise AssertionError("replaced in GameRules.__post_init__")  # pragma: no cover


def same_state(state: Any, seat: int, rng: Rng) -> Any:
    """The resampler of a game without hidden information: the seat knows the state."""
    return state


def outcome_evaluation(outcome: Callable[[Any], Any]) -> Callable[[Any, int], float]:
    """The evaluation of a game that declares none: the seat's final score, else 0."""

    def evaluate(state: Any, seat: int) -> float:
        result = outcome(state)
        return 0.0 if result is None else float(result.scores[seat])

    return evaluate
