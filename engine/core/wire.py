"""The stable wire form of moves and events: `{"type": "...", <fields>}` (architecture §3).

Moves and events are frozen dataclasses with a class attribute `TYPE` (their snake_case wire
name). `WireCodec` turns them into plain JSON/msgpack-safe dicts and back, checking every field
against its type annotation, so malformed input is reported with the path of the offending value.
The same annotations give the JSON Schema that the API publishes (`json_schema`).

Supported annotations: `bool`, `int` (optionally `Annotated[int, Bounds(lo, hi)]`), `str`,
`str`-valued `Enum`s, `Literal[...]`, `tuple[T, ...]` (optionally `Annotated[..., Bounds]` on
its length), `X | None`, and nested frozen dataclasses (encoded as objects without `type`).
`Any` (used inside states, e.g. secret choices) decodes any JSON value as given, with lists
frozen into tuples, so a state round-trips through `encode_value` / `decode_value`.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from boardstate.engine.core.echo import echo

ADDED_LATER: Mapping[str, bool] = types.MappingProxyType({"omit_default": True})
"""Field metadata (`dataclasses.field(default=..., metadata=ADDED_LATER)`) of a field added to a
state, move or event after logs were recorded with its type: while it holds its default it is
left out of the wire form and of the canonical text, so everything recorded before it existed
encodes (and hashes) exactly as before; a missing field decodes to its default."""


KEEP: Any = object()
"""Marks a field that is always written."""


def _kept(field: dataclasses.Field[Any]) -> tuple[str, Any]:
    """(name, default to leave out) of a field; `KEEP` when it is always written."""
    if field.metadata.get("omit_default"):
        return field.name, field.default
    return field.name, KEEP


def field_filter(kind: type) -> tuple[tuple[str, Any], ...]:
    """The (name, omitted default) of each field of a dataclass, in declaration order."""
    return tuple(_kept(f) for f in dataclasses.fields(kind))


class WireError(ValueError):
    """A value does not match its declared wire type; the message names its path."""


@dataclasses.dataclass(frozen=True, slots=True)
class Bounds:
    """Inclusive bounds for an `int` value, or for the length of a tuple."""

    lo: int
    hi: int


class Wired(Protocol):
    """A move or event class: a dataclass with a wire type name."""

    TYPE: ClassVar[str]
    __dataclass_fields__: ClassVar[dict[str, Any]]


W = TypeVar("W", bound=Wired)


@cache
def _hints(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, include_extras=True)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def _split_annotated(tp: Any) -> tuple[Any, Bounds | None]:
    if typing.get_origin(tp) is typing.Annotated:
        base, *extras = typing.get_args(tp)
        bounds = next((e for e in extras if isinstance(e, Bounds)), None)
        return base, bounds
    return tp, None


_PLAIN = frozenset({str, int, bool, type(None)})
_ENCODERS: dict[type, Callable[[Any], Any]] = {}


def _encoder(kind: type) -> Callable[[Any], Any]:
    """Returns (and caches) the encoder of one runtime type; states hash on every event, so
    the per-value dispatch is done once per type."""
    if dataclasses.is_dataclass(kind):
        fields = field_filter(kind)
        if all(default is KEEP for _, default in fields):
            names = tuple(name for name, _ in fields)
            return lambda value: {n: _encode(getattr(value, n)) for n in names}
        return lambda value: {
            n: _encode(v)
            for n, default in fields
            if (v := getattr(value, n)) is not default and (default is KEEP or v != default)
        }
    if issubclass(kind, enum.Enum):
        return lambda value: value.value
    if issubclass(kind, tuple | list):
        return lambda value: [_encode(v) for v in value]
    if issubclass(kind, frozenset | set):
        return lambda value: sorted(_encode(v) for v in value)
    if issubclass(kind, Mapping):
        return lambda value: {str(k): _encode(v) for k, v in value.items()}
    return lambda value: value


def _encode(value: Any) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder(kind)
    return encoder(value)


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _freeze(v) for k, v in value.items()}
    return value


def _fail(path: str, expected: str, value: Any) -> WireError:
    return WireError(f"{path}: expected {expected}, got {echo(value)}")


Decoder = Callable[[Any, str], Any]
"""Decodes one value of a given annotation: `(value, path) -> decoded`; raises `WireError`."""

_DECODERS: dict[Any, Decoder] = {}


def _decode(tp: Any, value: Any, path: str) -> Any:
    return _decoder(tp)(value, path)


def _decoder(tp: Any) -> Decoder:
    """Returns (and caches) the decoder of an annotation: the annotation is read once, not at
    every value (moves are parsed, and stored events decoded, on every request)."""
    try:
        found = _DECODERS.get(tp)
    except TypeError:  # an unhashable annotation (metadata of its own): not cached
        return _compile(tp)
    if found is None:
        found = _DECODERS[tp] = _compile(tp)
    return found


def _compile(annotation: Any) -> Decoder:
    tp, bounds = _split_annotated(annotation)
    if tp is Any:
        return lambda value, path: _freeze(value)
    origin = typing.get_origin(tp)
    if origin is types.UnionType or origin is typing.Union:
        options = typing.get_args(tp)
        nullable = type(None) in options
        inner = [o for o in options if o is not type(None)]
        if len(inner) != 1:

            def several(value: Any, path: str) -> Any:
                if value is None and nullable:
                    return None
                raise WireError(f"{path}: unions of several types are not supported")

            return several
        only = inner[0]

        def optional(value: Any, path: str) -> Any:
            if value is None and nullable:
                return None
            return _decoder(only)(value, path)

        return optional
    if origin is typing.Literal:
        allowed = typing.get_args(tp)

        def literal(value: Any, path: str) -> Any:
            if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
                raise _fail(path, f"one of {list(allowed)}", value)
            return value

        return literal
    if origin is tuple:
        return _tuple_decoder(typing.get_args(tp), bounds)
    if tp is bool:

        def boolean(value: Any, path: str) -> Any:
            if not isinstance(value, bool):
                raise _fail(path, "true or false", value)
            return value

        return boolean
    if tp is int:

        def integer(value: Any, path: str) -> Any:
            if isinstance(value, bool) or not isinstance(value, int):
                raise _fail(path, "an integer", value)
            if bounds and not bounds.lo <= value <= bounds.hi:
                raise _fail(path, f"an integer from {bounds.lo} to {bounds.hi}", value)
            return value

        return integer
    if tp is str:

        def string(value: Any, path: str) -> Any:
            if not isinstance(value, str):
                raise _fail(path, "a string", value)
            return value

        return string
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        kind: Any = tp

        def member(value: Any, path: str) -> Any:
            try:
                return kind(value)
            except ValueError:
                raise _fail(path, f"one of {[m.value for m in kind]}", value) from None

        return member
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        cls: type = tp

        def record(value: Any, path: str) -> Any:
            if not isinstance(value, Mapping):
                raise _fail(path, "an object", value)
            return _decode_fields(cls, value, path, ignore=())

        return record

    def unsupported(value: Any, path: str) -> Any:
        raise WireError(f"{path}: unsupported annotation {tp!r}")

    return unsupported


def _tuple_decoder(args: tuple[Any, ...], bounds: Bounds | None) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = args[0]

        def variadic(value: Any, path: str) -> Any:
            if not isinstance(value, list | tuple):
                raise _fail(path, "a list", value)
            if bounds and not bounds.lo <= len(value) <= bounds.hi:
                raise _fail(path, f"a list of {bounds.lo} to {bounds.hi} items", value)
            decode = _decoder(item)
            return tuple([decode(v, f"{path}[{i}]") for i, v in enumerate(value)])

        return variadic

    def fixed(value: Any, path: str) -> Any:
        if not isinstance(value, list | tuple):
            raise _fail(path, "a list", value)
        if len(value) != len(args):
            raise _fail(path, f"a list of exactly {len(args)} items", value)
        return tuple(
            _decoder(a)(v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True))
        )

    return fixed


@cache
def _field_plan(cls: type) -> tuple[frozenset[str], tuple[tuple[str, Any, bool], ...]]:
    """The field names of a record and, in order, each field's name, annotation and whether it
    is required (has no default)."""
    hints = _hints(cls)
    plan = tuple(
        (
            f.name,
            hints[f.name],
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
    )
    return frozenset(hints), plan


def _decode_fields(cls: type, data: Mapping[str, Any], path: str, ignore: Iterable[str]) -> Any:
    known, plan = _field_plan(cls)
    unknown = set(data) - known - set(ignore)
    if unknown:
        raise WireError(f"{path}: unknown field(s) {echo(sorted(map(str, unknown)))}")
    kwargs: dict[str, Any] = {}
    for name, annotation, required in plan:
        if name in data:
            kwargs[name] = _decoder(annotation)(data[name], f"{path}.{name}")
        elif required:
            raise WireError(f"{path}: missing field {name!r}")
    return cls(**kwargs)


def _schema(tp: Any) -> dict[str, Any]:
    tp, bounds = _split_annotated(tp)
    origin = typing.get_origin(tp)
    if origin is types.UnionType or origin is typing.Union:
        inner = [o for o in typing.get_args(tp) if o is not type(None)]
        return {"anyOf": [_schema(inner[0]), {"type": "null"}]}
    if origin is typing.Literal:
        return {"enum": list(typing.get_args(tp))}
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            out: dict[str, Any] = {"type": "array", "items": _schema(args[0])}
            if bounds:
                out |= {"minItems": bounds.lo, "maxItems": bounds.hi}
            return out
        return {"type": "array", "prefixItems": [_schema(a) for a in args], "items": False}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"} | (
            {"minimum": bounds.lo, "maximum": bounds.hi} if bounds else {}
        )
    if tp is str:
        return {"type": "string"}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return {"enum": [m.value for m in tp]}
    return _object_schema(tp, type_name=None)


def _object_schema(cls: type, type_name: str | None) -> dict[str, Any]:
    hints = _hints(cls)
    props: dict[str, Any] = {"type": {"const": type_name}} if type_name else {}
    required = ["type"] if type_name else []
    for field in dataclasses.fields(cls):
        props[field.name] = _schema(hints[field.name])
        if field.default is not dataclasses.MISSING:
            props[field.name] = props[field.name] | {"default": _encode(field.default)}
        if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            required.append(field.name)
    out: dict[str, Any] = {"type": "object", "properties": props, "required": required}
    out["additionalProperties"] = False
    if cls.__doc__:
        out["description"] = cls.__doc__.strip().splitlines()[0]
    return out


class WireCodec(Generic[W]):
    """Encodes and decodes one tagged union of move or event classes."""

    def __init__(self, classes: Iterable[type[W]]) -> None:
        self.by_type: dict[str, type[W]] = {}
        for cls in classes:
            if cls.TYPE in self.by_type:
                raise ValueError(f"duplicate wire type {cls.TYPE!r}")
            self.by_type[cls.TYPE] = cls

    def encode(self, item: W) -> dict[str, Any]:
        """Returns the wire dict of `item`."""
        body = _encode(item)
        assert isinstance(body, dict)
        return {"type": item.TYPE, **body}

    def decode(self, data: Any) -> W:
        """Returns the object for a wire dict; raises `WireError` naming what is wrong."""
        if not isinstance(data, Mapping):
            raise WireError(f"expected an object with a 'type', got {echo(data)}")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in self.by_type:
            raise WireError(f"unknown type {echo(kind)}; expected one of {sorted(self.by_type)}")
        cls = self.by_type[kind]
        result: W = _decode_fields(cls, data, kind, ignore=("type",))
        return result

    def json_schema(self, title: str) -> dict[str, Any]:
        """Returns a JSON Schema (2020-12) accepting exactly the wire forms of this union."""
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": title,
            "oneOf": [_object_schema(c, t) for t, c in sorted(self.by_type.items())],
        }


def value_schema(tp: Any) -> dict[str, Any]:
    """Returns the JSON Schema of one annotated value (used for option schemas)."""
    return _schema(tp)


def encode_value(value: Any) -> Any:
    """Returns the JSON-safe form of a value (enums, tuples and dataclasses converted, mapping
    keys made strings)."""
    return _encode(value)


def decode_value(tp: Any, value: Any, path: str) -> Any:
    """Decodes one value against an annotation; raises `WireError`."""
    return _decode(tp, value, path)
