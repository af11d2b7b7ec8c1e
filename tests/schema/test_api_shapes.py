"""One declaration per API shape (issue 28): each REST response body (a msgspec Struct of
`service.http`) is the declaration of its shape. Its OpenAPI component is generated from it, its
values are filled from the view record by name (`rest_base.out_of`); this test holds the
GraphQL type, the committed OpenAPI component and the view record to it field by field: names
(camelCase on the wire), types and nullability. A field added in one place and not the others
fails here, unless `EXCEPTIONS` says why that one field differs.

`tests/schema/test_api_routes.py` does the same for routes."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec
import pytest
from graphql import GraphQLEnumType, GraphQLObjectType

from boardstate.schema.root import schema
from boardstate.service.contract import ports
from boardstate.service.contract.players import match_ports
from boardstate.service.contract.webhooks import webhook_ports
from boardstate.service.http.rest.games import models as m
from boardstate.service.http.rest.games.game_types import GameTypeOut, PlayerCountOut
from boardstate.service.http.rest.matchmaking import models as mm
from boardstate.service.http.rest.table import models as t
from boardstate.service.http.rest.webhooks import handlers as w
from boardstate.service.http.streams.stream_models import HeaderOut

OPENAPI = json.loads(
    (Path(__file__).resolve().parents[2] / "schema" / "openapi.json").read_text(encoding="utf-8")
)


@dataclasses.dataclass(frozen=True)
class Shape:
    body: type[msgspec.Struct]
    graphql: str
    view: type[Any] | None = None
    computed: frozenset[str] = frozenset()
    """Body fields not read from the view by name (the seats: names and standings)."""
    graphql_only: frozenset[str] = frozenset()
    """Fields with arguments that REST serves at routes of their own."""


SHAPES = (
    Shape(
        m.GameOut,
        "Game",
        ports.GameView,
        frozenset({"seats"}),
        frozenset({"suggestMove", "state", "boardSvg", "legalMoves", "describedMoves", "events"}),
    ),
    Shape(t.SeatOut, "Seat", ports.SeatStanding, frozenset({"index", "name", "joined"})),
    Shape(t.ClockOut, "GameClock", ports.ClockView),
    Shape(t.SeatClockOut, "SeatClock", ports.SeatClock),
    Shape(t.TakebackOut, "TakebackRequest", ports.TakebackView),
    Shape(m.ResultOut, "GameResult", ports.ResultView),
    Shape(m.ForkOriginOut, "ForkOrigin", ports.ForkOrigin),
    Shape(m.EventOut, "Event", ports.EventView),
    Shape(HeaderOut, "GameHeader", ports.HeaderView),
    Shape(
        w.WebhookOut, "Webhook", webhook_ports.WebhookView, graphql_only=frozenset({"deliveries"})
    ),
    Shape(w.DeliveryOut, "WebhookDelivery", webhook_ports.DeliveryView),
    Shape(GameTypeOut, "GameType"),
    Shape(PlayerCountOut, "PlayerCount"),
    Shape(mm.SeekOut, "Seek", match_ports.SeekView),
    Shape(mm.ChallengeOut, "Challenge", match_ports.ChallengeView),
    Shape(mm.RematchOut, "Rematch", match_ports.RematchView),
)
NAMES: dict[type[Any], str] = {s.body: s.graphql for s in SHAPES} | {
    s.view: s.graphql for s in SHAPES if s.view is not None
}
EXCEPTIONS: dict[tuple[str, str], tuple[str | None, str | None]] = {
    ("Game", "gameType"): ("String!", "GameType!"),
    ("GameType", "variants"): ("[JSON!]!", "JSON!"),
    ("GameType", "botPolicies"): (None, "[String!]!"),
    # A finished game's analysis: computed in the background, at a route of its own on REST
    # (`GET /v1/games/{id}/analysis`), never part of a game's body.
    ("Game", "analysis"): (None, "JSON!"),
    ("Event", "header"): (None, "GameHeader"),
    **{
        (kind, field): types
        for kind in ("Seek", "Challenge")
        for field, types in (
            ("options", ("JSON!", "JSON")),
            ("createdAt", ("Int!", "Float!")),
            ("expiresAt", ("Int!", "Float!")),
        )
    },
}
"""(REST, GraphQL; None: absent) where the two differ, each on purpose or kept for the wire:
a game's body carries its type's id, the GraphQL field the `GameType` object; REST's variants
are a list of objects where GraphQL has one JSON value, and REST has no botPolicies yet (each
change would change the wire, which issue 28 keeps byte-identical). An event's `header` is only
on streamed events: REST's streamed body is `StreamEventOut` (`HeaderOut`, the `GameHeader`
shape), its pages of events have none; GraphQL's `Event.header` is null on them. A seek's or
challenge's times are epoch milliseconds, past GraphQL's 32-bit `Int` (a `Float` there), and
their `options` may be null (REST's `Any` takes null too)."""
VIEW_EXCEPTIONS = {("Game", "status"): "String!", ("GameHeader", "status"): "String!"}
"""View record fields typed looser than the body: the status is a `str` there, which the
body's `Literal` checks when it is filled (`out_of`)."""
IDS = {"id", "gameId"}
"""Strings that GraphQL types as `ID`."""


def of_msgspec(t: msgspec.inspect.Type, name: str) -> str:
    """A body field's type written as GraphQL writes it."""
    if isinstance(t, msgspec.inspect.UnionType):
        (inner,) = [x for x in t.types if not isinstance(x, msgspec.inspect.NoneType)]
        return of_msgspec(inner, name).removesuffix("!")
    if isinstance(t, msgspec.inspect.ListType):
        return f"[{of_msgspec(t.item_type, name)}]!"
    if isinstance(t, msgspec.inspect.StructType):
        return f"{NAMES[t.cls]}!"
    if isinstance(t, msgspec.inspect.LiteralType):
        return f"enum{sorted(t.values)}!"
    scalars = {
        msgspec.inspect.IntType: "Int",
        msgspec.inspect.FloatType: "Float",
        msgspec.inspect.BoolType: "Boolean",
        msgspec.inspect.DictType: "JSON",
        msgspec.inspect.AnyType: "JSON",
        msgspec.inspect.StrType: "ID" if name in IDS else "String",
    }
    return scalars[type(t)] + "!"


def of_python(hint: Any, name: str) -> str:
    """A view record field's type written as GraphQL writes it."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return of_python(args[0], name).removesuffix("!")
    if origin in (tuple, list):
        return f"[{of_python(args[0], name)}]!"
    if origin in (dict, Mapping) or hint is Any:
        return "JSON!"
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return f"{NAMES[hint]}!"
    return {int: "Int", float: "Float", bool: "Boolean", str: "ID" if name in IDS else "String"}[
        hint
    ] + "!"


def of_graphql(field_type: Any) -> str:
    """A GraphQL field's type, enums written as their values."""
    text = str(field_type)
    named = schema._schema.get_type(text.strip("[]!"))
    if isinstance(named, GraphQLEnumType):
        return text.replace(named.name, f"enum{sorted(named.values)}")
    return text


def fields(shape: Shape) -> list[msgspec.inspect.Field]:
    info = msgspec.inspect.type_info(shape.body)
    assert isinstance(info, msgspec.inspect.StructType)
    return list(info.fields)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.graphql)
def test_the_graphql_type_has_the_fields_of_the_body(shape: Shape) -> None:
    gql = schema._schema.get_type(shape.graphql)
    assert isinstance(gql, GraphQLObjectType)
    theirs = {name: of_graphql(f.type) for name, f in gql.fields.items()}
    ours = {f.encode_name: of_msgspec(f.type, f.encode_name) for f in fields(shape)}
    for name, (rest, graphql) in EXCEPTIONS.items():
        if name[0] == shape.graphql:
            assert (ours.pop(name[1], None), theirs.pop(name[1], None)) == (rest, graphql)
    assert {k: v for k, v in theirs.items() if k not in shape.graphql_only} == ours
    assert all(gql.fields[name].args for name in shape.graphql_only)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.graphql)
def test_the_committed_openapi_component_is_the_body(shape: Shape) -> None:
    component = OPENAPI["components"]["schemas"][shape.body.__name__]
    ours = fields(shape)
    assert list(component["properties"]) == [f.encode_name for f in ours]
    assert component.get("required", []) == [f.encode_name for f in ours if f.required]
    for f in ours:
        prop = component["properties"][f.encode_name]
        nullable = {"type": "null"} in prop.get("anyOf", [])
        assert nullable == (not of_msgspec(f.type, f.encode_name).endswith("!")), f.name


@pytest.mark.parametrize("shape", [s for s in SHAPES if s.view], ids=lambda s: s.graphql)
def test_the_view_record_has_the_fields_of_the_body(shape: Shape) -> None:
    assert shape.view is not None
    hints = typing.get_type_hints(shape.view)
    for f in fields(shape):
        if f.name in shape.computed:
            assert f.name not in hints or shape.view is ports.GameView, f.name
            continue
        assert f.name in hints, f"{shape.view.__name__} lacks {f.name}"
        theirs = of_python(hints[f.name], f.encode_name)
        ours = of_msgspec(f.type, f.encode_name)
        if (shape.graphql, f.encode_name) in VIEW_EXCEPTIONS:
            ours = VIEW_EXCEPTIONS[shape.graphql, f.encode_name]
        # A view may be narrower than the body (never null where the body allows null).
        assert theirs in (ours, f"{ours}!"), f.name
