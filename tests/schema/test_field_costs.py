"""The prices of `schema.field_costs` name real fields, are applied as documented (arguments,
lists, connections), refuse the expensive shapes and let the documents clients send through."""

from __future__ import annotations

import pytest
from graphql import GraphQLObjectType, get_introspection_query, parse

from boardstate.schema import field_costs as prices
from boardstate.schema.complexity import measure
from boardstate.schema.guard import QueryLimits
from boardstate.schema.root import schema
from boardstate.service.contract import work_costs as costs

LIMIT = QueryLimits().max_cost


def cost(text: str) -> int:
    return measure(schema._schema, parse(text), 100).cost


def test_every_price_names_a_field_of_the_schema() -> None:
    types = schema._schema.type_map
    for (type_name, field_name), price in prices.PRICES.items():
        parent = types[type_name]
        assert isinstance(parent, GraphQLObjectType)
        field = parent.fields[field_name]
        for argument in price.extra:
            assert argument in field.args, (type_name, field_name, argument)
        if price.items_argument is not None:
            assert price.items_argument in field.args


def test_a_fold_is_priced_only_when_a_version_may_be_given() -> None:
    game = costs.GAME_LOAD
    assert cost('{ game(id: "g") { state } }') == game + costs.STATE
    assert cost('{ game(id: "g") { state(version: null) } }') == game + costs.STATE
    folded = game + costs.STATE + costs.FOLD
    assert cost('{ game(id: "g") { state(version: 3) } }') == folded
    assert cost('query($v: Int) { game(id: "g") { state(version: $v) } }') == folded
    picture = cost('{ game(id: "g") { boardSvg(seat: 0, version: 9) } }')
    assert picture == game + costs.PICTURE + costs.FOLD


def test_lists_of_known_length_multiply_their_selection() -> None:
    assert cost("{ gameTypes { id } }") == 1 + costs.GAME_TYPES
    assert cost("{ gameTypes { stateSchema } }") == 1 + costs.GAME_TYPES * 15
    seats = cost('{ game(id: "g") { seats { index name } } }')
    assert seats == costs.GAME_LOAD + 1 + costs.MAX_SEATS * 2
    one = '{ webhook(id: "w") { deliveries%s { status } } }'
    read = costs.STORE_READ
    assert cost(one % "(first: 3)") == read + read + 3
    assert cost(one % "") == read + read + 20  # the argument's default
    assert cost(one % "(first: 5000)") == read + read + costs.MAX_DELIVERIES
    assert cost("query($n: Int!) " + one % "(first: $n)") == read + read + costs.MAX_DELIVERIES


def on_every_game(fields: str, page: str = "(first: 100)") -> str:
    return "{ games" + page + " { edges { node { id " + fields + " } } } }"


def test_the_picture_attack_and_its_variants_cost_far_over_the_limit() -> None:
    attack = on_every_game(" ".join(f"p{i}: boardSvg" for i in range(29)))
    assert cost(attack) == 1 + 100 * (1 + costs.GAME_LOAD + 1 + 29 * costs.PICTURE)
    assert cost(attack) > 40 * LIMIT
    states = " ".join(f"s{i}: state(version: {i + 2})" for i in range(29))
    assert cost(on_every_game(states, "")) > 40 * LIMIT
    hints = " ".join(f"h{i}: suggestMove(seat: 0)" for i in range(3))
    assert cost('{ game(id: "g") { ' + hints + " } }") > LIMIT
    moves = " ".join(f"m{i}: legalMoves(seat: 0)" for i in range(29))
    assert cost(on_every_game(moves)) > LIMIT


@pytest.mark.parametrize(
    "document",
    [
        # docs/security.md's example of nested connections
        "{ games(first: 100) { edges { node { id events(first: 100) { edges { node { version } } } } } } }",
        # tests/api: a page of games with their event counts, the lobby's and the variants' game
        # types, a picture and a past state, the game fields every API test reads
        "{ games(first: 50) { edges { node { id events { totalCount } } } } }",
        "{ gameTypes { id name minPlayers maxPlayers optionsSchema moveSchema provenance } }",
        """{ gameTypes { id maxGameLength playerCounts { players printed rule source }
             variants optionsSchema } }""",
        """{ gameTypes { id name minPlayers maxPlayers rulesVersion maxGameLength
             playerCounts { players printed rule source } variants botPolicies optionsSchema
             moveSchema eventTypes serviceEventTypes eventSchema stateSchema provenance } }""",
        "query($id: ID!, $v: Int) { game(id: $id) { boardSvg(version: $v) state(version: $v) } }",
        "query($id: ID!) { game(id: $id) { id status version toAct seats { index name joined } "
        "legalMoves(seat: 0) state(seat: 0) suggestMove(seat: 0) } }",
        "{ games(first: 100) { edges { node { id status version state seats { name } } } } }",
        get_introspection_query(descriptions=True),
    ],
)
def test_honest_documents_fit_the_default_cost(document: str) -> None:
    assert cost(document) <= LIMIT
