"""The canonical encoding of states and documents, used for hashes (DESIGN §4 `stateHash`).

`canonical_bytes(x)` is the UTF-8 of compact JSON (`separators=(",", ":")`, keys sorted,
`ensure_ascii=False`) of `encode_value(x)`: dataclasses become objects of their fields, enums
their values, tuples and lists arrays, mapping keys strings. Floats are not allowed in states.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.wire import encode_value


def _keys_to_str(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _keys_to_str(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_keys_to_str(v) for v in value]
    if isinstance(value, float):
        raise TypeError("floats have no canonical encoding here")
    return value


def canonical_bytes(value: Any) -> bytes:
    """Returns the canonical encoding of `value`."""
    plain = _keys_to_str(encode_value(value))
    text = json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")
