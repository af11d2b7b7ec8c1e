"""The points a GraphQL request is charged (`service.contract.points`): its operation's cost / 100 rounded
up, at least 1, measured before it runs from the guard's caches; `rateLimit` is free."""

from __future__ import annotations

from boardstate.schema.root import make_schema, schema

TWO = 'query Cheap { __typename } query Picture { game(id: "g") { boardSvg(version: 2) } }'


def test_the_operation_run_is_the_one_charged() -> None:
    assert schema.points_of(TWO, "Picture") == 19  # 50 + 1000 + 800
    assert schema.points_of(TWO, "Cheap") == 1


def test_a_document_refused_before_it_runs_costs_one_point() -> None:
    assert schema.points_of("{ game(id: ") == 1  # does not parse
    assert schema.points_of(TWO) == 1  # several operations and no name
    assert schema.points_of(TWO, "Missing") == 1
    over = "{ games(first: 100) { edges { node { boardSvg } } } }"  # cost 105 101: refused
    assert schema.points_of(over) == 1
    assert make_schema(max_cost=200_000).points_of(over) == 1052
    assert schema.points_of(None) == 1


def test_the_budget_field_is_free() -> None:
    plain = '{ game(id: "g") { state } }'
    told = '{ game(id: "g") { state } rateLimit { cost limit remaining used resetAt } }'
    assert schema.points_of(plain) == schema.points_of(told) == 2
    assert schema.execute_sync("{ rateLimit { cost } }").data == {"rateLimit": None}
