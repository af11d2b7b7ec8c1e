"""The failures of player identity (`contract.player_codes`), as `service.failures`."""

from __future__ import annotations

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.players.player_codes import (
    PLAYER_TOKEN_INVALID,
    PLAYER_TOKEN_REQUIRED,
    SIGNUP_DISABLED,
)
from boardstate.service.failures import Unauthorized


class BadPlayerToken(Unauthorized):
    """A player token was refused; `details.reason` says why (`contract.player_codes`)."""

    code = PLAYER_TOKEN_INVALID


class PlayerTokenRequired(Unauthorized):
    """A route of the player's own was called without a player token."""

    code = PLAYER_TOKEN_REQUIRED


class SignupDisabled(MoveError):
    """The service issues no new players to this caller (`BOARDSTATE_PLAYER_SIGNUP`)."""

    code = SIGNUP_DISABLED
