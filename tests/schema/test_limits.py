"""Query depth, alias and token limits refuse abusive documents before any resolver runs."""

from __future__ import annotations

from boardstate.schema.root import make_schema
from boardstate.service.contract.work_costs import GAME_LOAD, STORE_READ


def messages(query: str) -> list[str]:
    result = make_schema(max_depth=3, max_aliases=3, max_tokens=200).execute_sync(query)
    return [e.message for e in result.errors or []]


def test_a_deep_query_is_refused() -> None:
    deep = "{ games { edges { node { gameType { id } } } } }"
    assert any("exceeds maximum operation depth" in m for m in messages(deep))


def test_too_many_aliases_are_refused() -> None:
    query = "{ a: gameTypes { id } b: gameTypes { id } c: gameTypes { id } d: gameTypes { id } }"
    assert any("aliases" in m for m in messages(query))


def test_a_huge_document_is_refused() -> None:
    query = "{ " + " ".join("gameTypes { id }" for _ in range(100)) + " }"
    assert any("token" in m.lower() for m in messages(query))


def test_game_types_resolve_without_a_backend() -> None:
    result = make_schema().execute_sync("{ gameTypes { id minPlayers maxPlayers rulesVersion } }")
    assert result.errors is None
    assert result.data is not None
    assert {"id": "trambahn", "minPlayers": 2, "maxPlayers": 2, "rulesVersion": "1.0.0"} in (
        result.data["gameTypes"]
    )


def refusal(query: str, **limits: int) -> dict[str, object]:
    result = make_schema(**limits).execute_sync(query)
    [error] = result.errors or []
    assert result.data is None
    return dict(error.extensions or {})


def test_each_refusal_names_its_limit_and_value() -> None:
    deep = "{ games { edges { node { gameType { id } } } } }"
    assert refusal(deep, max_depth=3) == {
        "code": "QUERY_TOO_COMPLEX",
        "measure": "depth",
        "limit": 3,
        "value": 4,
    }
    aliases = "{ a: gameTypes { id } b: gameTypes { id } }"
    assert refusal(aliases, max_aliases=1)["measure"] == "aliases"
    assert refusal("{" + " gameTypes { id }" * 30 + "}", max_tokens=20)["measure"] == "tokens"
    fragments = "{ ...A } fragment A on Query { ...B } fragment B on Query { gameTypes { id } }"
    assert refusal(fragments, max_fragments=1) == {
        "code": "QUERY_TOO_COMPLEX",
        "measure": "fragments",
        "limit": 1,
        "value": 2,
    }
    assert refusal("{ gameTypes { id name } }", max_fields=2)["value"] == 3


def test_connections_weigh_their_clamped_page_size_multiplied_when_nested() -> None:
    nested = (
        "{ games(first: %d) { edges { node { events(last: 5) { edges { node { version } } } } } } }"
    )
    # games 1, then per game: edges 1, node (a game loaded) and events (a read of the log)
    # their prices, and 5 x 3 below events
    game = 1 + GAME_LOAD + STORE_READ + 5 * 3
    assert refusal(nested % 10, max_cost=100)["value"] == 1 + 10 * game
    assert refusal(nested % 10_000, max_cost=100)["value"] == 1 + 100 * game
    assert refusal(nested % 10_000, max_cost=100, page_cap=7)["value"] == 1 + 7 * game


def test_the_introspection_query_fits_the_default_limits() -> None:
    from graphql import get_introspection_query

    result = make_schema().execute_sync(get_introspection_query(descriptions=True))
    assert result.errors is None


def test_settings_carry_the_document_limits() -> None:
    from boardstate.service.settings import Settings

    env = {
        "BOARDSTATE_MAX_FRAGMENTS": "7",
        "BOARDSTATE_MAX_FIELDS": "8",
        "BOARDSTATE_MAX_COST": "9",
    }
    settings = Settings.from_env(env)
    assert (settings.max_fragments, settings.max_fields, settings.max_cost) == (7, 8, 9)
    default = Settings.from_env({})
    assert (default.max_fragments, default.max_fields, default.max_cost) == (100, 500, 50_000)
