"""REST bodies of a game's history routes (issue 29, item 5;
`service.http.rest.history.handlers`)."""

from __future__ import annotations

from boardstate.service.http.rest import values as v
from boardstate.service.http.rest.base import Body, Out
from boardstate.service.http.rest.games.models import Status


class ForkIn(Body):
    """`POST /v1/games/{id}/fork`: `forkGame`'s arguments. `version` is a move boundary of a
    finished game; `seed` as in `POST /v1/games`; `exact` (a position with hidden
    information) needs the admin token."""

    version: v.Version
    seed: str | None = None
    exact: bool = False


class ImportedOut(Out):
    """The game an imported log became (the same body as `POST /games/import`)."""

    game_id: str
    game_type: str
    version: int
    status: Status
    imported: bool
    seeded_by_client: bool


class VerifyFailureOut(Out):
    """The first event that does not hold."""

    version: int
    message: str


class VerificationOut(Out):
    """What `boardstate verify FILE --json` prints for the same log: `ok` (everything that
    could be checked holds), `complete` (and the seed was revealed, so everything was)."""

    ok: bool
    complete: bool
    game_type: str
    rules_version: str
    data_set: str
    players: int
    events: int
    seed_revealed: bool
    finished: bool
    moves: int
    inferred_moves: int
    checked: list[str]
    unchecked: list[str]
    failure: VerifyFailureOut | None
