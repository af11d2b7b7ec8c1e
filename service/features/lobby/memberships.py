"""Whose word makes a seat's playerId a membership (issue 37; `docs/players.md`, "Members").

A playerId on a seat is either a **membership** or only a **name**. A membership is what a
player token acts for (`moves.seat_access`) and what the player's own stream and game list hear
of (`features.players.inbox_events`). A name is kept in the log, in webhook bodies and in the
feed's `playerId` filter as its writer gave it (an integrator's label), and is nobody's
membership. A playerId is a membership when the word of whoever puts it there vouches for it:

* the caller's verified player token names that very playerId (a player seats itself);
* the caller holds the admin token (an integrator's backend seating its users);
* no request is behind it (the CLI, the service's own calls), or the service made the game
  (matchmaking: seeks, challenges and rematches, each player having asked with their own token).

Anyone else's playerIds (no token, a seat token, another player's token) are names: writing
someone's playerId into a game cannot fill their stream or their game list, nor give their
token a seat they never took. The `Word` of a request is taken once, from the token the
operation acts with (a websocket's is `connection_init`'s, not the handshake's).

A seat kept for a member at creation is taken only on that member's word: another playerId is
`BAD_NAME`, a caller who cannot vouch for the member `UNAUTHORIZED` (`check_kept`); a seat kept
under a name is open to anyone, as before. Rated games need every playerId vouched
(`features.lobby.rated`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from boardstate.service.failures import BadName, Unauthorized
from boardstate.service.runtime.callers import CALLER
from boardstate.service.runtime.player_tokens import PlayerTokens, is_player_token
from boardstate.service.runtime.seat_tokens import admin_token_matches


@dataclasses.dataclass(frozen=True, slots=True)
class Word:
    """Whose playerIds one caller vouches for."""

    anyone: bool = False
    """The admin token, or the service itself: every playerId."""
    own: str | None = None
    """The playerId the caller's verified player token names."""

    def vouches(self, player_id: str | None) -> bool:
        """Whether `player_id` becomes a membership on this caller's word."""
        return player_id is not None and (self.anyone or player_id == self.own)

    def members(self, ids: Sequence[str | None]) -> list[bool]:
        """One flag per seat: whether its playerId is a membership on this word."""
        return [self.vouches(p) for p in ids]


SERVICE = Word(anyone=True)
"""The service's own word (matchmaking, the CLI)."""
NOBODY = Word()
"""The word of a caller that vouches for no playerId."""


class Memberships:
    """Tells the word of the caller of one operation."""

    def __init__(self, admin_token: str | None, tokens: PlayerTokens | None) -> None:
        self.admin_token = admin_token
        self.tokens = tokens

    async def word(self, token: str | None) -> Word:
        """The word of a caller acting with `token` (see the module docstring); a player token
        that does not verify is refused (`PLAYER_TOKEN_INVALID`)."""
        if admin_token_matches(self.admin_token, token):
            return SERVICE
        if token is not None and is_player_token(token) and self.tokens is not None:
            return Word(own=await self.tokens.player_of(token))
        return SERVICE if CALLER.get() is None else NOBODY


def check_kept(seat: int, kept: str | None, given: str | None, word: Word) -> None:
    """A seat kept for the member `kept` at creation is taken for that member only (`BadName`
    for another `given` playerId) and only on its word (`Unauthorized`)."""
    if kept is None:
        return
    if given is not None and given != kept:
        raise BadName(f"seat {seat} is kept for player {kept!r}", {"seat": seat})
    if not word.vouches(kept):
        raise Unauthorized(
            f"seat {seat} is kept for player {kept!r}: only that player's own token (or the "
            "admin token) takes it",
            {"seat": seat},
        )
