"""The failures of matchmaking (`contract.match_codes`), typed as `service.failures` are."""

from __future__ import annotations

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.players import match_codes as c


class BadMatchRequest(MoveError):
    """A seek or challenge of the wrong shape."""

    code = c.BAD_MATCH_REQUEST


class TooManySeeks(MoveError):
    """The player holds the most open seeks allowed."""

    code = c.TOO_MANY_SEEKS


class SeekNotFound(MoveError):
    """No such seek of this player."""

    code = c.SEEK_NOT_FOUND


class ChallengeNotFound(MoveError):
    """No such challenge."""

    code = c.CHALLENGE_NOT_FOUND


class NotChallenged(MoveError):
    """The caller may not answer (or cancel) this challenge."""

    code = c.NOT_CHALLENGED


class ChallengeClosed(MoveError):
    """The challenge is no longer open (`details.status`)."""

    code = c.CHALLENGE_CLOSED


class TooManyChallenges(MoveError):
    """The challenger, an invited player or the address holds the most open challenges."""

    code = c.TOO_MANY_CHALLENGES


class PlayerNotFound(MoveError):
    """A challenge invites a playerId the service does not know."""

    code = c.PLAYER_NOT_FOUND
