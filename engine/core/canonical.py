"""The canonical encoding of states and documents, used for hashes (DESIGN §4 `stateHash`).

`canonical_bytes(x)` is the UTF-8 of compact JSON (`separators=(",", ":")`, keys sorted,
`ensure_ascii=False`) of `encode_value(x)`: dataclasses become objects of their fields, enums
their values, tuples and lists arrays, mapping keys strings. States hold no floats (their text
form is not canonical across languages); the conformance suite checks every game's states.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.wire import encode_value


def canonical_bytes(value: Any) -> bytes:
    """Returns the canonical encoding of `value`."""
    text = json.dumps(
        encode_value(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return text.encode("utf-8")
