"""Measures of a GraphQL document computed in time linear in its size, before any validation.

A fragment can spread another fragment twice, which spreads another twice, and so on: thirty
such fragments fit in a kilobyte and select 2^30 fields. Walking the document with every spread
expanded (as strawberry's depth and alias limiters and graphql-core's validation do) freezes the
event loop. `measure` instead walks every selection of the document exactly once: the measures
of each fragment definition are computed once, memoised, and added wherever it is spread
(fragment cycles are detected on the way). Counts saturate at `SATURATED`, so they stay small
integers whatever the document.

The measures (architecture §5, `docs/security.md`):

* `fragments` — fragment definitions in the document.
* `fields` — the most fields that any one operation or fragment selects with every fragment
  spread in it expanded (the work of validating and planning it).
* `depth` — as strawberry's `QueryDepthLimiter` counts it: a field with a selection set is one
  deeper than its deepest child; leaves and introspection fields (`__schema`, ...) count 0.
* `aliases` — aliased fields over all operations, spreads expanded (as `MaxAliasesLimiter`).
* `cost` — the most work that one operation may ask for, in plain field reads: each field
  counts its price (`schema.field_costs`: 1 for most fields, its measured work for pictures,
  past states, legal moves, reads of the store, ...) once per object it is resolved on, and
  inside a connection (a `...Connection` type with `first`/`last` arguments) the connection's
  page size multiplies everything selected below it. The page size is `first` or `last` as
  the server clamps it (0..page cap, the cap when absent or a variable), the smaller of the
  two when both are given; nested connections multiply, as in GitHub's GraphQL node limit. A
  list of objects with a known largest length (`gameTypes`, `seats`, `deliveries(first:)`)
  multiplies its selection by that length the same way.
* `repeats` — the most times one response name (alias or field name) occurs in one selection
  set once the fragments spread into it are merged: graphql-core's overlapping-fields rule
  compares those fields pairwise, so this bounds its quadratic work.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLField,
    GraphQLInterfaceType,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
    get_named_type,
)
from graphql.type.introspection import SchemaMetaFieldDef, TypeMetaFieldDef

from boardstate.schema.field_costs import PLAIN, items_of, price, weight_of

SATURATED = 1 << 53
"""Counts stop growing here (far above any limit)."""


def _add(a: int, b: int) -> int:
    return min(a + b, SATURATED)


def _mul(a: int, b: int) -> int:
    return min(a * b, SATURATED)


@dataclasses.dataclass(frozen=True, slots=True)
class Tally:
    """The measures of one selection set (relative to its own level, one object)."""

    fields: int = 0
    aliases: int = 0
    depth: int = 0
    cost: int = 0
    repeats: int = 0
    names: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """Response names at this level with their counts, fragments merged (selection sets)."""

    def plus(self, other: Tally) -> Tally:
        """Returns the measures of both selections side by side (`names` is not merged)."""
        return Tally(
            _add(self.fields, other.fields),
            _add(self.aliases, other.aliases),
            max(self.depth, other.depth),
            _add(self.cost, other.cost),
            max(self.repeats, other.repeats),
        )


ZERO = Tally()


@dataclasses.dataclass(slots=True)
class Measures:
    """What `measure` found; `work` counts the selections it visited (linear in the text)."""

    fragments: int = 0
    fields: int = 0
    depth: int = 0
    aliases: int = 0
    cost: int = 0
    repeats: int = 0
    cycle: tuple[str, ...] | None = None
    work: int = 0
    depths: dict[str, int] = dataclasses.field(default_factory=dict)
    """Depth of each operation by name (`anonymous` for an unnamed one)."""
    costs: dict[str, int] = dataclasses.field(default_factory=dict)
    """Cost of each operation by name, as `depths` (what running it is charged,
    `service.contract.points`)."""


class _Walker:
    def __init__(self, schema: GraphQLSchema, document: DocumentNode, page_cap: int) -> None:
        self.schema = schema
        self.page_cap = page_cap
        self.fragments: dict[str, FragmentDefinitionNode] = {}
        for definition in document.definitions:
            if isinstance(definition, FragmentDefinitionNode):
                self.fragments.setdefault(definition.name.value, definition)
        self.done: dict[str, Tally] = {}
        self.active: dict[str, None] = {}  # the fragments being measured, in spread order
        self.cycle: tuple[str, ...] | None = None
        self.work = 0

    def fragment(self, name: str) -> Tally:
        """Returns the memoised measures of a fragment (zero when unknown or in a cycle)."""
        tally = self.done.get(name)
        if tally is not None:
            return tally
        definition = self.fragments.get(name)
        if definition is None:
            return ZERO  # unknown: graphql-core's validation reports it
        if name in self.active:
            if self.cycle is None:
                chain = list(self.active)
                self.cycle = (*chain[chain.index(name) :], name)
            return ZERO
        self.active[name] = None
        parent = self.schema.get_type(definition.type_condition.name.value)
        tally = self.selections(definition.selection_set, parent)
        del self.active[name]
        self.done[name] = tally
        return tally

    def selections(self, selection_set: SelectionSetNode, parent: GraphQLNamedType | None) -> Tally:
        """Returns the measures of a selection set whose objects are of type `parent`."""
        total = ZERO
        names: dict[str, int] = {}
        for selection in selection_set.selections or ():
            self.work += 1
            if isinstance(selection, FieldNode):
                total = total.plus(self.field(selection, parent))
                key = (selection.alias or selection.name).value
                names[key] = _add(names.get(key, 0), 1)
                continue
            if isinstance(selection, FragmentSpreadNode):
                part = self.fragment(selection.name.value)
            elif isinstance(selection, InlineFragmentNode):
                condition = selection.type_condition
                inner = parent if condition is None else self.schema.get_type(condition.name.value)
                part = self.selections(selection.selection_set, inner)
            else:  # pragma: no cover - graphql-core has no other selection
                continue
            total = total.plus(part)
            for key, count in part.names.items():
                names[key] = _add(names.get(key, 0), count)
        repeats = max(total.repeats, max(names.values(), default=0))
        return dataclasses.replace(total, repeats=repeats, names=names)

    def field(self, node: FieldNode, parent: GraphQLNamedType | None) -> Tally:
        name = node.name.value
        definition = self.definition(parent, name)
        aliases = 1 if node.alias is not None else 0
        cost = PLAIN if parent is None else price(parent.name, name)
        weight = min(weight_of(node, cost), SATURATED)
        if node.selection_set is None:
            return Tally(1, aliases, 0, weight)
        child_type = None if definition is None else get_named_type(definition.type)
        inner = self.selections(node.selection_set, child_type)
        depth = 0 if name.startswith("__") else 1 + inner.depth
        size = items_of(node, definition, child_type, cost, self.page_cap)
        return Tally(
            _add(1, inner.fields),
            _add(aliases, inner.aliases),
            depth,
            _add(weight, _mul(size, inner.cost)),
            inner.repeats,
        )

    def definition(self, parent: GraphQLNamedType | None, name: str) -> GraphQLField | None:
        if name == "__schema" and parent is self.schema.query_type:
            return SchemaMetaFieldDef
        if name == "__type" and parent is self.schema.query_type:
            return TypeMetaFieldDef
        if isinstance(parent, GraphQLObjectType | GraphQLInterfaceType):
            found: GraphQLField | None = parent.fields.get(name)
            return found
        return None


def measure(schema: GraphQLSchema, document: DocumentNode, page_cap: int) -> Measures:
    """Returns the measures of `document` (see the module docstring); linear in its size."""
    walker = _Walker(schema, document, page_cap)
    result = Measures(fragments=sum(_is_fragment(d) for d in document.definitions))
    roots: Mapping[str, GraphQLObjectType | None] = {
        "query": schema.query_type,
        "mutation": schema.mutation_type,
        "subscription": schema.subscription_type,
    }
    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode):
            parent = roots[definition.operation.value]
            tally = walker.selections(definition.selection_set, parent)
            name = definition.name.value if definition.name else "anonymous"
            result.depths[name] = max(result.depths.get(name, 0), tally.depth)
            result.costs[name] = max(result.costs.get(name, 0), tally.cost)
            result.depth = max(result.depth, tally.depth)
            result.aliases = _add(result.aliases, tally.aliases)
            result.cost = max(result.cost, tally.cost)
            result.fields = max(result.fields, tally.fields)
            result.repeats = max(result.repeats, tally.repeats)
    for name in walker.fragments:  # unused ones too: validation walks them
        result.fields = max(result.fields, walker.fragment(name).fields)
        result.repeats = max(result.repeats, walker.fragment(name).repeats)
    result.cycle = walker.cycle
    result.work = walker.work
    return result


def _is_fragment(definition: object) -> bool:
    return isinstance(definition, FragmentDefinitionNode)


def operations(document: DocumentNode) -> Iterable[OperationDefinitionNode]:
    """The operations of a document, in order."""
    return (d for d in document.definitions if isinstance(d, OperationDefinitionNode))
