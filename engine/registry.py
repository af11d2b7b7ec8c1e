"""The explicit list of game types (style rule 2): registration is this dict, not an import."""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.echo import echo
from boardstate.engine.core.errors import UnknownGameType
from boardstate.engine.core.rules import GameRules
from boardstate.engine.mine import RULES as TF22_MINE
from boardstate.engine.tinners_trail import RULES as TINNERS_TRAIL
from boardstate.engine.tinners_trail import RULES_1_0_0 as TINNERS_TRAIL_1_0_0
from boardstate.engine.trambahn import RULES as TRAMBAHN
from boardstate.engine.trekking import RULES as TREKKING

GAMES: dict[str, GameRules[Any, Any, Any]] = {
    TRAMBAHN.info.id: TRAMBAHN,
    TINNERS_TRAIL.info.id: TINNERS_TRAIL,
    TREKKING.info.id: TREKKING,
    TF22_MINE.info.id: TF22_MINE,
}

RETAINED: tuple[GameRules[Any, Any, Any], ...] = (TINNERS_TRAIL_1_0_0,)
"""Older rules versions, kept only to replay the games created with them (docs/history.md,
"Rules versions"); new games always get the rules in `GAMES`."""


def get(game_type: str) -> GameRules[Any, Any, Any]:
    """Returns the rules of `game_type`; raises `UnknownGameType`."""
    try:
        return GAMES[game_type]
    except KeyError:
        raise UnknownGameType(
            f"unknown game type {echo(game_type)}; known: {sorted(GAMES)}", {"known": sorted(GAMES)}
        ) from None
