"""`Rematches`: the same players again after a finished game, seats rotated (architecture §5e).

A player of a finished (or abandoned) game asks with their player token or seat token; when
every human seat of the old game has asked (at once when it has one human), the match is made
in the same script that records the last request, and the new game is created as a seek's is
(`MatchMaker`): same game type, options, table options, rated flag and bots, and every seat
moved one place on (old seat s plays seat s+1, the last seat seat 0), so the first player
changes. Asking again answers the same rematch (the new game's id is made from the old one's).
A seat without a playerId gets its new seat token in the answer to its seat token (kept as long
as the match's record). Unfinished games are refused with `GAME_NOT_FINISHED`; an offer not
taken up expires after `BOARDSTATE_REMATCH_TTL`.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from boardstate.engine.table.options import TABLE_KEYS
from boardstate.service.contract.players.match_ports import RematchView
from boardstate.service.failures import GameNotFinished, GameNotFound, Unauthorized
from boardstate.service.features.matchmaking.match_spec import DEFAULT_BOT_POLICY, GameSpec
from boardstate.service.features.matchmaking.matchmaker import MatchMaker, now_ms
from boardstate.service.features.matchmaking.matchmaking_settings import MatchmakingSettings
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.moves.seat_access import player_of, seats_of
from boardstate.service.inputs import echo
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.player_tokens import is_player_token
from boardstate.service.runtime.seat_tokens import token_matches
from boardstate.service.runtime.store_failures import store_errors


def rematch_id(game_id: str) -> str:
    """The id of a game's rematch (and of its match): the same for every request."""
    digest = hashlib.sha256(f"rematch/{game_id}".encode()).digest()[:12]
    return "r_" + base64.urlsafe_b64encode(digest).decode()


def rotated(record: GameRecord) -> list[dict[str, Any]]:
    """The new game's seats: old seat s in seat s+1 (mod the player count)."""
    n = record.players
    seats = []
    for new in range(n):
        old = (new - 1) % n
        bot = record.setup.bot(old)
        ids = record.member_ids  # a name someone else wrote is nobody's seat in the rematch
        seats.append(
            {"playerId": ids[old], "name": record.seats[old] or f"seat {old}", "bot": bool(bot)}
            | ({"policy": bot.policy} if bot else {})
        )
    return seats


def spec_of(record: GameRecord) -> GameSpec:
    """The spec of a game as it was created (options with the table's, rated, bots)."""
    options = record.created.get("options")
    table = record.created.get("table") or {}
    extra = {k: v for k, v in table.items() if k in TABLE_KEYS}
    if extra:
        options = {**(options if isinstance(options, dict) else {}), **extra}
    bots = record.setup.bots
    policy = bots[0].policy if bots else DEFAULT_BOT_POLICY
    rated = bool(record.created.get("rated", False))
    return GameSpec(record.rules.info.id, record.players, options, rated, len(bots), policy)


class Rematches:
    """Rematch requests."""

    def __init__(
        self, maker: MatchMaker, loader: GameLoader, settings: MatchmakingSettings
    ) -> None:
        self.maker = maker
        self.store = maker.store
        self.loader = loader
        self.settings = settings

    async def _seats(self, record: GameRecord, token: str | None) -> list[int]:
        """The old game's seats the caller holds (`UNAUTHORIZED` for none)."""
        if token is not None and is_player_token(token):
            held = seats_of(record, await player_of(self.loader, token))
        else:
            held = [
                s
                for s in range(record.players)
                if token is not None
                and token_matches(token, await self.loader.seat_tokens.stored(record, s))
            ]
        if not held:
            raise Unauthorized(f"only a player of game {record.game_id} may ask for its rematch")
        return held

    async def ask(self, game_id: str, token: str | None) -> RematchView:
        """Asks for the rematch of `game_id` for the caller's seats (see the module)."""
        if token is None:
            raise Unauthorized("a rematch needs a player token or a seat token of the game")
        with store_errors():  # a game whose package is gone: GAME_TYPE_NOT_INSTALLED
            record = await self.loader.load(game_id)
        if record is None:
            raise GameNotFound(f"no game {echo(game_id)}")
        mine = await self._seats(record, token)
        if record.result is None:
            raise GameNotFinished(f"game {game_id} is not finished: no rematch yet")
        humans = [s for s in range(record.players) if record.setup.bot(s) is None]
        spec = {"gameId": game_id, "spec": spec_of(record).wire(), "seats": rotated(record)}
        now, match_id = now_ms(), rematch_id(game_id)
        expires = now + self.settings.rematch_ttl * 1000
        status, asked = await self.store.rematch(
            now, game_id, mine, len(humans), spec, match_id, expires
        )
        new_seat = (mine[0] + 1) % record.players
        if status != "matched":
            waiting = tuple(s for s in humans if s not in asked)
            await self._offer(record, mine, waiting)
            return RematchView(game_id, "open", tuple(asked), waiting)
        if await self.store.is_pending(match_id):
            await self.maker.finish(match_id)
        token_out = None
        if not is_player_token(token):
            token_out = (await self.store.tokens_of(match_id)).get(str(new_seat))
        return RematchView(game_id, "created", tuple(asked), (), match_id, new_seat, token_out)

    async def _offer(self, record: GameRecord, mine: list[int], waiting: tuple[int, ...]) -> None:
        """Tells the players still to ask that a rematch is offered."""
        for seat in waiting:
            player = record.member_ids[seat]
            if player is not None:
                data = {
                    "rematchOf": record.game_id,
                    "askedBy": mine,
                    "gameType": record.rules.info.id,
                }
                await self.maker.inbox.publish(player, "rematch.offered", data)
