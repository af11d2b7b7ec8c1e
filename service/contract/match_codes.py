"""The error codes of matchmaking (DESIGN §5e), beside `service.contract.codes` (codes are API):

* `BAD_MATCH_REQUEST` — HTTP 422: a seek or challenge of the wrong shape (a rating range
  upside down, more bots than seats, no human seat, a challenge to nobody, to oneself or to more
  players than the game seats, `ttlSeconds` out of range). Unknown game types and bad options
  keep their own codes (`UNKNOWN_GAME_TYPE`, `BAD_OPTIONS`, `BAD_PLAYER_COUNT`).
* `TOO_MANY_SEEKS` — HTTP 409: the player holds `BOARDSTATE_MAX_OPEN_SEEKS` open seeks already.
* `SEEK_NOT_FOUND` — HTTP 404: no seek with that id of this player (or it was forgotten).
* `CHALLENGE_NOT_FOUND` — HTTP 404: no challenge with that id (or it was forgotten).
* `NOT_CHALLENGED` — HTTP 403: the caller may not answer this challenge (not invited) or cancel
  it (not its challenger).
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

MATCH_CODES: tuple[str, ...] = (
    BAD_MATCH_REQUEST,
    TOO_MANY_SEEKS,
    SEEK_NOT_FOUND,
    CHALLENGE_NOT_FOUND,
    NOT_CHALLENGED,
    CHALLENGE_CLOSED,
)
