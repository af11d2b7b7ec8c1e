"""The size cap of a query's answer (`QueryLimits.max_response_bytes`, docs/security.md).

The query cost bounds the work a query may ask for, but not quite its bytes: a view of the
state costs about as much as a field with ten times less JSON. A query whose `data` encodes to
more than the cap is answered with one `QUERY_TOO_COMPLEX` error (`measure: responseBytes`)
instead of its data, so that no answer of tens of megabytes is held in memory while a slow
client reads it. Mutations are never refused here (the write happened: the client must see its
result); their cost bounds them. Subscriptions are not single answers and are not measured.
"""

from __future__ import annotations

from typing import Any

import msgspec
from graphql import GraphQLError
from strawberry.types import ExecutionContext

from boardstate.service.contract.codes import QUERY_TOO_COMPLEX

_ENCODER = msgspec.json.Encoder()


def too_large(limit: int, size: int) -> GraphQLError:
    """Returns the refusal of an answer of `size` bytes."""
    return GraphQLError(
        f"Response too large: its data is {size} bytes of JSON. Allowed: {limit}. Ask for "
        "fewer fields or fewer games per request (pictures: GET /v1/games/{id}/board.svg).",
        extensions={
            "code": QUERY_TOO_COMPLEX,
            "measure": "responseBytes",
            "limit": limit,
            "value": size,
        },
    )


def size_of(data: Any) -> int | None:
    """Returns the bytes of `data` as compact JSON (None when it is not plain JSON)."""
    try:
        return len(_ENCODER.encode(data))
    except (TypeError, msgspec.EncodeError):
        return None


def cap_response(context: ExecutionContext, limit: int) -> None:
    """Replaces the data of a query's result by the refusal when it encodes to more than
    `limit` bytes (no limit when `limit` is 0)."""
    result = context.result
    data = None if result is None else getattr(result, "data", None)
    if not limit or result is None or data is None or context.graphql_document is None:
        return
    try:
        if context.operation_type.value != "query":
            return
    except RuntimeError:
        return
    size = size_of(data)
    if size is not None and size > limit:
        result.data = None
        result.errors = [too_large(limit, size)]
