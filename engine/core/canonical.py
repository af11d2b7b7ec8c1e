"""The canonical encoding of states and documents, used for hashes (architecture §4 `stateHash`).

`canonical_bytes(x)` is the UTF-8 of compact JSON (`separators=(",", ":")`, keys sorted,
`ensure_ascii=False`) of `encode_value(x)`: dataclasses become objects of their fields, enums
their values, tuples and lists arrays, mapping keys strings. States hold no floats (their text
form is not canonical across languages); the conformance suite checks every game's states.

The text is written directly, by one writer per runtime type, and the text of immutable parts
is remembered: a frozen dataclass, or a tuple of `MEMO_MIN_ITEMS` or more items, whose text
met no list, mapping or other value of uncertain mutability is kept by identity. The state
after an event shares most of its parts with the state before, so only what changed is
written again. The memo holds the values it describes (so no other value can take the id of
one while its text is kept) and is emptied when it reaches `MEMO_SIZE` entries.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Callable, Mapping
from json.encoder import encode_basestring
from typing import Any

from boardstate.engine.core.wire import KEEP as _KEEP
from boardstate.engine.core.wire import encode_value, field_filter

MEMO_SIZE = 20_000
MEMO_MIN_ITEMS = 8

_Writer = Callable[[Any], str]
_WRITERS: dict[type, _Writer] = {}
_MEMO: dict[int, tuple[Any, str]] = {}
_UNSURE = [0]
"""Counts texts of values that may change (lists, mappings, anything unknown): a part whose
count did not move while it was written holds none of them."""


def canonical_bytes(value: Any) -> bytes:
    """Returns the canonical encoding of `value`."""
    return _text(value).encode("utf-8")


def _text(value: Any) -> str:
    kind = type(value)
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer(kind)
    return writer(value)


def _remember(value: Any, text: str) -> None:
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    _MEMO[id(value)] = (value, text)


def _unsure(value: Any) -> str:
    """Any other value, as `json.dumps` writes its `encode_value` form."""
    _UNSURE[0] += 1
    wire = encode_value(value)
    return json.dumps(wire, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _object_writer(kind: type) -> _Writer:
    fields = sorted(field_filter(kind), key=lambda pair: pair[0])
    pairs = [(encode_basestring(name) + ":", name) for name, _ in fields]
    optional = [(encode_basestring(name) + ":", name, default) for name, default in fields]
    frozen = bool(getattr(kind, "__dataclass_params__").frozen)  # noqa: B009
    plain = all(default is _KEEP for _, default in fields)

    def items(value: Any) -> list[str]:
        if plain:
            return [key + _text(getattr(value, name)) for key, name in pairs]
        return [
            key + _text(v)
            for key, name, default in optional
            if (v := getattr(value, name)) is not default and (default is _KEEP or v != default)
        ]

    def write(value: Any) -> str:
        known = _MEMO.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        unsure = _UNSURE[0]
        text = "{" + ",".join(items(value)) + "}"
        if frozen and _UNSURE[0] == unsure:
            _remember(value, text)
        return text

    return write


def _tuple(value: tuple[Any, ...]) -> str:
    if len(value) < MEMO_MIN_ITEMS:
        return _items(value)
    known = _MEMO.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    unsure = _UNSURE[0]
    text = _items(value)
    if _UNSURE[0] == unsure:
        _remember(value, text)
    return text


def _items(value: tuple[Any, ...]) -> str:
    """A tuple's array; one of strings (cards, names) is written by the C string writer alone."""
    if value and type(value[0]) is str:
        try:
            return "[" + ",".join(map(encode_basestring, value)) + "]"
        except TypeError:  # not only strings after all
            pass
    return "[" + ",".join([_text(item) for item in value]) + "]"


def _list(value: list[Any]) -> str:
    _UNSURE[0] += 1
    return "[" + ",".join([_text(item) for item in value]) + "]"


def _mapping(value: Mapping[Any, Any]) -> str:
    _UNSURE[0] += 1
    items = {str(key): item for key, item in value.items()}
    pairs = [encode_basestring(key) + ":" + _text(items[key]) for key in sorted(items)]
    return "{" + ",".join(pairs) + "}"


def _writer(kind: type) -> _Writer:
    """Returns the writer of one runtime type (as `engine.core.wire` encodes it)."""
    if kind is str:
        return encode_basestring
    if kind is int:
        return int.__repr__
    if kind is bool:
        return lambda value: "true" if value else "false"
    if kind is type(None):
        return lambda value: "null"
    if issubclass(kind, enum.Enum):
        texts = {member: _text(member.value) for member in kind}  # written once per member
        return texts.__getitem__
    if dataclasses.is_dataclass(kind):
        return _object_writer(kind)
    if issubclass(kind, tuple):
        return _tuple
    if kind is list:
        return _list
    if issubclass(kind, Mapping):
        return _mapping
    return _unsure
