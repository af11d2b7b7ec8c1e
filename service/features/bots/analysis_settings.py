"""The analysis settings (issue 42, `docs/bots.md` "A verdict on every move"), read from the
environment as `service.settings` reads the rest; every variable is in the README's table."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from boardstate.service.env_values import integer


@dataclasses.dataclass(frozen=True, slots=True)
class AnalysisSettings:
    """How much work one finished game's analysis may take, and how many run at once."""

    concurrency: int = 1
    """`BOARDSTATE_ANALYSIS_CONCURRENCY`: games one process analyses at once."""
    playouts: int = 4000
    """`BOARDSTATE_ANALYSIS_PLAYOUTS`: the search playouts one game's analysis shares over its
    moves (each move gets at least 4 and at most 200)."""
    budget_ms: int = 30_000
    """`BOARDSTATE_ANALYSIS_BUDGET_MS`: the most one game's analysis thinks; the moves not
    reached by then get no verdict."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> AnalysisSettings:
        return cls(
            concurrency=integer(env, "BOARDSTATE_ANALYSIS_CONCURRENCY", 1, lo=1, hi=64),
            playouts=integer(env, "BOARDSTATE_ANALYSIS_PLAYOUTS", 4000, lo=1, hi=1_000_000),
            budget_ms=integer(env, "BOARDSTATE_ANALYSIS_BUDGET_MS", 30_000, lo=1, hi=3_600_000),
        )
