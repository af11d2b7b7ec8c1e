"""What each GraphQL field costs in the query cost (`schema.complexity`), in plain field reads.

A field costs 1 (reading an attribute of an object already loaded) unless `PRICES` says more:
the weight is the service's CPU time for resolving that field once, divided by the CPU time of a
plain field read, as measured by `bench/field_costs.py` on the service over HTTP (the measured
weights, which REST prices its routes with too: `service.contract.work_costs`; the table of
figures and how they were taken: docs/security.md, "Cost"). A field whose work depends
on an argument has an `extra` weight added when that argument is given (`state(version:)` folds
the log from the nearest snapshot or checkpoint, the current version needs no fold). A list
field whose items are objects multiplies the cost of its selection by its largest length, as a
connection multiplies by its page size (GitHub's node limit counts those only; a list of game
types or seats is as bounded and as real).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from graphql import FieldNode, GraphQLField, GraphQLNamedType, IntValueNode, NullValueNode

from boardstate.service.contract.work_costs import (
    ANALYSIS,
    CHECK_MOVE,
    FOLD,
    GAME_LOAD,
    GAME_TYPES,
    HINT,
    LEGAL_MOVES,
    MAX_DELIVERIES,
    MAX_OPEN_SEEKS,
    MAX_SEATS,
    MAX_WEBHOOKS,
    PICTURE,
    RATINGS_PAGE,
    STATE,
    STORE_READ,
    WRITE,
)


@dataclasses.dataclass(frozen=True, slots=True)
class Price:
    """The cost of resolving one field once (see the module docstring)."""

    weight: int = 1
    extra: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """Added when the named argument is given and not null (a variable counts as given)."""
    items: int = 1
    """For a list of objects: its largest length (the selection below counts once per item)."""
    items_argument: str | None = None
    """The argument that sets the length (clamped to 0..`items`; its default when absent)."""


PLAIN = Price()

_WRITES = (
    "createGame",
    "forkGame",
    "joinGame",
    "submitMove",
    "resign",
    "leaveGame",
    "requestTakeback",
    "answerTakeback",
    "abortGame",
    "reissueSeatToken",
    "replaceSeat",
    "createWebhook",
    "updateWebhook",
    "deleteWebhook",
    "resendWebhookDelivery",
    "createSeek",
    "cancelSeek",
    "createChallenge",
    "acceptChallenge",
    "declineChallenge",
    "cancelChallenge",
    "rematch",
    "createPlayer",
    "updatePlayer",
    "refreshPlayerToken",
    "revokePlayerTokens",
)

PRICES: Mapping[tuple[str, str], Price] = {
    ("Query", "game"): Price(GAME_LOAD),
    ("GameEdge", "node"): Price(GAME_LOAD),
    ("Query", "gameTypes"): Price(items=GAME_TYPES),
    ("Query", "validateMove"): Price(CHECK_MOVE),
    ("Query", "leaderboard"): Price(STORE_READ),
    ("Leaderboard", "entries"): Price(items=RATINGS_PAGE),
    ("Query", "playerRatings"): Price(STORE_READ, items=GAME_TYPES),
    ("Query", "ratingHistory"): Price(STORE_READ),
    ("RatingHistory", "entries"): Price(items=RATINGS_PAGE),
    ("Query", "webhooks"): Price(STORE_READ, items=MAX_WEBHOOKS),
    ("Query", "webhook"): Price(STORE_READ),
    ("Query", "seeks"): Price(STORE_READ, items=MAX_OPEN_SEEKS),
    ("Query", "seek"): Price(STORE_READ),
    ("Query", "challenge"): Price(STORE_READ),
    ("Query", "challenges"): Price(STORE_READ),
    ("Player", "games"): Price(STORE_READ),
    ("Webhook", "deliveries"): Price(STORE_READ, items=MAX_DELIVERIES, items_argument="first"),
    ("Game", "seats"): Price(items=MAX_SEATS),
    ("Game", "state"): Price(STATE, {"version": FOLD}),
    ("Game", "boardSvg"): Price(PICTURE, {"version": FOLD}),
    ("Game", "legalMoves"): Price(LEGAL_MOVES),
    ("Game", "describedMoves"): Price(LEGAL_MOVES),
    ("Game", "events"): Price(STORE_READ),
    ("Game", "suggestMove"): Price(HINT),
    ("Game", "analysis"): Price(ANALYSIS),
    # Computed once per process (`service.contract.type_facts`): what is left is encoding them.
    ("GameType", "optionsSchema"): Price(5),
    ("GameType", "moveSchema"): Price(10),
    ("GameType", "eventSchema"): Price(30),
    ("GameType", "stateSchema"): Price(15),
    ("GameType", "variants"): Price(5),
    ("GameType", "provenance"): Price(10),
    # What the operation's charge left (`schema.rate_limit`): free, as on GitHub.
    ("Query", "rateLimit"): Price(0),
    **{("RateLimit", name): Price(0) for name in ("cost", "limit", "remaining", "used", "resetAt")},
    **{("Mutation", name): Price(WRITE) for name in _WRITES},
}
"""The fields that cost more than a plain read (type name, field name)."""


def price(parent: str, field: str) -> Price:
    """Returns the price of `parent.field` (`PLAIN` for most fields)."""
    return PRICES.get((parent, field), PLAIN)


def weight_of(node: FieldNode, cost: Price) -> int:
    """The weight of one resolution of `node`: its price plus the extras of its arguments."""
    return cost.weight + sum(w for name, w in cost.extra.items() if _given(node, name))


def items_of(
    node: FieldNode,
    definition: GraphQLField | None,
    child: GraphQLNamedType | None,
    cost: Price,
    page_cap: int,
) -> int:
    """How many items a connection or a priced list may return (1 for other fields). A
    connection's page is `first` or `last` clamped to 0..`page_cap` (the cap when absent or a
    variable), the smaller of the two when both are given."""
    if definition is None or child is None:
        return 1
    if not child.name.endswith("Connection"):
        return _list_size(node, definition, cost)
    paging = [a for a in ("first", "last") if a in definition.args]
    if not paging:
        return 1
    size = page_cap
    for argument in node.arguments or ():
        if argument.name.value in paging and isinstance(argument.value, IntValueNode):
            size = min(size, max(0, int(argument.value.value)))
    return size


def _given(node: FieldNode, name: str) -> bool:
    """Tells whether the field gives the argument `name` (a literal null is not given; a
    variable may hold anything, so it is)."""
    return any(
        a.name.value == name and not isinstance(a.value, NullValueNode)
        for a in node.arguments or ()
    )


def _list_size(node: FieldNode, definition: GraphQLField, cost: Price) -> int:
    """The largest length of a priced list: `items`, or its argument clamped to 0..`items`."""
    name = cost.items_argument
    if name is None:
        return cost.items
    for argument in node.arguments or ():
        if argument.name.value == name:
            value = argument.value
            if isinstance(value, IntValueNode):
                return min(cost.items, max(0, int(value.value)))
            return cost.items
    found = definition.args.get(name)
    default = None if found is None else found.default_value
    return min(cost.items, max(0, default)) if isinstance(default, int) else cost.items
