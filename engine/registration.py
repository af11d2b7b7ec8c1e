"""Finding the installed games (issue 40): every game type is a distribution's entry point.

A package registers a game in the entry-point group `boardstate.games` (`GROUP`), the way a
pytest plugin registers in `pytest11`; the four games of this repository register the same way
in its own `pyproject.toml`:

    [project.entry-points."boardstate.games"]
    connect-four = "connect_four:RULES"
    "tinners-trail@1.0.0" = "boardstate.engine.tinners_trail:RULES_1_0_0"

The entry point's name is the game type id; `<id>@<rules version>` registers an older rules
version kept only to replay the games created with it (docs/history.md, "Rules versions"). The
object it names is a `GameRules` declaration, checked when it is loaded (`check_declaration`).

`discover` refuses, with a `GameRegistrationError` naming the package at fault, an entry point
that fails to import, a declaration that fails its own checks, and two claims of one game id
(or of one older rules version): the service does not start rather than serve either.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from importlib import metadata
from typing import Any, TypeVar

from boardstate.engine.core.registration_checks import check_declaration
from boardstate.engine.core.rules import GameRules

GROUP = "boardstate.games"
K = TypeVar("K")


class GameRegistrationError(Exception):
    """An installed game package cannot be served (its message names the package)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Source:
    """Where a registered game comes from: its distribution and the entry point's object."""

    package: str
    version: str
    entry_point: str
    """`module:attribute`, as written in the package's metadata."""

    def __str__(self) -> str:
        return f"{self.package} {self.version} ({self.entry_point})"


@dataclasses.dataclass(frozen=True, slots=True)
class Installed:
    """The games of this environment: current rules by id, and the older versions kept."""

    games: dict[str, GameRules[Any, Any, Any]]
    sources: dict[str, Source]
    retained: tuple[GameRules[Any, Any, Any], ...]
    retained_sources: dict[tuple[str, str], Source]


def _source(entry: metadata.EntryPoint) -> Source:
    dist = entry.dist
    package = dist.name if dist is not None else "(unknown package)"
    version = dist.version if dist is not None else "?"
    return Source(package, version, entry.value)


def _load(entry: metadata.EntryPoint, source: Source) -> GameRules[Any, Any, Any]:
    try:
        loaded = entry.load()
    except Exception as exc:
        raise GameRegistrationError(
            f"game package {source}: entry point {entry.name!r} in group {GROUP!r} failed to "
            f"load: {type(exc).__name__}: {exc}"
        ) from exc
    problems = check_declaration(loaded, entry.name)
    if problems:
        raise GameRegistrationError(
            f"game package {source}: the declaration of {entry.name!r} fails its checks: "
            + "; ".join(problems)
        )
    assert isinstance(loaded, GameRules)
    return loaded


def _claim(claims: dict[K, Source], key: K, name: str, source: Source) -> None:
    earlier = claims.get(key)
    if earlier is not None:
        raise GameRegistrationError(
            f"game type {name!r} is claimed twice: by {earlier} and by {source}; "
            "uninstall one of the packages"
        )
    claims[key] = source


def discover(entries: Iterable[metadata.EntryPoint] | None = None) -> Installed:
    """Loads and checks every entry point of `GROUP` (by default, those installed); raises
    `GameRegistrationError` on the first that cannot be served."""
    found = metadata.entry_points(group=GROUP) if entries is None else entries
    games: dict[str, GameRules[Any, Any, Any]] = {}
    sources: dict[str, Source] = {}
    retained: dict[tuple[str, str], GameRules[Any, Any, Any]] = {}
    retained_sources: dict[tuple[str, str], Source] = {}
    for entry in sorted(found, key=lambda e: (e.name, e.value)):
        source = _source(entry)
        rules = _load(entry, source)
        if "@" in entry.name:
            key = (rules.info.id, rules.info.rules_version)
            _claim(retained_sources, key, entry.name, source)
            retained[key] = rules
        else:
            _claim(sources, entry.name, entry.name, source)
            games[entry.name] = rules
    for (game_id, version), source in retained_sources.items():
        current = games.get(game_id)
        if current is None:
            raise GameRegistrationError(
                f"game package {source}: keeps rules {version} of {game_id!r}, "
                "but no installed package serves that game type"
            )
        if current.info.rules_version == version:
            raise GameRegistrationError(
                f"game package {source}: keeps rules {version} of {game_id!r}, which is the "
                f"current version ({sources[game_id]})"
            )
    return Installed(games, sources, tuple(retained.values()), retained_sources)
