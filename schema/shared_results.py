"""The `gameEvents` subscription's events executed once per distinct view and selection, not
once per subscriber (issue 38, "one stream core"; `service.features.live.prepared_events`).

The stream core hands every subscriber of one view (a seat's, the spectators', by language
and `withState`) the same prepared `EventView` object for an event. `shared_event` turns it
into one `SharedEvent` for all of them (kept by the view object's identity), and
`SharedResults`, the schema's graphql-core executor, keeps the result of running a
subscription's selection over a `SharedEvent` on the event itself, by the operation (the
parsed document, shared by every subscriber that sends the same text: `schema.guard.Limits`)
and the values of the variables the selection uses. So a thousand spectators with the same
document cost one selection per event, and strawberry only wraps and frames the result for
each. A seat's subscription never meets another view's results: they live on its view's own
event. The arguments of the root field (`gameId`, `afterVersion`, `withState`) pick the stream
and so the view; they do not change what the selection makes of an event, so they are not
part of the key. A result with errors is not kept (each subscriber's runs again), nor more than
`RESULTS_PER_EVENT` results on one event.

This holds because every field under `Event` (its `header` included) is read off the view,
never off the request (`info.context`: the token, the caller): a field that depended on the
caller would have to be keyed by it here, or resolved outside `Event`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Hashable
from typing import Any, cast

from graphql import (
    ExecutionResult,
    FieldNode,
    Node,
    OperationDefinitionNode,
    VariableNode,
    Visitor,
    visit,
)
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from boardstate.schema.events import Event
from boardstate.service.contract.ports import EventView

SHARED = 512
"""Events kept shared (by their view object) in one process, oldest dropped; as many as the
stream core keeps prepared (`service.features.live.prepared_events.PREPARED`)."""

RESULTS_PER_EVENT = 8
"""Selections kept on one shared event (the first ones run; a ninth document or set of
variable values is executed for its subscriber and not kept), so subscribers that each send a
document of their own cannot make the process keep a result per subscriber and event
(docs/security.md)."""


class SharedEvent(Event):
    """An `Event` every subscriber of one view is handed; `results`: its executed selections
    (`SharedResults`), by operation and the values of the variables the selection uses. Not
    a strawberry type of its own: to GraphQL it is an `Event`."""

    results: dict[Hashable, tuple[OperationDefinitionNode, ExecutionResult]]


class SharedEvents:
    """The `SharedEvent` of each prepared view object, by its identity (the object is kept,
    so its identity is not reused while it is here)."""

    def __init__(self, size: int = SHARED) -> None:
        self.size = size
        self._items: OrderedDict[int, tuple[EventView, SharedEvent]] = OrderedDict()
        self.executed = 0
        """Selections executed over a shared event (a view's first subscriber per document)."""
        self.reused = 0
        """Selections another subscriber of the same view and document had executed."""

    def of(self, view: EventView) -> SharedEvent:
        found = self._items.get(id(view))
        if found is not None and found[0] is view:
            return found[1]
        event = cast(SharedEvent, SharedEvent.of(view))  # `of` makes its `cls`
        event.results = {}
        self._items[id(view)] = (view, event)
        if len(self._items) > self.size:
            self._items.popitem(last=False)
        return event


SHARED_EVENTS = SharedEvents()


def shared_event(view: EventView) -> Event:
    """The event every subscriber of `view`'s view is handed (see the module)."""
    return SHARED_EVENTS.of(view)


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def enter_variable(self, node: VariableNode, *_: Any) -> None:
        self.names.add(node.name.value)


_USED: dict[int, tuple[OperationDefinitionNode, tuple[str, ...]]] = {}


def selection_variables(
    operation: OperationDefinitionNode, fragments: dict[str, Any]
) -> tuple[str, ...]:
    """The variables the operation's selection uses below (and on) its root fields, not in
    their arguments; any fragment's variables count (kept per operation)."""
    found = _USED.get(id(operation))
    if found is not None and found[0] is operation:
        return found[1]
    visitor = _Variables()
    parts: list[Node] = list(fragments.values())
    for selection in operation.selection_set.selections:
        if isinstance(selection, FieldNode):
            parts.extend(selection.directives or ())
            if selection.selection_set is not None:
                parts.append(selection.selection_set)
        else:
            parts.append(selection)
    for part in parts:
        visit(part, visitor)
    names = tuple(sorted(visitor.names))
    if len(_USED) >= SHARED:
        _USED.clear()
    _USED[id(operation)] = (operation, names)
    return names


class SharedResults(StrawberryGraphQLCoreExecutionContext):
    """The schema's executor: a subscription event that is a `SharedEvent` is executed once
    per operation and selection variables, its result kept on the event (see the module)."""

    def execute_operation(self, serially: bool | None = None) -> Any:
        event = self.root_value
        if not isinstance(event, SharedEvent):
            return super().execute_operation(serially)
        operation = self.operation
        variables = self.variable_values.coerced
        used = selection_variables(operation, self.fragment_definitions)
        key = (id(operation), *(repr(variables.get(name)) for name in used))
        found = event.results.get(key)
        if found is not None and found[0] is operation:
            SHARED_EVENTS.reused += 1
            return found[1]
        SHARED_EVENTS.executed += 1
        result = super().execute_operation(serially)
        if isinstance(result, Awaitable):
            return _kept(event, key, operation, result)
        _keep(event, key, operation, result)
        return result


def _keep(
    event: SharedEvent, key: Hashable, operation: OperationDefinitionNode, result: Any
) -> None:
    kept = event.results
    if isinstance(result, ExecutionResult) and not result.errors and len(kept) < RESULTS_PER_EVENT:
        kept[key] = (operation, result)


async def _kept(
    event: SharedEvent, key: Hashable, operation: OperationDefinitionNode, result: Awaitable[Any]
) -> Any:
    done = await result
    _keep(event, key, operation, done)
    return done
