"""Creating, joining and forking games behind the API, for both doors."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.ports import CreatedGame, JoinedSeat
from boardstate.service.failures import Unauthorized
from boardstate.service.features.lobby.forks import Archive
from boardstate.service.features.lobby.memberships import SERVICE, Memberships
from boardstate.service.features.lobby.rated import vouch, vouch_join
from boardstate.service.features.lobby.seating import Lobby
from boardstate.service.features.tables.steward import Steward
from boardstate.service.features.views.read_models import game_view
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.player_tokens import PlayerTokens
from boardstate.service.runtime.seat_tokens import admin_needed, admin_token_matches
from boardstate.service.runtime.store_failures import store_errors


class LobbyService:
    """Creates games, takes seats and forks finished games."""

    def __init__(
        self,
        lobby: Lobby,
        archive: Archive,
        steward: Steward,
        metrics: Metrics,
        admin_token: str | None,
        tokens: PlayerTokens | None = None,
    ) -> None:
        self.lobby = lobby
        self.archive = archive
        self.steward = steward
        self.metrics = metrics
        self.admin_token = admin_token
        self.memberships = Memberships(admin_token, tokens)
        """Whose word makes a seat's playerId a membership (`features.lobby.memberships`)."""

    async def create_game(
        self,
        game_type: str,
        players: int,
        options: Any,
        seed: str | None,
        seats: list[str] | None,
        bots: list[dict[str, Any]] | None = None,
        player_ids: list[str | None] | None = None,
        rated: bool = False,
        game_id: str | None = None,
        marks: dict[str, Any] | None = None,
        token: str | None = None,
    ) -> CreatedGame:
        """Creates a game; `bots` and `seats` fill seats (all filled: it starts); `player_ids`
        attaches a player id to seats, a membership where the word of the caller acting with
        `token` vouches for it, else a name (`features.lobby.memberships`); `rated` makes its
        result count for the players' ratings (`features.lobby.rated`: every id vouched).
        `marks` are matchmaking's (`features.matchmaking.match_spec`): a game the service
        makes of its own, whose every playerId is a membership."""
        word = SERVICE if marks is not None else await self.memberships.word(token)
        if rated:
            vouch(player_ids or [], word)
        members = None if player_ids is None else word.members(player_ids)
        with store_errors():
            record, tokens = await self.lobby.create(
                game_type,
                players,
                options,
                seed,
                seats,
                bots,
                player_ids,
                rated,
                game_id,
                marks,
                members,
            )
            await self.steward.schedule(record)  # a clock starts with the game
        self.metrics.games_created.labels(record.rules.info.id).inc()
        return CreatedGame(game_view(record), tuple(tokens))

    async def join_game(
        self,
        game_id: str,
        name: str,
        seat: int | None,
        player_id: str | None = None,
        token: str | None = None,
    ) -> JoinedSeat:
        """Takes a seat and returns its token; `player_id` is a membership on the word of the
        caller acting with `token`, else a name (`features.lobby.memberships`)."""
        word = await self.memberships.word(token)
        with store_errors():
            vouch_join(await self.lobby.loader.load(game_id), seat, player_id, word)
            record, taken, seat_token = await self.lobby.join(game_id, name, seat, player_id, word)
            await self.steward.schedule(record)
        return JoinedSeat(game_view(record), taken, seat_token)

    async def fork_game(
        self,
        game_id: str,
        version: int,
        seed: str | None,
        exact: bool = False,
        token: str | None = None,
    ) -> CreatedGame:
        """Forks a finished game at `version` (see `service.history.forking`); every seat gets a
        token. `exact` (a position with hidden information) needs the admin token."""
        if exact and not admin_token_matches(self.admin_token, token):
            raise Unauthorized(admin_needed("an exact fork needs", self.admin_token))
        with store_errors():
            record, tokens = await self.archive.fork(game_id, version, seed, exact)
        self.metrics.games_created.labels(record.rules.info.id).inc()
        return CreatedGame(game_view(record), tuple(tokens))
