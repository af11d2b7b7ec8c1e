"""The game types this process serves: every installed `boardstate.games` entry point
(`engine.registration`), found once when this module is first imported.

`GAMES` maps each game type id to its current rules, `SOURCES` to the package and version that
registered it; `RETAINED` holds older rules versions kept only to replay the games created with
them (docs/history.md, "Rules versions"); new games always get the rules in `GAMES`. A package
that cannot be served raises `GameRegistrationError` here, naming it, so nothing starts.
"""

from __future__ import annotations

from importlib import metadata
from typing import Any

from boardstate.engine.core.echo import echo
from boardstate.engine.core.errors import UnknownGameType
from boardstate.engine.core.rules import GameRules
from boardstate.engine.registration import (
    GROUP,
    GameRegistrationError,
    Installed,
    Source,
    discover,
)

BUILT_IN = {
    "trambahn": "trambahn:RULES",
    "tinners-trail": "tinners_trail:RULES",
    "tinners-trail@1.0.0": "tinners_trail:RULES_1_0_0",
    "trekking": "trekking:RULES",
    "tf22-mine": "mine:RULES",
}
"""The games this package declares in its `boardstate.games` entry points (pyproject.toml).
A copy of the engine under another name (the Python SDK's `boardstate_client._engine`, which
folds logs offline) has no entry points of its own: it serves the games it was copied with."""


def _copied() -> list[metadata.EntryPoint] | None:
    """The built-in games as entry points of a renamed copy of the engine (None: the engine
    itself, which reads the installed entry points)."""
    package = __name__.rsplit(".", 1)[0]
    if package == "boardstate" + ".engine":  # spelled apart: a copy's rewrite must miss it
        return None
    return [metadata.EntryPoint(k, f"{package}.{v}", GROUP) for k, v in BUILT_IN.items()]


INSTALLED: Installed = discover(_copied())
GAMES: dict[str, GameRules[Any, Any, Any]] = INSTALLED.games
SOURCES: dict[str, Source] = INSTALLED.sources
RETAINED: tuple[GameRules[Any, Any, Any], ...] = INSTALLED.retained

__all__ = ["GAMES", "GROUP", "RETAINED", "SOURCES", "GameRegistrationError", "Source", "get"]


def get(game_type: str) -> GameRules[Any, Any, Any]:
    """Returns the rules of `game_type`; raises `UnknownGameType`."""
    try:
        return GAMES[game_type]
    except KeyError:
        raise UnknownGameType(
            f"unknown game type {echo(game_type)}; known: {sorted(GAMES)}", {"known": sorted(GAMES)}
        ) from None
