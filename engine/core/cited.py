"""The rules a game cites when it refuses a move (architecture §3: the message names the rule).

Each game keeps its table in its own `cited.py`: `RULES_CITED = {rule_id: text, ...}`,
`CITED = Citations(RULES_CITED)` and `illegal = CITED.illegal`. A refusal's `details["rule"]`
is the rule id and its message ends with the rule's text.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from boardstate.engine.core.errors import IllegalMove


class Citations(Mapping[str, str]):
    """A read-only mapping rule id → rule text that builds the refusals citing them."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self._texts = dict(texts)

    def __getitem__(self, rule: str) -> str:
        return self._texts[rule]

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

    def illegal(self, rule: str, message: str, **details: Any) -> IllegalMove:
        """Returns the `IllegalMove` for `rule`: `message` followed by the rule's text."""
        return IllegalMove(rule, f"{message} ({self._texts[rule]})", details)
