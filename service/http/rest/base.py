"""The bases of the REST bodies (`service.http.rest.games.models`): camelCase on the wire.

A response body is the declaration of its shape (issue 28): the OpenAPI component is its JSON
Schema (`msgspec.json.schema_components`), and `out_of` fills it from the view record of the
same shape (`contract.ports`) field by field, by name, so no conversion is written by hand and a
field the body declares that the view lacks fails at once. `tests/schema/test_api_shapes.py`
checks each body against its GraphQL type and its view record.
"""

from __future__ import annotations

import types
from typing import TypeVar

import msgspec


class Body(msgspec.Struct, rename="camel", forbid_unknown_fields=True, omit_defaults=False):
    """Base of every request body: unknown fields are refused (400)."""


class Out(msgspec.Struct, rename="camel"):
    """Base of every response body."""


OutT = TypeVar("OutT", bound=Out)


def out_of(view: object, out: type[OutT], **computed: object) -> OutT:
    """The body `out` of `view` (a view record, nested ones included): each field read from the
    view's attribute of the same name, or from `computed` (a field whose shape differs)."""
    fields = {f: computed[f] if f in computed else getattr(view, f) for f in out.__struct_fields__}
    return msgspec.convert(types.SimpleNamespace(**fields), out, from_attributes=True)
