"""`Guard`: the schema's one extension: limits on GraphQL documents, operation selection, parser
and validation caches, and masking of unexpected errors.

Strawberry builds every extension per request and runs each hook through a context manager,
so one extension with one hook (`on_operation`) costs far less than five extensions. Before the
operation it fills in the parsed document and the validation errors from caches keyed by the
query text; strawberry then skips its own parsing and validation. In order:

1. parse, with graphql-core's token limit (`max_tokens`);
2. the measures of `schema.complexity` (fragments, fragment cycles, fields, depth, aliases,
   cost), linear in the document's size, so that nothing super-linear (graphql-core's
   validation: `OverlappingFieldsCanBeMerged` compares fields pairwise) ever sees a document
   over the limits;
3. the operation: a document of several operations needs `operationName` (never the first
   one by default), and a subscription is not run as a single HTTP result;
4. graphql-core's validation.

A query that reads only the game types is answered from the results kept for it
(`schema.static_results`) without executing. After the operation, a query's answer larger than
`max_response_bytes` is replaced by one refusal (`schema.response_size`).

A refusal of steps 1-3 is one GraphQL error whose `extensions` name the limit (`QueryLimits`,
`docs/security.md`). A text that does not parse for another reason (bad syntax, nesting) is not
cached and left to strawberry, which reports the error as usual. Masking is strawberry's
`MaskErrors`, which this extension extends.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from graphql import (
    ASTValidationRule,
    DocumentNode,
    GraphQLError,
    GraphQLSchema,
    NameNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    parse,
)
from strawberry.extensions import MaskErrors
from strawberry.schema.schema import validate_document
from strawberry.types import ExecutionContext

from boardstate.schema.complexity import Measures, measure, operations
from boardstate.schema.response_size import cap_response
from boardstate.schema.static_results import Key, StaticResults, static_key
from boardstate.service.contract.codes import (
    BAD_INPUT,
    OPERATION_NAME_REQUIRED,
    QUERY_TOO_COMPLEX,
    SUBSCRIPTION_OVER_HTTP,
    ApiError,
)

CACHE_SIZE = 256
"""Distinct query texts kept parsed and validated."""

SINGLE_RESULT: ContextVar[bool] = ContextVar("boardstate_single_result", default=False)
"""True while the schema runs an operation for one result (`Schema.execute`, HTTP), where a
subscription cannot run; streams (websockets, graphql-sse over HTTP) leave it False."""


def unexpected(error: GraphQLError) -> bool:
    """Tells whether a resolver failed unexpectedly (not a typed API error, not bad input)."""
    original = error.original_error
    if error.path is None or original is None:
        return False
    return not isinstance(original, ApiError | GraphQLError)


@dataclasses.dataclass(frozen=True, slots=True)
class QueryLimits:
    """The limits on one GraphQL document (`schema.complexity` defines the measures)."""

    max_depth: int = 12
    max_aliases: int = 30
    max_tokens: int = 2000
    max_fragments: int = 100
    max_fields: int = 500
    max_cost: int = 50_000
    max_repeats: int = 30
    """How often one response name may occur in one selection set, fragments merged."""
    page_cap: int = 100
    """The server's largest page (`first`/`last` are clamped to it), for the cost."""
    max_response_bytes: int = 4 * 1024 * 1024
    """The largest answer to a query, as compact JSON (`schema.response_size`); 0: none."""


def too_complex(measure_: str, limit: int, value: int, message: str) -> GraphQLError:
    """Returns the refusal of a document over one limit."""
    extensions = {"code": QUERY_TOO_COMPLEX, "measure": measure_, "limit": limit, "value": value}
    return GraphQLError(message, extensions=extensions)


def refusals(limits: QueryLimits, found: Measures) -> list[GraphQLError]:
    """Returns one error per limit the measures exceed, cheapest checks first."""
    errors: list[GraphQLError] = []
    if found.fragments > limits.max_fragments:
        errors.append(
            too_complex(
                "fragments",
                limits.max_fragments,
                found.fragments,
                f"Too many fragments: {found.fragments} fragment definitions found. "
                f"Allowed: {limits.max_fragments}.",
            )
        )
    if found.cycle is not None:
        via = "', '".join(found.cycle[1:-1])
        errors.append(
            GraphQLError(
                f"Cannot spread fragment '{found.cycle[0]}' within itself"
                + (f" via '{via}'." if via else ".")
            )
        )
    if found.fields > limits.max_fields:
        errors.append(
            too_complex(
                "fields",
                limits.max_fields,
                found.fields,
                f"Too many fields: {found.fields} fields selected with fragments expanded. "
                f"Allowed: {limits.max_fields}.",
            )
        )
    if found.repeats > limits.max_repeats:
        errors.append(
            too_complex(
                "repeats",
                limits.max_repeats,
                found.repeats,
                f"Too many repeated fields: one response name is selected {found.repeats} "
                f"times in one selection set (fragments merged). Allowed: {limits.max_repeats}.",
            )
        )
    if found.depth > limits.max_depth:
        name = max(found.depths, key=lambda n: found.depths[n])
        errors.append(
            too_complex(
                "depth",
                limits.max_depth,
                found.depth,
                f"'{name}' exceeds maximum operation depth of {limits.max_depth} "
                f"(depth {found.depth}).",
            )
        )
    if found.aliases > limits.max_aliases:
        errors.append(
            too_complex(
                "aliases",
                limits.max_aliases,
                found.aliases,
                f"Too many aliases: {found.aliases} aliases found. Allowed: {limits.max_aliases}.",
            )
        )
    if found.cost > limits.max_cost:
        errors.append(
            too_complex(
                "cost",
                limits.max_cost,
                found.cost,
                f"Query cost {found.cost} exceeds the maximum cost of {limits.max_cost} "
                "(each field priced by its work in plain field reads, docs/security.md; "
                "connections multiply by `first`/`last`).",
            )
        )
    return errors


class Limits:
    """The limits of one schema and its caches (shared by every request)."""

    def __init__(self, limits: QueryLimits | None = None) -> None:
        self.limits = limits = limits or QueryLimits()
        self.max_tokens = limits.max_tokens
        self.parse: Callable[[str], DocumentNode] = lru_cache(maxsize=CACHE_SIZE)(self._parse)
        self.check: Callable[[GraphQLSchema, str], list[GraphQLError]] = lru_cache(
            maxsize=CACHE_SIZE
        )(self._check)
        self.validate: Callable[..., list[GraphQLError]] = lru_cache(maxsize=CACHE_SIZE)(
            self._validate
        )
        self.measured: Callable[[GraphQLSchema, str], Measures] = lru_cache(maxsize=CACHE_SIZE)(
            self._measure
        )
        self.static = StaticResults()

    def _parse(self, query: str) -> DocumentNode:
        return parse(query, max_tokens=self.max_tokens)

    def _measure(self, schema: GraphQLSchema, query: str) -> Measures:
        return measure(schema, self.parse(query), self.limits.page_cap)

    def _check(self, schema: GraphQLSchema, query: str) -> list[GraphQLError]:
        return refusals(self.limits, self.measured(schema, query))

    def _validate(
        self, schema: GraphQLSchema, query: str, rules: tuple[type[ASTValidationRule], ...]
    ) -> list[GraphQLError]:
        return validate_document(schema, self.parse(query), rules)

    def over_tokens(self, error: GraphQLError) -> GraphQLError | None:
        """Returns the refusal for a parse error of the token limit, else None."""
        if f"more than {self.max_tokens} tokens" not in error.message:
            return None
        limit = self.max_tokens
        return too_complex(
            "tokens",
            limit,
            limit + 1,
            f"Document too large: more than {limit} tokens. Allowed: {limit}.",
        )


def operation_errors(context: ExecutionContext, document: DocumentNode) -> list[GraphQLError]:
    """Returns why the request's operation cannot be chosen or run here (else nothing)."""
    found = list(operations(document))
    # Strawberry runs the first operation when no name is given; the spec requires a name.
    provided = getattr(context, "_provided_operation_name", None)
    if provided is None and len(found) > 1:
        return [
            GraphQLError(
                f"The document has {len(found)} operations: give `operationName`.",
                extensions={"code": OPERATION_NAME_REQUIRED},
            )
        ]
    chosen = [op for op in found if provided is None or (op.name and op.name.value == provided)]
    if chosen and chosen[0].operation is OperationType.SUBSCRIPTION and SINGLE_RESULT.get():
        return [
            GraphQLError(
                "Subscriptions are not served as a single HTTP result: use the "
                "graphql-transport-ws websocket protocol on /graphql, or Server-Sent Events "
                "(graphql-sse: send `Accept: text/event-stream`).",
                extensions={"code": SUBSCRIPTION_OVER_HTTP},
            )
        ]
    return []


def _stand_in(context: ExecutionContext) -> DocumentNode:
    """An empty operation that strawberry accepts before it returns the refusal (it finds the
    operation's type before it looks at the errors); it is never validated nor run."""
    allowed = [t.value for t in context.allowed_operations]
    kind = "query" if "query" in allowed or not allowed else allowed[0]
    provided = getattr(context, "_provided_operation_name", None)
    return DocumentNode(
        definitions=(
            OperationDefinitionNode(
                operation=OperationType(kind),
                name=None if provided is None else NameNode(value=provided),
                variable_definitions=(),
                directives=(),
                selection_set=SelectionSetNode(selections=()),
            ),
        )
    )


INTERNAL = "INTERNAL"
"""The code of a masked unexpected error: a bug (REST answers it as the problem `INTERNAL`)."""


class Guard(MaskErrors):
    """Applies `Limits` to one request and masks unexpected errors as "Internal error." with
    the code `INTERNAL` (no detail of the bug reaches the client; the server logs it)."""

    def __init__(self, limits: Limits) -> None:
        super().__init__(should_mask_error=unexpected, error_message="Internal error.")
        self.limits = limits

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        masked = super().anonymise_error(error)
        masked.extensions = {"code": INTERNAL}
        return masked

    def on_operation(self) -> Iterator[None]:
        context = self.execution_context
        limits = self.limits
        context.parse_options["max_tokens"] = limits.max_tokens
        query = context.query
        static: Key | None = None
        if query is not None and context.graphql_document is None:
            schema: Any = context.schema
            try:
                document = limits.parse(query)
            except GraphQLError as error:
                refusal = limits.over_tokens(error)
                if refusal is not None:  # else strawberry parses it again and reports it
                    self._refuse(context, [refusal])
            else:
                errors = limits.check(schema._schema, query) or operation_errors(context, document)
                if errors:
                    self._refuse(context, errors[:1])
                else:
                    rules = context.validation_rules
                    context.graphql_document = document
                    context.pre_execution_errors = limits.validate(schema._schema, query, rules)
                    static = self._static(document, query)
        yield from super().on_operation()
        if static is None or context.result is not limits.static.get(static):
            cap_response(context, limits.limits.max_response_bytes)
            if static is not None:
                limits.static.put(static, context.result)

    def _static(self, document: DocumentNode, query: str) -> Key | None:
        """Sets the kept result of a static query (`schema.static_results`) as the operation's
        result, so that strawberry does not execute it; returns its key (None: not static)."""
        context = self.execution_context
        if context.pre_execution_errors:
            return None
        provided = getattr(context, "_provided_operation_name", None)
        key = static_key(document, query, provided, context.variables)
        if key is not None:
            context.result = self.limits.static.get(key)
        return key

    @staticmethod
    def _refuse(context: ExecutionContext, errors: list[GraphQLError]) -> None:
        context.graphql_document = _stand_in(context)
        context.pre_execution_errors = list(errors)

    def _process_result(self, result: object) -> None:
        # `MaskErrors` tests the result against a runtime protocol, which is slow.
        errors = getattr(result, "errors", None)
        if errors:
            result.errors = [_typed(e) for e in self._process_errors(errors)]  # type: ignore[attr-defined]


def _typed(error: GraphQLError) -> GraphQLError:
    """Gives graphql-core's bare variable errors (no location, no code, e.g. "Too many errors
    processing variables") the code `BAD_INPUT`, so every error a client sees is typed."""
    if error.locations or error.path or (error.extensions or {}).get("code"):
        return error
    error.extensions = {**(error.extensions or {}), "code": BAD_INPUT}
    return error
