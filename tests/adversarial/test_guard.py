"""The guard measures a document once per fragment: a fragment bomb is refused after linear
work, before graphql-core's validation (which would walk 2^30 selections) ever sees it."""

from __future__ import annotations

from typing import Any

import pytest
from graphql import parse

import boardstate.schema.guard as guard
from boardstate.schema.complexity import measure
from boardstate.schema.root import make_schema, schema
from boardstate.service.contract.work_costs import GAME_TYPES
from tests.adversarial.documents import fragment_bomb, selections


def test_measuring_a_30_level_fragment_bomb_visits_each_selection_once() -> None:
    text = fragment_bomb(30)
    assert len(text) < 1300
    found = measure(schema._schema, parse(text), page_cap=100)
    assert found.work <= selections(text)  # 62 selections written, 2^30 expanded
    assert found.fields == 2**31  # F0 selects 2 fields, doubled 30 times
    assert found.cost == 2**30 * (1 + GAME_TYPES)  # `gameTypes { id }`: an id per game type
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


def test_one_response_name_repeated_beyond_the_limit_is_refused_before_validation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """graphql-core's overlapping-fields rule compares same-named fields pairwise: 250 copies
    of one field took 0.14 s to validate inside the fields limit; now they never reach it."""

    def validate(*args: Any) -> list[Any]:
        raise AssertionError("graphql-core validation was handed 250 copies of one field")

    monkeypatch.setattr(guard, "validate_document", validate)
    result = make_schema().execute_sync("{ " + "gameTypes { id } " * 250 + "}")
    [error] = result.errors or []
    assert error.extensions == {
        "code": "QUERY_TOO_COMPLEX",
        "measure": "repeats",
        "limit": 30,
        "value": 250,
    }


def test_repeats_are_counted_with_the_fragments_merged_into_a_selection_set() -> None:
    fragments = " ".join(f"fragment F{i} on GameType {{ id name }}" for i in range(40))
    spreads = " ".join(f"...F{i}" for i in range(40))
    found = measure(schema._schema, parse(f"{{ gameTypes {{ {spreads} id }} }} {fragments}"), 100)
    assert found.repeats == 41  # `id` from 40 fragments and the field itself
    nested = "{ gameTypes { id } gameTypes { id } gameTypes { id } }"
    assert measure(schema._schema, parse(nested), 100).repeats == 3


def test_the_standard_introspection_query_repeats_no_name_beyond_the_limit() -> None:
    from graphql import get_introspection_query

    found = measure(schema._schema, parse(get_introspection_query()), 100)
    assert 0 < found.repeats <= 30
