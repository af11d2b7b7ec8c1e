"""Bots behind the API: hints (`suggestMove`), the policies an admin may seat (issue 17) and
finished games' analyses (issue 42)."""

from __future__ import annotations

from typing import Any

from boardstate.engine.bots.policies import POLICIES
from boardstate.service.contract.ports import GameView
from boardstate.service.failures import HintsOff
from boardstate.service.features.bots.analysis import Analyses
from boardstate.service.features.bots.hints import Hints
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.moves.seat_access import authorize_reading
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.store_failures import store_errors

HINT_PREFERENCE = ("search", "heuristic", "random")
"""The policy a hint comes from: the strongest one this server has."""


def hint_policy() -> str:
    return next(p for p in HINT_PREFERENCE if p in POLICIES)


class BotService:
    """Hints and analyses for both doors."""

    def __init__(self, loader: GameLoader, hints: Hints, analyses: Analyses) -> None:
        self.loader = loader
        self.hints = hints
        self.analyses = analyses

    async def analysis(self, game: GameView) -> dict[str, Any]:
        """The search bot's verdict on every move of a finished game (`features.bots.analysis`):
        `GAME_NOT_FINISHED` before its end; `status: PENDING` while it is computed."""
        record: GameRecord = game.handle
        with store_errors():
            return await self.analyses.analysis(record)

    async def suggest_move(self, game: GameView, seat: int, token: str | None) -> dict[str, Any]:
        """A move the strongest policy suggests for the seat, from the seat's knowledge only;
        recorded nowhere. Needs the seat's token and a game created with `hints: true`; at most
        `BOARDSTATE_HINT_CONCURRENCY` think at once (`service.features.bots.hints`:
        `HINTS_BUSY`)."""
        record: GameRecord = game.handle
        with store_errors():
            await authorize_reading(self.loader, record, seat, token)
            if not record.setup.hints:
                raise HintsOff("this game was created without hints (options.hints: true)")
            if record.status != "ACTIVE" or seat not in record.to_act:
                return {}
            return await self.hints.suggest(record, seat, hint_policy())
