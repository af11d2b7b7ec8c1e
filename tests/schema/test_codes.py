"""Error codes are unique, spelled like their names, and each is documented in `service.contract.codes`."""

from __future__ import annotations

import boardstate.service.contract.archive_codes as archive_codes
import boardstate.service.contract.codes as codes
import boardstate.service.contract.players.match_codes as match_codes
import boardstate.service.contract.players.player_codes as player_codes
from boardstate.engine.core.errors import ALL_CODES as ENGINE_CODES
from boardstate.engine.core.errors import NotYourTurn


def test_codes_are_unique_and_include_every_engine_code() -> None:
    assert len(set(codes.ALL_CODES)) == len(codes.ALL_CODES)
    assert set(ENGINE_CODES) <= set(codes.ALL_CODES)


def test_every_code_is_documented_in_the_module_docstring() -> None:
    """In `contract.codes`, or the module of its feature's codes (`contract.player_codes`,
    `contract.match_codes`, `contract.archive_codes`)."""
    modules = (codes, player_codes, match_codes, archive_codes)
    doc = "".join(module.__doc__ or "" for module in modules)
    for code in codes.ALL_CODES:
        assert f"`{code}`" in doc, code


def test_api_errors_expose_their_code_as_a_graphql_extension() -> None:
    error = codes.retryable(codes.APPEND_UNCERTAIN, "retry")
    assert error.extensions == {"code": "APPEND_UNCERTAIN", "retryable": True}
    mapped = codes.as_api_error(NotYourTurn("no", {"seat": 1}))
    assert mapped.extensions == {"code": "NOT_YOUR_TURN", "details": {"seat": 1}}


def test_rejected_code_is_the_error_code_enum_of_every_code_and_the_openapi_enum_matches() -> None:
    from graphql import GraphQLEnumType, GraphQLNonNull

    from boardstate.schema.root import schema
    from boardstate.service.http.edge.problems import INTERNAL
    from boardstate.service.http.openapi.document import document

    graphql_schema = schema._schema
    enum_type = graphql_schema.get_type("ErrorCode")
    assert isinstance(enum_type, GraphQLEnumType)
    assert list(enum_type.values) == list(codes.ALL_CODES)
    field = graphql_schema.get_type("Rejected").fields["code"]  # type: ignore[union-attr]
    assert isinstance(field.type, GraphQLNonNull)
    assert field.type.of_type is enum_type
    problem = document()["components"]["schemas"]["ProblemOut"]
    assert problem["properties"]["code"]["enum"] == [*codes.ALL_CODES, INTERNAL]


def test_a_rejection_serialises_its_code_as_the_same_string() -> None:
    from boardstate.schema.results import Rejected

    rejected = Rejected.of(NotYourTurn("no", {"seat": 1}))
    assert rejected.code.value == "NOT_YOUR_TURN"  # type: ignore[attr-defined]
