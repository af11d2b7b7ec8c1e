"""Query depth, alias and token limits refuse abusive documents before any resolver runs."""

from __future__ import annotations

from boardstate.schema.root import make_schema


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
