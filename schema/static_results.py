"""Answers that never change while the process runs, kept: queries that read only the game types.

The game types' facts are built once per process (`service.contract.type_facts.facts`), but
resolving `gameTypes` with every field still walks about 550 values (the lists of event types,
policies, ...) through graphql-core: about 5 ms of CPU per call. A query whose root fields are
all in `STATIC_ROOTS` gives the same answer to everyone, every time, so its result is kept per query
text, operation name and variables (`StaticResults`, least recently used dropped first) and
served again without executing: `Guard` sets it as the operation's result before strawberry
executes it (strawberry then skips execution). Only results without errors are kept, with their
answer size, and they are never mutated afterwards (results are only encoded).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from graphql import DocumentNode, ExecutionResult, FieldNode, OperationDefinitionNode

STATIC_ROOTS = frozenset({"gameTypes", "gameType", "__typename"})
"""Root fields whose answer depends on nothing but the process's code."""
SIZE = 64
"""Distinct static queries kept."""
MAX_VARIABLES = 1024
"""Bytes of JSON variables beyond which a static query is executed, not kept."""

Key = tuple[str, str | None, str]


def static_key(
    document: DocumentNode, query: str, operation: str | None, variables: dict[str, Any] | None
) -> Key | None:
    """Returns the cache key of a query that reads only `STATIC_ROOTS`, else None."""
    chosen = [
        d
        for d in document.definitions
        if isinstance(d, OperationDefinitionNode)
        and (operation is None or (d.name is not None and d.name.value == operation))
    ]
    if len(chosen) != 1 or chosen[0].operation.value != "query":
        return None
    for selection in chosen[0].selection_set.selections:
        if not isinstance(selection, FieldNode) or selection.name.value not in STATIC_ROOTS:
            return None
    try:
        given = json.dumps(variables or {}, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    if len(given) > MAX_VARIABLES:
        return None
    return (query, operation, given)


class StaticResults:
    """Kept results of static queries (see the module docstring)."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._kept: OrderedDict[Key, ExecutionResult] = OrderedDict()

    def get(self, key: Key) -> ExecutionResult | None:
        """Returns the kept result of `key`, or None."""
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
        return found

    def put(self, key: Key, result: object) -> None:
        """Keeps `result` when it is a complete result without errors."""
        if not isinstance(result, ExecutionResult) or result.errors or result.data is None:
            return
        self._kept[key] = result
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
