"""Unexpected resolver failures reach clients as a bare "Internal error."; typed ones keep codes.

The backend here is a stand-in for the game service (no store is involved at this layer).
"""

from __future__ import annotations

from typing import Any, cast

from boardstate.schema.context import Context
from boardstate.schema.root import make_schema
from boardstate.service.contract.codes import ApiError

QUERY = '{ game(id: "g") { id } }'


class Failing:
    """A backend whose games feature (itself, `backend.games`) raises from `game`."""

    page_cap = 10

    def __init__(self, error: Exception) -> None:
        self.error = error
        self.games = self

    async def game(self, game_id: str) -> Any:
        raise self.error


async def run(query: str, error: Exception, variables: dict[str, Any] | None = None) -> Any:
    backend = cast(Any, Failing(error))
    context = Context(backend=backend, request_id="test")
    return await make_schema().execute(query, variable_values=variables, context_value=context)


async def test_an_unexpected_failure_is_masked() -> None:
    result = await run(QUERY, RuntimeError("secret internals"))
    assert [e.message for e in result.errors] == ["Internal error."]


async def test_a_typed_api_error_keeps_its_message_and_code() -> None:
    result = await run(QUERY, ApiError("STORE_UNAVAILABLE", "the game store is unavailable"))
    (error,) = result.errors
    assert error.message == "the game store is unavailable"
    assert error.extensions == {"code": "STORE_UNAVAILABLE"}


async def test_bad_variables_are_explained_not_masked() -> None:
    query = "query($id: ID!) { game(id: $id) { id } }"
    result = await run(query, RuntimeError("unused"), {"id": {"not": "an id"}})
    (error,) = result.errors
    assert "Variable '$id'" in error.message
