"""The caller's token comes from `Authorization: Bearer` or the websocket connection_init."""

from __future__ import annotations

from typing import Any, cast

import pytest

from boardstate.schema.context import Context
from boardstate.service.contract.tokens import bearer_token


@pytest.mark.parametrize(
    ("header", "token"),
    [
        ("Bearer abc", "abc"),
        ("bearer   abc ", "abc"),
        ("Basic abc", None),
        ("Bearer", None),
        ("", None),
        (None, None),
    ],
)
def test_bearer_token_parsing(header: str | None, token: str | None) -> None:
    assert bearer_token(header) == token


def context(header: str | None = None, params: dict[str, Any] | None = None) -> Context:
    return Context(
        backend=cast(Any, None), request_id="r", header_token=header, connection_params=params
    )


def test_connection_params_may_carry_an_authorization_value_or_a_token() -> None:
    assert context(params={"Authorization": "Bearer t1"}).token == "t1"
    assert context(params={"authorization": "Bearer t2"}).token == "t2"
    assert context(params={"token": "t3"}).token == "t3"


def test_without_connection_params_the_header_token_counts() -> None:
    assert context(header="h").token == "h"
    assert context(header=None, params={}).token is None
