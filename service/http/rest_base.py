"""The bases of the REST bodies (`service.http.rest_models`): camelCase on the wire."""

from __future__ import annotations

import msgspec


class Body(msgspec.Struct, rename="camel", forbid_unknown_fields=True, omit_defaults=False):
    """Base of every request body: unknown fields are refused (400)."""


class Out(msgspec.Struct, rename="camel"):
    """Base of every response body."""
