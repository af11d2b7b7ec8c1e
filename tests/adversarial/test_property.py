"""Property: whatever the document (random fields, aliases, connections, inline fragments,
fragments spreading each other, unknown and cyclic spreads), the guard answers without an
exception after work linear in the text, and its measures agree with a naive expansion."""

from __future__ import annotations

from typing import Any

from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
    parse,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardstate.schema.complexity import measure
from boardstate.schema.guard import Limits, QueryLimits
from boardstate.schema.root import schema
from tests.adversarial.documents import selections

FIELDS = [
    "gameTypes",
    "games(first: 3)",
    "games(first: 1000)",
    "events(last: 2)",
    "events(first: 5, last: 2)",
    "edges",
    "node",
    "id",
    "name",
    'game(id: "g")',
    "__typename",
    "noSuchField",
    "events",
]
FRAGMENTS = ["F0", "F1", "F2", "F3"]
TYPES = ["Query", "Game", "GameType", "GameConnection", "Nope"]

names = st.sampled_from([*FRAGMENTS, "Missing"])


def selection_set(depth: int) -> st.SearchStrategy[str]:
    leaf = st.one_of(
        st.sampled_from(FIELDS),
        st.builds(lambda a, f: f"{a}: {f}", st.sampled_from(["a", "b"]), st.sampled_from(FIELDS)),
        names.map(lambda n: f"...{n}"),
    )
    if depth <= 0:
        item = leaf
    else:
        inner = selection_set(depth - 1)
        item = st.one_of(
            leaf,
            st.builds(lambda f, s: f"{f} {s}", st.sampled_from(FIELDS), inner),
            st.builds(lambda t, s: f"... on {t} {s}", st.sampled_from(TYPES), inner),
        )
    return st.lists(item, min_size=1, max_size=4).map(lambda xs: "{ " + " ".join(xs) + " }")


@st.composite
def documents(draw: st.DrawFn) -> str:
    parts = [draw(st.sampled_from(["query", "query Q", "mutation M", "subscription S"]))]
    parts[0] += " " + draw(selection_set(3))
    for name in draw(st.lists(st.sampled_from(FRAGMENTS), unique=True, max_size=4)):
        parts.append(f"fragment {name} on {draw(st.sampled_from(TYPES))} {draw(selection_set(3))}")
    return "\n".join(parts)


def naive(document: Any) -> tuple[int, int, int] | None:
    """(fields, aliases, depth) of the operations with every spread expanded; None when some
    fragment spreads itself."""
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }

    def walk(node: SelectionSetNode, seen: tuple[str, ...]) -> tuple[int, int, int] | None:
        fields = aliases = depth = 0
        for s in node.selections:
            if isinstance(s, FieldNode):
                sub = (0, 0, 0) if s.selection_set is None else walk(s.selection_set, seen)
                if sub is None:
                    return None
                fields += 1 + sub[0]
                aliases += (s.alias is not None) + sub[1]
                if s.selection_set is not None and not s.name.value.startswith("__"):
                    depth = max(depth, 1 + sub[2])
                continue
            if isinstance(s, FragmentSpreadNode):
                name = s.name.value
                if name in seen:
                    return None
                if name not in fragments:
                    continue
                sub = walk(fragments[name].selection_set, (*seen, name))
            else:
                assert isinstance(s, InlineFragmentNode)
                sub = walk(s.selection_set, seen)
            if sub is None:
                return None
            fields, aliases, depth = fields + sub[0], aliases + sub[1], max(depth, sub[2])
        return fields, aliases, depth

    for name, fragment in fragments.items():  # a cycle anywhere is an error
        if walk(fragment.selection_set, (name,)) is None:
            return None
    total = [0, 0, 0]
    for d in document.definitions:
        if isinstance(d, OperationDefinitionNode):
            sub = walk(d.selection_set, ())
            if sub is None:
                return None
            total = [max(total[0], sub[0]), total[1] + sub[1], max(total[2], sub[2])]
    return total[0], total[1], total[2]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_the_guard_answers_every_document_after_linear_work(text: str) -> None:
    document = parse(text)
    found = measure(schema._schema, document, page_cap=100)
    assert found.work <= selections(text)
    expected = naive(document)
    assert (expected is None) == (found.cycle is not None)
    if expected is not None:
        fields, aliases, depth = expected
        assert found.aliases == aliases
        assert found.depth == depth
        assert found.fields >= fields  # also counts fragments no operation spreads
    limits = Limits(QueryLimits(max_fields=60, max_cost=2000))
    refused = limits.check(schema._schema, text)
    if not refused:
        assert isinstance(limits.validate(schema._schema, text, ()), list)
