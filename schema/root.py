"""The strawberry schema with its protective extensions; `schema` is what the SDL export prints."""

from __future__ import annotations

from functools import partial
from typing import Any

import strawberry
import structlog
from graphql import GraphQLError, GraphQLSchema
from strawberry.schema.config import StrawberryConfig
from strawberry.types import ExecutionContext, ExecutionResult

from boardstate.schema.guard import SINGLE_RESULT, Guard, Limits, QueryLimits, unexpected
from boardstate.schema.mutation import Mutation
from boardstate.schema.players import EPOCH_SECONDS, EpochSeconds
from boardstate.schema.query import Query
from boardstate.schema.shared_results import SharedResults
from boardstate.schema.subscription import Subscription
from boardstate.service.contract.codes import BAD_INPUT
from boardstate.service.contract.points import points

log = structlog.get_logger("boardstate.graphql")


class BoardstateSchema(strawberry.Schema):
    """Logs expected errors (validation, typed API errors) quietly and unexpected ones loudly;
    clients see unexpected ones as "Internal error." (`MaskErrors`). `execute` (one result, as
    over HTTP) marks itself so the guard refuses a subscription there."""

    guard: Limits | None = None
    """The guard's limits and caches (`make_schema`)."""

    def points_of(self, query: object, operation_name: object = None) -> int:
        """The points running `query` is charged (`service.contract.points`): its operation's
        cost, from the guard's caches (the guard then finds the document parsed and measured)."""
        if self.guard is None or not isinstance(query, str):
            return points(None)
        name = operation_name if isinstance(operation_name, str) else None
        return points(operation_cost(self.guard, self._schema, query, name))

    async def execute(self, *args: Any, **kwargs: Any) -> ExecutionResult:
        token = SINGLE_RESULT.set(True)
        try:
            return await super().execute(*args, **kwargs)
        finally:
            SINGLE_RESULT.reset(token)

    def execute_sync(self, *args: Any, **kwargs: Any) -> ExecutionResult:
        token = SINGLE_RESULT.set(True)
        try:
            return super().execute_sync(*args, **kwargs)
        finally:
            SINGLE_RESULT.reset(token)

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        for error in errors:
            _type_int_overflow(error)
            if unexpected(error):
                log.error(
                    "graphql_unexpected_error", message=error.message, exc_info=error.original_error
                )
            else:
                log.info("graphql_error", message=error.message, code=_code(error))


def _type_int_overflow(error: GraphQLError) -> None:
    """An `Int` argument or variable outside GraphQL's 32-bit range (a position past 2^31,
    2^63, 2^64) is refused by validation; it gets the code `BAD_INPUT` like any other bad
    argument, so clients can tell it apart without reading the message."""
    if _INT_RANGE in error.message:
        error.extensions = {**(error.extensions or {}), "code": BAD_INPUT}


_INT_RANGE = "Int cannot represent non 32-bit signed integer value"


def _code(error: GraphQLError) -> Any:
    return (error.extensions or {}).get("code", "GRAPHQL_VALIDATION")


def make_schema(
    max_depth: int = 12, max_aliases: int = 30, max_tokens: int = 2000, **limits: int
) -> BoardstateSchema:
    """Returns the schema with the document limits (`QueryLimits`: depth, aliases, tokens and
    the keyword ones), parser and validation caches and error masking, all in one extension
    (`schema.guard.Guard`)."""
    query_limits = QueryLimits(max_depth, max_aliases, max_tokens, **limits)
    guard = Limits(query_limits)
    extension = partial(Guard, guard)
    made = BoardstateSchema(
        query=Query,
        mutation=Mutation,
        subscription=Subscription,
        extensions=[extension],
        config=StrawberryConfig(scalar_map={EpochSeconds: EPOCH_SECONDS}),
        execution_context_class=SharedResults,
    )
    made.guard = guard
    return made


schema = make_schema()


def operation_cost(
    guard: Limits, schema: GraphQLSchema, query: str, name: str | None
) -> int | None:
    """The cost of the operation a request runs (`name`: its `operationName`), from the guard's
    caches (the guard then finds the document parsed and measured); None when the document is
    refused before it runs (it does not parse, a limit, no such operation)."""
    try:
        guard.parse(query)
    except GraphQLError:
        return None
    if guard.check(schema, query):
        return None
    costs = guard.measured(schema, query).costs
    if name is None:
        return next(iter(costs.values())) if len(costs) == 1 else None
    return costs.get(name)
