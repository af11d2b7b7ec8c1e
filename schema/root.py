"""The strawberry schema with its protective extensions; `schema` is what the SDL export prints."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import strawberry
import structlog
from graphql import GraphQLError
from strawberry.extensions import (
    AddValidationRules,
    MaskErrors,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    SchemaExtension,
    ValidationCache,
)
from strawberry.types import ExecutionContext

from schema.codes import ApiError
from schema.mutation import Mutation
from schema.query import Query
from schema.subscription import Subscription

log = structlog.get_logger("boardstate.graphql")


class BoardstateSchema(strawberry.Schema):
    """Logs expected errors (validation, typed API errors) quietly and unexpected ones loudly;
    clients see unexpected ones as "Internal error." (`MaskErrors`)."""

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        for error in errors:
            if _unexpected(error):
                log.error(
                    "graphql_unexpected_error", message=error.message, exc_info=error.original_error
                )
            else:
                log.info("graphql_error", message=error.message, code=_code(error))


def _unexpected(error: GraphQLError) -> bool:
    """Tells whether a resolver failed unexpectedly (not a typed API error, not bad input)."""
    original = error.original_error
    if error.path is None or original is None:
        return False
    return not isinstance(original, ApiError | GraphQLError)


def _code(error: GraphQLError) -> Any:
    return (error.extensions or {}).get("code", "GRAPHQL_VALIDATION")


def make_schema(
    max_depth: int = 12, max_aliases: int = 30, max_tokens: int = 2000
) -> strawberry.Schema:
    """Returns the schema with depth, alias and token limits and parser/validation caches."""
    # Extensions are built per request; the limiters' rule classes are built once here so that
    # the validation cache (keyed by the rule classes) hits across requests.
    rules = [
        *QueryDepthLimiter(max_depth=max_depth).validation_rules,
        *MaxAliasesLimiter(max_alias_count=max_aliases).validation_rules,
    ]
    extensions: list[Callable[[], SchemaExtension]] = [
        partial(AddValidationRules, rules),
        partial(MaxTokensLimiter, max_token_count=max_tokens),
        partial(ParserCache, maxsize=256),
        partial(ValidationCache, maxsize=256),
        partial(MaskErrors, should_mask_error=_unexpected, error_message="Internal error."),
    ]
    return BoardstateSchema(
        query=Query, mutation=Mutation, subscription=Subscription, extensions=extensions
    )


schema = make_schema()
