"""The error codes of players (architecture §5e), beside `service.contract.codes` (codes are API):

* `PLAYER_TOKEN_INVALID` — HTTP 401: a player token (a JWT) was presented and refused:
  `details.reason` says why: `malformed`, `too_long`, `algorithm` (`alg: none`, or an algorithm
  other than its key's), `unknown_key` (no key has its `kid`), `signature`, `expired`,
  `not_yet_valid`, `audience`, `issuer`, `claims` (a required claim missing, or `sub` not 1–64
  printable characters), `not_refreshable` (only the service's own tokens are refreshed) or
  `revoked` (refreshed more than the overlap ago, or older than the player's last
  `revokePlayerTokens`).
* `SIGNUP_DISABLED` — HTTP 403: `createPlayer` when `BOARDSTATE_PLAYER_SIGNUP` is `off`, or
  `admin` and the caller has no admin token.
* `PLAYER_TOKEN_REQUIRED` — HTTP 401: a route of the player's own (`/v1/players/me...`) was
  called without a player token.
"""

from __future__ import annotations

PLAYER_TOKEN_INVALID = "PLAYER_TOKEN_INVALID"  # noqa: S105 (a code, not a secret)
SIGNUP_DISABLED = "SIGNUP_DISABLED"
PLAYER_TOKEN_REQUIRED = "PLAYER_TOKEN_REQUIRED"  # noqa: S105

PLAYER_CODES: tuple[str, ...] = (PLAYER_TOKEN_INVALID, SIGNUP_DISABLED, PLAYER_TOKEN_REQUIRED)
