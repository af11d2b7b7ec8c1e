"""Error codes are unique, spelled like their names, and each is documented in `schema.codes`."""

from __future__ import annotations

import boardstate.schema.codes as codes
from boardstate.engine.core.errors import ALL_CODES as ENGINE_CODES
from boardstate.engine.core.errors import NotYourTurn


def test_codes_are_unique_and_include_every_engine_code() -> None:
    assert len(set(codes.ALL_CODES)) == len(codes.ALL_CODES)
    assert set(ENGINE_CODES) <= set(codes.ALL_CODES)


def test_every_code_is_documented_in_the_module_docstring() -> None:
    doc = codes.__doc__ or ""
    for code in codes.ALL_CODES:
        assert f"`{code}`" in doc, code


def test_api_errors_expose_their_code_as_a_graphql_extension() -> None:
    error = codes.retryable(codes.APPEND_UNCERTAIN, "retry")
    assert error.extensions == {"code": "APPEND_UNCERTAIN", "retryable": True}
    mapped = codes.as_api_error(NotYourTurn("no", {"seat": 1}))
    assert mapped.extensions == {"code": "NOT_YOUR_TURN", "details": {"seat": 1}}
