"""`Guard`: the schema's one extension: token, depth and alias limits, parser and validation
caches, and masking of unexpected errors.

Strawberry builds every extension per request and runs each hook through a context manager,
so one extension with one hook (`on_operation`) costs far less than five extensions. Before the
operation it fills in the parsed document and the validation errors from caches keyed by the
query text (validation, the depth and alias rules included, depends on nothing else); strawberry
then skips its own parsing and validation. A text that does not parse (bad syntax, over the
token limit) is not cached and left to strawberry, which reports the error as usual. Masking is
strawberry's `MaskErrors`, which this extension extends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from graphql import ASTValidationRule, DocumentNode, GraphQLError, GraphQLSchema, parse
from strawberry.extensions import MaskErrors, MaxAliasesLimiter, QueryDepthLimiter
from strawberry.schema.schema import validate_document

from boardstate.schema.codes import ApiError

CACHE_SIZE = 256
"""Distinct query texts kept parsed and validated."""


def unexpected(error: GraphQLError) -> bool:
    """Tells whether a resolver failed unexpectedly (not a typed API error, not bad input)."""
    original = error.original_error
    if error.path is None or original is None:
        return False
    return not isinstance(original, ApiError | GraphQLError)


class Limits:
    """The limits of one schema and its caches (shared by every request)."""

    def __init__(self, max_depth: int, max_aliases: int, max_tokens: int) -> None:
        self.max_tokens = max_tokens
        self.rules: tuple[type[ASTValidationRule], ...] = (
            *QueryDepthLimiter(max_depth=max_depth).validation_rules,
            *MaxAliasesLimiter(max_alias_count=max_aliases).validation_rules,
        )
        self.parse: Callable[[str], DocumentNode] = lru_cache(maxsize=CACHE_SIZE)(self._parse)
        self.validate: Callable[..., list[GraphQLError]] = lru_cache(maxsize=CACHE_SIZE)(
            self._validate
        )

    def _parse(self, query: str) -> DocumentNode:
        return parse(query, max_tokens=self.max_tokens)

    def _validate(
        self, schema: GraphQLSchema, query: str, rules: tuple[type[ASTValidationRule], ...]
    ) -> list[GraphQLError]:
        return validate_document(schema, self.parse(query), rules)


class Guard(MaskErrors):
    """Applies `Limits` to one request and masks unexpected errors as "Internal error."."""

    def __init__(self, limits: Limits) -> None:
        super().__init__(should_mask_error=unexpected, error_message="Internal error.")
        self.limits = limits

    def on_operation(self) -> Iterator[None]:
        context = self.execution_context
        limits = self.limits
        context.parse_options["max_tokens"] = limits.max_tokens
        context.validation_rules = rules = (*context.validation_rules, *limits.rules)
        query = context.query
        if query is not None and context.graphql_document is None:
            try:
                context.graphql_document = limits.parse(query)
            except GraphQLError:
                pass  # strawberry parses it again and reports the error
            else:
                schema: Any = context.schema
                context.pre_execution_errors = limits.validate(schema._schema, query, rules)
        yield from super().on_operation()

    def _process_result(self, result: object) -> None:
        # `MaskErrors` tests the result against a runtime protocol, which is slow.
        errors = getattr(result, "errors", None)
        if errors:
            result.errors = self._process_errors(errors)  # type: ignore[attr-defined]
