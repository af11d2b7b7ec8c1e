"""Which rules replay a game: the rules version and data set recorded in its `GameCreated`.

A game is always replayed with the rules version and component data it was created with
(`data.rulesVersion`, `data.dataSet`, `data.dataHash`). The engine's registry holds the current
rules of each game type; `RETAINED` holds older rules objects kept so that games created with
them still replay (see docs/history.md, "Rules versions"). A game whose rules are neither current
nor retained is refused with `RulesUnavailable`, never replayed with other rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardstate.engine import registry
from boardstate.engine.core.errors import UnknownGameType
from boardstate.engine.core.rules import GameRules
from boardstate.service.failures import GameTypeNotInstalled, RulesUnavailable


def _pin(rules: GameRules[Any, Any, Any]) -> tuple[str, str, str]:
    return (rules.info.id, rules.info.rules_version, rules.data.content_hash)


RETAINED: dict[tuple[str, str, str], GameRules[Any, Any, Any]] = {
    _pin(rules): rules for rules in registry.RETAINED
}
"""Older rules objects by (game type, rules version, data hash): `engine.registry.RETAINED`
(Tinners' Trail 1.0.0, where an opener chose the area before the roll)."""


def rules_for(created: Mapping[str, Any]) -> GameRules[Any, Any, Any]:
    """Returns the rules that replay a game, given its `GameCreated` data.

    Raises `RulesUnavailable` naming what was recorded and what this engine has.
    """
    game_type = str(created.get("gameType"))
    wanted = (game_type, str(created.get("rulesVersion")), str(created.get("dataHash")))
    try:
        current = registry.get(game_type)
    except UnknownGameType:
        raise GameTypeNotInstalled(
            f"game type {game_type!r} is served by no installed package; install the package "
            "that registers it (entry-point group 'boardstate.games') to serve this game again"
        ) from None
    if _pin(current) == wanted and current.data.id == created.get("dataSet"):
        return current
    retained = RETAINED.get(wanted)
    if retained is not None and retained.data.id == created.get("dataSet"):
        return retained
    raise RulesUnavailable(
        f"{game_type} rules {wanted[1]} with data set {created.get('dataSet')!r} "
        f"(hash {wanted[2][:12]}…) are not available; this engine has rules "
        f"{current.info.rules_version} with data set {current.data.id!r} "
        f"(hash {current.data.content_hash[:12]}…)"
    )
