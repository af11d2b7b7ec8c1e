"""docs/adding-a-route.md runs: its code blocks, in order and in one namespace, declare a route
and show what is generated from the declaration (their asserts are the checks)."""

from __future__ import annotations

from tests.doc_blocks import blocks


def test_the_recipe_runs() -> None:
    found = blocks("adding-a-route.md")
    assert len(found) == 2
    namespace: dict[str, object] = {"__name__": "adding_a_route"}
    for _, code in found:
        exec(compile(code, "docs/adding-a-route.md", "exec"), namespace)
    assert "GET_VERSION" in namespace


def test_the_route_documents_no_code_block_of_another_language() -> None:
    assert blocks("adding-a-route.md", "") == []
    assert blocks("adding-a-route.md", "bash") == []
