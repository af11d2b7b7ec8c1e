"""Variants: where a game may depart from its printed rules (issue 20, item 2).

A game type declares which player counts are printed and which are variants, and which option
values keep the printed rules (as the project reads them: the game's rules contract, Part A)
and which depart from them, each with the rule text that defines the departure and its source.
The same declaration feeds the game type's metadata (`gameTypes`: per player count printed or
variant; every variant with its rule), its options schema (`x-variant` on each such option),
a game's result details (`variants`: the departures that game was played with) and whether a
game can be unbounded (an option value with which a game may never end).

Kinds of departure:

* `player count`: a player count the printed rules do not give;
* `alternative reading`: another reading of a printed rule the sources leave unclear (Part A
  chose the default);
* `house rule`: a rule the printed game does not have;
* `module`: an optional module printed for another edition.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from boardstate.engine.core.wire import encode_value

KINDS = ("player count", "alternative reading", "house rule", "module")


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerCountVariant:
    """Player counts outside the printed ones."""

    players: tuple[int, ...]
    rule: str
    """What changes at these counts (the rule text that defines the variant)."""
    source: str


@dataclasses.dataclass(frozen=True, slots=True)
class OptionVariant:
    """An option whose values other than `printed` depart from the printed rules."""

    option: str
    """The options field."""
    printed: tuple[Any, ...]
    """Wire values that keep the printed rules (as Part A reads them)."""
    kind: str
    rule: str
    """What the other values do (the rule text that defines the variant)."""
    source: str
    unbounded: tuple[Any, ...] = ()
    """Wire values with which a game may never end (no bound on its length exists)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Variants:
    """A game type's printed player counts and its variants."""

    printed: str = "the printed rules"
    """Where the printed player counts come from."""
    players: tuple[PlayerCountVariant, ...] = ()
    options: tuple[OptionVariant, ...] = ()

    def player_counts(self, low: int, high: int) -> list[dict[str, Any]]:
        """Per player count: printed or variant, with the rule text and its source."""
        out = []
        for count in range(low, high + 1):
            variant = next((v for v in self.players if count in v.players), None)
            out.append(
                {"players": count, "printed": variant is None}
                | (
                    {"rule": "printed", "source": self.printed}
                    if variant is None
                    else {"rule": variant.rule, "source": variant.source}
                )
            )
        return out

    def metadata(self) -> list[dict[str, Any]]:
        """Every variant: player counts first, then options."""
        counts = [
            {
                "id": "players-" + "-".join(map(str, v.players)),
                "kind": "player count",
                "players": list(v.players),
                "rule": v.rule,
                "source": v.source,
            }
            for v in self.players
        ]
        return counts + [_option(v) for v in self.options]

    def applied(self, players: int, options: Any) -> list[dict[str, Any]]:
        """The departures a game with `players` and `options` is played with."""
        out = [
            {"id": "players-" + "-".join(map(str, v.players)), "players": players, "rule": v.rule}
            for v in self.players
            if players in v.players
        ]
        wire = _wire(options)
        for v in self.options:
            value = wire.get(v.option)
            if value not in v.printed:
                out.append({"id": f"option-{v.option}", "value": value, "rule": v.rule})
        return out

    def unbounded(self, options: Any) -> bool:
        """Whether a game with `options` may never end."""
        wire = _wire(options)
        return any(wire.get(v.option) in v.unbounded for v in self.options)

    @property
    def always_bounded(self) -> bool:
        """No option set lets a game go on for ever."""
        return not any(v.unbounded for v in self.options)

    def annotate(self, schema: dict[str, Any]) -> dict[str, Any]:
        """The options schema with `x-variant` on every option that has variants."""
        properties = dict(schema.get("properties", {}))
        for v in self.options:
            if v.option in properties:
                properties[v.option] = properties[v.option] | {"x-variant": _option(v)}
        return schema | {"properties": properties}


def _option(v: OptionVariant) -> dict[str, Any]:
    out = {
        "id": f"option-{v.option}",
        "kind": v.kind,
        "option": v.option,
        "printed": list(v.printed),
        "rule": v.rule,
        "source": v.source,
    }
    return out | ({"unbounded": list(v.unbounded)} if v.unbounded else {})


def _wire(options: Any) -> Mapping[str, Any]:
    wire = encode_value(options)
    return wire if isinstance(wire, Mapping) else {}
