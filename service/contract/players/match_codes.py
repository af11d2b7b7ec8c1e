"""The error codes of matchmaking (architecture §5e), beside `service.contract.codes` (codes are
API):

* `BAD_MATCH_REQUEST` — HTTP 422: a seek or challenge of the wrong shape (a rating range
  upside down, more bots than seats, no human seat, a challenge to nobody, to oneself or to more
  players than the game seats, `ttlSeconds` out of range). Unknown game types and bad options
  keep their own codes (`UNKNOWN_GAME_TYPE`, `BAD_OPTIONS`, `BAD_PLAYER_COUNT`).
* `TOO_MANY_SEEKS` — HTTP 409: the player holds `BOARDSTATE_MAX_OPEN_SEEKS` open seeks already
  (`details.scope: "player"`), or its client address `BOARDSTATE_MAX_OPEN_SEEKS_PER_ADDRESS`
  (`"address"`); `details.limit`.
* `TOO_MANY_CHALLENGES` — HTTP 409: the challenger has made `BOARDSTATE_MAX_OPEN_CHALLENGES`
  open challenges (`details.scope: "made"`), an invited player has
  `BOARDSTATE_MAX_CHALLENGES_RECEIVED` open ones (`"invited"`, with `details.playerId`), or the
  client address has made `BOARDSTATE_MAX_OPEN_CHALLENGES_PER_ADDRESS` (`"address"`);
  `details.limit`. Nothing is stored.
* `PLAYER_NOT_FOUND` — HTTP 404: a challenge invites a playerId this service does not know
  (`details.playerId`): a player is known once the service has issued it a token or verified
  one of its tokens, for 30 days after the last time (`docs/players.md`).
* `SEEK_NOT_FOUND` — HTTP 404: no seek with that id of this player (or it was forgotten).
* `CHALLENGE_NOT_FOUND` — HTTP 404: no challenge with that id (or it was forgotten), or one the
  caller neither made nor was invited to: the two are answered alike, on every operation.
* `NOT_CHALLENGED` — HTTP 403: a player of the challenge may not give this answer: the
  challenger accepting or declining, an invited player cancelling.
* `CHALLENGE_CLOSED` — HTTP 409: the challenge was declined, cancelled, has expired or has
  made its game already; `details.status` says which.
"""

from __future__ import annotations

BAD_MATCH_REQUEST = "BAD_MATCH_REQUEST"
TOO_MANY_SEEKS = "TOO_MANY_SEEKS"
SEEK_NOT_FOUND = "SEEK_NOT_FOUND"
CHALLENGE_NOT_FOUND = "CHALLENGE_NOT_FOUND"
NOT_CHALLENGED = "NOT_CHALLENGED"
CHALLENGE_CLOSED = "CHALLENGE_CLOSED"
TOO_MANY_CHALLENGES = "TOO_MANY_CHALLENGES"
PLAYER_NOT_FOUND = "PLAYER_NOT_FOUND"

MATCH_CODES: tuple[str, ...] = (
    BAD_MATCH_REQUEST,
    TOO_MANY_SEEKS,
    SEEK_NOT_FOUND,
    CHALLENGE_NOT_FOUND,
    NOT_CHALLENGED,
    CHALLENGE_CLOSED,
    TOO_MANY_CHALLENGES,
    PLAYER_NOT_FOUND,
)
