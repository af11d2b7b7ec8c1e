"""`ErrorCode`: every stable error code as a GraphQL enum (issue 19, typed payloads).

`Rejected.code` has this type, so a generated client can check its handling of rejections
exhaustively. The values are the codes themselves (`service.contract.codes.ALL_CODES`), so the
JSON a client receives is the same string as before; the REST API publishes the same list as the
enum of `ProblemOut.code` in its OpenAPI document. A new code is added to
`service.contract.codes` and appears in both at once; removing one is a breaking change of the
API.
"""

from __future__ import annotations

import enum

import strawberry

from boardstate.service.contract.codes import ALL_CODES

_CODES: type[enum.Enum] = enum.Enum("ErrorCode", {c: c for c in ALL_CODES})  # type: ignore[misc]
ErrorCode = strawberry.enum(_CODES, description="A stable error code (docs/api.md, Error codes).")


def error_code(code: str) -> enum.Enum:
    """The enum member of a code; raises `ValueError` for a code not in `service.contract.codes`."""
    return ErrorCode(code)
