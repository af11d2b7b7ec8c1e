"""The guard measures a document once per fragment: a fragment bomb is refused after linear
work, before graphql-core's validation (which would walk 2^30 selections) ever sees it."""

from __future__ import annotations

from typing import Any

import pytest
from graphql import parse

import boardstate.schema.guard as guard
from boardstate.schema.complexity import measure
from boardstate.schema.root import make_schema, schema
from tests.adversarial.documents import fragment_bomb, selections


def test_measuring_a_30_level_fragment_bomb_visits_each_selection_once() -> None:
    text = fragment_bomb(30)
    assert len(text) < 1300
    found = measure(schema._schema, parse(text), page_cap=100)
    assert found.work <= selections(text)  # 62 selections written, 2^30 expanded
    assert found.fields == found.cost == 2**31  # F0 selects 2 fields, doubled 30 times
    assert found.fragments == 31


def test_the_bomb_is_refused_before_graphql_core_validates_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def validate(*args: Any) -> list[Any]:
        raise AssertionError("graphql-core validation was handed the fragment bomb")

    monkeypatch.setattr(guard, "validate_document", validate)
    result = make_schema().execute_sync(fragment_bomb(30))
    assert result.data is None
    [error] = result.errors or []
    assert error.extensions == {
        "code": "QUERY_TOO_COMPLEX",
        "measure": "fields",
        "limit": 500,
        "value": 2**31,
    }
    assert "fields" in error.message


def test_work_grows_linearly_with_the_number_of_levels() -> None:
    works = [measure(schema._schema, parse(fragment_bomb(n)), 100).work for n in (10, 20, 40)]
    assert works == [2 * 10 + 2 + 1, 2 * 20 + 2 + 1, 2 * 40 + 2 + 1]


def test_a_fragment_cycle_is_reported_without_looping() -> None:
    text = (
        "query { ...A } fragment A on Query { ...B } fragment B on Query { ...A gameTypes { id } }"
    )
    found = measure(schema._schema, parse(text), 100)
    assert found.cycle == ("A", "B", "A")
    result = make_schema().execute_sync(text)
    assert [e.message for e in result.errors or []] == [
        "Cannot spread fragment 'A' within itself via 'B'."
    ]


def test_several_operations_without_a_name_are_an_error_not_the_first_one() -> None:
    text = "query A { gameTypes { id } } query B { gameTypes { name } }"
    result = make_schema().execute_sync(text)
    assert result.data is None
    assert [e.extensions for e in result.errors or []] == [{"code": "OPERATION_NAME_REQUIRED"}]
    named = make_schema().execute_sync(text, operation_name="B")
    assert named.errors is None
    assert named.data is not None
    assert "name" in named.data["gameTypes"][0]


async def test_a_subscription_run_for_one_result_is_a_typed_error() -> None:
    text = 'subscription { gameEvents(gameId: "x") { version } }'
    result = await make_schema().execute(text)
    [error] = result.errors or []
    assert error.extensions == {"code": "SUBSCRIPTION_OVER_HTTP"}
    assert "websocket" in error.message
