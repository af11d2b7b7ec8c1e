"""Property-based fuzzing of the GraphQL API with schemathesis against a real server process.

Every query and mutation of `schema/schema.graphql` is generated with arbitrary arguments,
the `JSON` scalar (moves, options) included through a strategy of JSON values (with move-like
objects among them). Each answer must be well-formed JSON, never a 5xx, never an internal
error. Bounded: `MAX_EXAMPLES` per operation (the whole module takes well under a minute).
"""

from __future__ import annotations

import collections
from pathlib import Path
from typing import Any

import graphql
import hypothesis
import pytest
import schemathesis
from hypothesis import strategies as st
from schemathesis.checks import CHECKS, not_a_server_error
from schemathesis.graphql import nodes
from schemathesis.graphql.checks import GraphQLClientError, GraphQLServerError
from schemathesis.specs.openapi.checks import positive_data_acceptance

from boardstate.service.http.edge.problems import STATUS
from tests.api.server import ServiceProcess

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("adversarial-fuzz")]

REPO = Path(__file__).resolve().parents[2]
MAX_EXAMPLES = 60
MOVE_TYPES = ("draw", "play", "pass", "build_mine", "deliver", "bid", "place", "choose")
STATUSES: collections.Counter[int] = collections.Counter()

_names = st.from_regex(r"\A[a-zA-Z_][a-zA-Z0-9_]{0,10}\Z")
_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
)


def _node(value: Any) -> graphql.ValueNode:
    """The GraphQL literal of a JSON value."""
    if value is None:
        return nodes.Null
    if isinstance(value, bool):
        return nodes.Boolean(value)
    if isinstance(value, int):
        return nodes.Int(value)
    if isinstance(value, float):
        return nodes.Float(value)
    if isinstance(value, str):
        return nodes.String(value)
    if isinstance(value, list):
        return nodes.List([_node(v) for v in value])
    fields = [
        graphql.ObjectFieldNode(name=graphql.NameNode(value=k), value=_node(v))
        for k, v in value.items()
    ]
    return nodes.Object(fields)


json_values = st.recursive(
    _leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_names, inner, max_size=4),
    max_leaves=12,
)
move_like = st.fixed_dictionaries(
    {"type": st.sampled_from(MOVE_TYPES)},
    optional={"card": st.text(max_size=12), "seat": st.integers(-2, 6), "x": json_values},
)
# Every `JSON` argument of the schema is non-null (`JSON!`) or has a default: a top-level null is
# not a value of it (GraphQL refuses it in validation), nested nulls are.
present = json_values.filter(lambda value: value is not None)
schemathesis.graphql.scalar("JSON", st.one_of(present, move_like).map(_node))

schema = schemathesis.graphql.from_path(REPO / "schema" / "schema.graphql")


@pytest.fixture(scope="module")
def report() -> Any:
    yield STATUSES
    print(f"fuzz: {sum(STATUSES.values())} requests, by status {dict(sorted(STATUSES.items()))}")


SHAPE_CODES = frozenset({"BAD_REQUEST", "BAD_JSON"})
TYPED_REFUSALS = frozenset(c for c, (status, _) in STATUS.items() if status < 500) - SHAPE_CODES
"""The typed refusals of a request the SDL allows: every code the service answers with a 4xx
(its REST status, `service.http.edge.problems.STATUS`), except those of a malformed HTTP request. They
depend on what the SDL cannot say (a token, a game's state, an opaque cursor; and bounds: GraphQL
has no minimum or maxLength, so a negative `first` or an over-long name is `BAD_INPUT`). schemathesis
judges a GraphQL error by its `path` (a resolver's error is a "server error", ST113) and by
Apollo's codes only (a labelled client error on valid input is ST206): a typed code of this set
answers both, any other error fails (an untyped or internal one, a shape code)."""


def _typed(errors: Any) -> bool:
    codes = [(e.get("extensions") or {}).get("code") for e in errors or [{}]]
    return all(code in TYPED_REFUSALS for code in codes)


def _tolerating_typed(check: Any) -> Any:
    def checked(ctx: Any, response: Any, case: Any) -> bool | None:
        try:
            outcome: bool | None = check(ctx, response, case)
        except (GraphQLServerError, GraphQLClientError) as exc:
            if _typed(exc.errors):
                return None
            raise
        return outcome

    checked.__name__ = check.__name__
    return checked


CHECKS_ALL = [
    _tolerating_typed(c) if c in (not_a_server_error, positive_data_acceptance) else c
    for c in CHECKS.get_all()
]


@schema.parametrize()
@hypothesis.settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)
def test_no_operation_fails_on_any_input(case: Any, service: ServiceProcess, report: Any) -> None:
    response = case.call(base_url=f"{service.url}/graphql", timeout=30)
    STATUSES[response.status_code] += 1
    assert response.status_code < 500, response.text[:500]
    body = response.json()
    assert isinstance(body, dict)
    assert set(body) <= {"data", "errors", "extensions"}, body
    for error in body.get("errors") or []:
        assert isinstance(error["message"], str)
        assert error["message"] != "Internal error.", (case.body, body)
        assert len(error["message"]) < 2000
    case.validate_response(response, checks=CHECKS_ALL)
