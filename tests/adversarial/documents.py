"""Hostile GraphQL documents shared by the adversarial tests."""

from __future__ import annotations


def fragment_bomb(levels: int = 30) -> str:
    """Returns a query of `levels` fragments, each spreading the previous one twice: about
    1 KB of text that selects 2^levels fields once expanded."""
    parts = ["fragment F0 on Query { gameTypes { id } }"]
    parts += [f"fragment F{i} on Query {{ ...F{i - 1} ...F{i - 1} }}" for i in range(1, levels + 1)]
    return f"query Bomb {{ ...F{levels} }}\n" + "\n".join(parts)


def selections(document: str) -> int:
    """Returns the number of selections written in a document (fields and spreads)."""
    from graphql import FieldNode, FragmentSpreadNode, InlineFragmentNode, parse, visit
    from graphql.language import Visitor

    class Count(Visitor):
        total = 0

        def enter(self, node: object, *args: object) -> None:
            if isinstance(node, FieldNode | FragmentSpreadNode | InlineFragmentNode):
                Count.total += 1

    counter = Count()
    visit(parse(document), counter)
    return counter.total
