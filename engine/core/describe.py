"""Moves and events in words for people (issue 29): the generic part every game shares.

A game declares its `Words`: how to name the values of its fields (an area number as the map's
name, a card code as the card, `None` as "a new line" or "a hidden card") and one phrase per
move or event type, a template over the field names (`"build a station with {card} on
{line}"`) or a function of the item and a `Namer`. `Words.describe(item)` fills the template;
a type without a phrase falls back to its type name in words with its fields, so a move or
event added later is still readable. Descriptions never show developer fields: no ids, no
JSON, no `None`; a value the viewer may not see (redacted to `None`) is called hidden, so a
redacted event's description reveals nothing its wire form hides.

A game's words come in languages (issue 39, item 6): English first, and German, the games' own
language, as `Words.translations` (`WORDS.describe(item, "de")`); a `Tongue` holds the few words
the generic part says itself (a seat, "and", "hidden"). A language a game does not have is
described in English.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Phrase = str | Callable[[Any, "Namer"], str]
"""A template over an item's fields, or a function of the item and the namer."""
Name = Callable[[Any], str]
"""Names one (non-`None`) value of a field."""


LANGUAGES = ("en", "de")
"""The languages of the games' words, the default first."""


@dataclasses.dataclass(frozen=True, slots=True)
class Tongue:
    """The words the generic part says itself, in one language."""

    code: str = "en"
    seat: str = "seat {}"
    conjunction: str = "and"
    nothing: str = "nothing"
    hidden: str = "hidden"

    def seat_of(self, value: int) -> str:
        return self.seat.format(value)


ENGLISH = Tongue()
GERMAN = Tongue("de", "Platz {}", "und", "nichts", "verdeckt")


def words(name: str) -> str:
    """`build_station` / `DisplayRefreshed` in words: `build station` / `display refreshed`."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ").replace("-", " ")
    return spaced.lower()


def listing(items: Sequence[str], conjunction: str = "and", nothing: str = "nothing") -> str:
    """`a`, `a and b`, `a, b and c`; `nothing` for no items."""
    if not items:
        return nothing
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """`1 card`, `2 cards` (`many` for an irregular plural)."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def seat(value: int) -> str:
    """A seat in words (seats are 0-based on the wire, and named so everywhere)."""
    return f"seat {value}"


def seats(values: Sequence[int]) -> str:
    return listing([seat(v) for v in values])


def scores(values: Sequence[int], noun: str = "point") -> str:
    """Points by seat: "2 points for seat 0 and 18 points for seat 1"."""
    return listing([f"{plural(v, noun)} for {seat(s)}" for s, v in enumerate(values)])


def plain(value: Any) -> str:
    """Any wire value in words, for the fields no game names: enums by their value, sequences
    as a list (hidden items counted), records as their fields; never braces or `None`."""
    if value is None:
        return "hidden"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, str):
        return words(value) if "_" in value else value
    if isinstance(value, tuple | list):
        shown = [plain(v) for v in value if v is not None]
        hidden = sum(1 for v in value if v is None)
        return listing(shown + ([plural(hidden, "hidden item")] if hidden else []))
    if dataclasses.is_dataclass(value):
        return listing(fields_in_words(value, {}))
    if isinstance(value, Mapping):
        return listing([f"{words(str(k))} {plain(v)}" for k, v in value.items() if v is not None])
    return str(value)


def fields_in_words(item: Any, names: Mapping[str, Name]) -> list[str]:
    """`field value` for each field of a record that has a value (`seat` left to the caller)."""
    out: list[str] = []
    for field in dataclasses.fields(item):
        value = getattr(item, field.name)
        if field.name == "seat" or value is None or value == () or value is False:
            continue
        if value is True:
            out.append(words(field.name))
        elif field.name in names:
            out.append(names[field.name](value))
        else:
            out.append(f"{words(field.name)} {plain(value)}")
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class Namer:
    """Names the fields of one item: `namer.name(field)`, or `namer[field]` in templates."""

    item: Any
    names: Mapping[str, Name]
    missing: Mapping[str, str]
    tongue: Tongue = ENGLISH

    def name(self, field: str) -> str:
        value = getattr(self.item, field)
        if value is None:
            return self.missing.get(field, self.tongue.hidden)
        if field in self.names:
            return self.names[field](value)
        if field == "seat" and isinstance(value, int):
            return self.tongue.seat_of(value)
        return plain(value)

    def __getitem__(self, field: str) -> str:
        return self.name(field)


_FORMATTER = string.Formatter()


@dataclasses.dataclass(frozen=True, slots=True)
class Words:
    """A game's vocabulary: `names` of field values, `missing` (the words for a field's `None`),
    and `phrases` by wire type. A phrase without `{seat}` on an item with a seat is said by
    that seat ("seat 1: …") when `by_seat`; moves have no seat (the mover is the caller).
    `tongue`: the language of these words; `translations`: the same game's words in others;
    `options`: each `createGame` option's title and description for people (the lobby's
    labels and help: `GameRules.options_schema`)."""

    names: Mapping[str, Name] = dataclasses.field(default_factory=dict)
    missing: Mapping[str, str] = dataclasses.field(default_factory=dict)
    phrases: Mapping[str, Phrase] = dataclasses.field(default_factory=dict)
    tongue: Tongue = ENGLISH
    translations: Mapping[str, Words] = dataclasses.field(default_factory=dict)
    options: Mapping[str, tuple[str, str]] = dataclasses.field(default_factory=dict)

    def titled(self, schema: dict[str, Any]) -> dict[str, Any]:
        """An options schema with each option's `title` and `description` in these words and
        `x-translations` (`{language: {title, description}}`) in the other languages."""
        properties = dict(schema.get("properties", {}))
        for name, prop in properties.items():
            prop = dict(prop)
            if name in self.options:
                prop["title"], prop["description"] = self.options[name]
            others = {
                code: {"title": words.options[name][0], "description": words.options[name][1]}
                for code, words in self.translations.items()
                if name in words.options
            }
            properties[name] = prop | ({"x-translations": others} if others else {})
        return schema | {"properties": properties}

    def in_language(self, language: str) -> Words:
        """These words in `language` (one of `LANGUAGES`); themselves when it has none."""
        return self if language == self.tongue.code else self.translations.get(language, self)

    def describe(self, item: Any, language: str = "en") -> str:
        """The item (a move or an event) in words in `language`, starting with a capital."""
        chosen = self.in_language(language)
        if chosen is not self:
            return chosen.describe(item, language)
        type_name = str(getattr(type(item), "TYPE", type(item).__name__))
        namer = Namer(item, self.names, self.missing, self.tongue)
        phrase = self.phrases.get(type_name)
        if phrase is None:
            text = fallback(item, type_name, self.names, self.tongue)
        elif callable(phrase):
            text = phrase(item, namer)
        else:
            fields = {f for _, f, _, _ in _FORMATTER.parse(phrase) if f}
            text = phrase.format_map({f: namer.name(f) for f in fields})
        return text[:1].upper() + text[1:]


def fallback(
    item: Any, type_name: str, names: Mapping[str, Name] = {}, tongue: Tongue = ENGLISH
) -> str:
    """The generic description: the type in words, then its fields in words."""
    text = words(type_name)
    if dataclasses.is_dataclass(item):
        parts = fields_in_words(item, names)
        text += f": {'; '.join(parts)}" if parts else ""
        who = getattr(item, "seat", None)
        if isinstance(who, int):
            text = f"{tongue.seat_of(who)}: {text}"
    return text


GENERIC = Words()
"""The words of a game that declares none: every item by the fallback."""
