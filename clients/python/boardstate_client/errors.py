"""Problems (RFC 9457, `application/problem+json`) as exceptions with their typed `code`."""

from __future__ import annotations

from typing import TypeVar

from boardstate_api.models.problem_out import ProblemOut
from boardstate_api.models.problem_out_code import ProblemOutCode
from boardstate_api.types import Response

T = TypeVar("T")

RETRYABLE = frozenset(
    {ProblemOutCode.STORE_UNAVAILABLE, ProblemOutCode.APPEND_UNCERTAIN, ProblemOutCode.RATE_LIMITED}
)
"""Codes after which the same request, sent again, may succeed."""


class ProblemError(Exception):
    """The service refused a request; `code` is one of its stable error codes (an enum)."""

    def __init__(self, problem: ProblemOut) -> None:
        super().__init__(f"{problem.code.value}: {problem.detail}")
        self.problem = problem

    @property
    def code(self) -> ProblemOutCode:
        return self.problem.code


class UnexpectedAnswer(Exception):
    """An answer that is neither the documented result nor a problem."""


def unwrap(response: Response[T | ProblemOut]) -> T:
    """The parsed result of a generated call's `*_detailed` answer; raises `ProblemError` for a
    problem and `UnexpectedAnswer` for anything undocumented."""
    parsed = response.parsed
    if isinstance(parsed, ProblemOut):
        raise ProblemError(parsed)
    if parsed is None:
        raise UnexpectedAnswer(f"HTTP {int(response.status_code)}: {response.content[:200]!r}")
    return parsed
